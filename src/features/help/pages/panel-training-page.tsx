// /help/panel-training: the written guide to the panel for every staff member.
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import { PageHeader } from '../../../components/layout/page-header';
import { HelpGuide, type GuideSection } from '../components/help-guide';

export const PANEL_GUIDE: readonly GuideSection[] = [
  { key: 'signIn', points: 4 },
  { key: 'menu', points: 4 },
  { key: 'languages', points: 3 },
  { key: 'tables', points: 6 },
  { key: 'forms', points: 3 },
  { key: 'servers', points: 4 },
  { key: 'apps', points: 4 },
  { key: 'devices', points: 3 },
  { key: 'users', points: 3 },
  { key: 'settings', points: 3 },
  { key: 'account', points: 3 },
];

export default function PanelTrainingPage() {
  return (
    <>
      <PageHeader titleId="help.panel.title" />
      <Typography variant="body1" color="text.secondary" sx={{ mb: 3, maxWidth: 860 }}>
        <FormattedMessage id="help.panel.intro" />
      </Typography>
      <HelpGuide prefix="help.panel" sections={PANEL_GUIDE} />
    </>
  );
}
