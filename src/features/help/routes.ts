// The help pages (docs/product.md §2): the panel guide, the app admins' guide with a video, and the API help.
// Each follows its menu grant (docs/product.md §6).
import { PATHS, type FeatureRoute } from '@/lib/routing';

export const routes: FeatureRoute[] = [
  {
    path: PATHS.helpPanelTraining,
    access: 'private',
    menu: PATHS.helpPanelTraining,
    load: () => import(/* webpackChunkName: "page-help-panel" */ './pages/panel-training-page'),
  },
  {
    path: PATHS.helpAppAdminTraining,
    access: 'private',
    menu: PATHS.helpAppAdminTraining,
    load: () => import(/* webpackChunkName: "page-help-app-admin" */ './pages/app-admin-training-page'),
  },
  { path: PATHS.helpApi, access: 'private', menu: PATHS.helpApi, load: () => import(/* webpackChunkName: "page-help-api" */ './pages/api-help-page') },
];
