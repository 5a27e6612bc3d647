// The help pages (SPEC §2): the panel guide, the app admins' guide with a video, and the API help.
import type { FeatureRoute } from '../../lib/routing';

export const routes: FeatureRoute[] = [
  { path: '/help/panel-training', access: 'private', load: () => import(/* webpackChunkName: "page-help-panel" */ './pages/panel-training-page') },
  {
    path: '/help/app-admin-panel-training',
    access: 'private',
    load: () => import(/* webpackChunkName: "page-help-app-admin" */ './pages/app-admin-training-page'),
  },
  { path: '/help/api', access: 'private', load: () => import(/* webpackChunkName: "page-help-api" */ './pages/api-help-page') },
];
