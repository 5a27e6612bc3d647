// /help/app-admin-panel-training: the app admins' guide, with a short training video (a static
// file under public/help/).
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import { PageHeader } from '../../../components/layout/page-header';
import { HelpGuide, type GuideSection } from '../components/help-guide';

export const TRAINING_VIDEO = '/help/app-admin-training.webm';

const APP_ADMIN_GUIDE: readonly GuideSection[] = [
  { key: 'myApps', points: 4 },
  { key: 'settings', points: 4 },
  { key: 'ads', points: 4 },
  { key: 'versions', points: 3 },
  { key: 'servers', points: 4 },
  { key: 'devices', points: 3 },
];

export default function AppAdminTrainingPage() {
  return (
    <>
      <PageHeader titleId="help.appAdmin.title" />
      <Typography variant="body1" color="text.secondary" sx={{ mb: 3, maxWidth: 860 }}>
        <FormattedMessage id="help.appAdmin.intro" />
      </Typography>
      <Paper variant="outlined" component="section" aria-labelledby="help-video-title" sx={{ p: { xs: 2, md: 3 }, mb: 2 }}>
        <Typography variant="h6" component="h2" id="help-video-title" sx={{ mb: 1.5 }}>
          <FormattedMessage id="help.appAdmin.video.title" />
        </Typography>
        <video
          controls
          preload="metadata"
          src={TRAINING_VIDEO}
          style={{ display: 'block', width: '100%', maxWidth: 640, aspectRatio: '16 / 9', background: '#000', borderRadius: 8 }}
        >
          <FormattedMessage id="help.appAdmin.video.unsupported" />
        </video>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          <FormattedMessage id="help.appAdmin.video.caption" />
        </Typography>
      </Paper>
      <HelpGuide prefix="help.appAdmin" sections={APP_ADMIN_GUIDE} />
    </>
  );
}
