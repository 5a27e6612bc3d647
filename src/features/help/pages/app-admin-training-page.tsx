// /help/app-admin-panel-training: the app admins' guide, with a short training video (a static
// file under public/help/).
import { TrainingPage } from '../components/training-page';
import type { GuideSections } from '../components/help-guide';

export const TRAINING_VIDEO = '/help/app-admin-training.webm';

const APP_ADMIN_GUIDE: GuideSections = { myApps: 4, settings: 4, ads: 4, versions: 3, servers: 4, devices: 3 };

export default function AppAdminTrainingPage() {
  return <TrainingPage prefix="help.appAdmin" sections={APP_ADMIN_GUIDE} video={TRAINING_VIDEO} />;
}
