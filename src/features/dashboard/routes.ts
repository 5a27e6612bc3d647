// Pages of the dashboard feature.
import { PATHS, type FeatureRoute } from '../../lib/routing';

export const routes: FeatureRoute[] = [
  { path: PATHS.dashboard, access: 'private', load: () => import(/* webpackChunkName: "page-dashboard" */ './pages/dashboard-page') },
];
