// A training page as data: its title and intro (`<prefix>.title`, `<prefix>.intro`), an optional
// training video (a static file under public/help/, with `<prefix>.video.*` around it) and the
// written guide (HelpGuide).
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import { PageHeader } from '@/components/layout/page-header';
import { HelpGuide, type GuideSections } from './help-guide';

export interface TrainingPageProps {
  prefix: string;
  sections: GuideSections;
  /** The video's address, e.g. `/help/app-admin-training.webm`. */
  video?: string;
}

function TrainingVideo({ prefix, src }: { prefix: string; src: string }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="help-video-title" sx={{ p: { xs: 2, md: 3 }, mb: 2 }}>
      <Typography variant="h6" component="h2" id="help-video-title" sx={{ mb: 1.5 }}>
        <FormattedMessage id={`${prefix}.video.title`} />
      </Typography>
      <video
        controls
        preload="metadata"
        src={src}
        style={{ display: 'block', width: '100%', maxWidth: 640, aspectRatio: '16 / 9', background: '#000', borderRadius: 8 }}
      >
        <FormattedMessage id={`${prefix}.video.unsupported`} />
      </video>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        <FormattedMessage id={`${prefix}.video.caption`} />
      </Typography>
    </Paper>
  );
}

export function TrainingPage({ prefix, sections, video }: TrainingPageProps) {
  return (
    <>
      <PageHeader titleId={`${prefix}.title`} />
      <Typography variant="body1" color="text.secondary" sx={{ mb: 3, maxWidth: 860 }}>
        <FormattedMessage id={`${prefix}.intro`} />
      </Typography>
      {video && <TrainingVideo prefix={prefix} src={video} />}
      <HelpGuide prefix={prefix} sections={sections} />
    </>
  );
}
