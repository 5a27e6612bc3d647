// /help/panel-training: the written guide to the panel for every staff member.
import { TrainingPage } from '../components/training-page';
import type { GuideSections } from '../components/help-guide';

export const PANEL_GUIDE: GuideSections = {
  signIn: 4,
  menu: 4,
  languages: 3,
  tables: 6,
  forms: 3,
  servers: 4,
  apps: 4,
  devices: 3,
  users: 3,
  settings: 3,
  account: 3,
};

export default function PanelTrainingPage() {
  return <TrainingPage prefix="help.panel" sections={PANEL_GUIDE} />;
}
