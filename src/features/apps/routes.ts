// Pages of the applications area (docs/product.md §2): the two lists and one application's detail tabs.
// (/app/devices belongs to the devices feature; a static path outranks /app/:appId.)
import { PATHS, type FeatureRoute } from '../../lib/routing';

export const routes: FeatureRoute[] = [
  {
    path: PATHS.appsManage,
    access: 'private',
    policy: 'apps:manage',
    redirectTo: PATHS.appsMine,
    load: () => import(/* webpackChunkName: "page-apps-manage" */ './pages/manage-page'),
  },
  { path: PATHS.appsMine, access: 'private', load: () => import(/* webpackChunkName: "page-apps-mine" */ './pages/my-apps-page') },
  { path: PATHS.appDetail, access: 'private', load: () => import(/* webpackChunkName: "page-app-detail" */ './pages/app-detail-page') },
];
