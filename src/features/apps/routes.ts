// Pages of the applications area (SPEC §2): the two lists and one application's detail tabs.
// (/app/devices belongs to the devices feature; a static path outranks /app/:appId.)
import type { FeatureRoute } from '../../lib/routing';

export const routes: FeatureRoute[] = [
  {
    path: '/app/manage',
    access: 'private',
    policy: 'apps:manage',
    redirectTo: '/app/my-apps',
    load: () => import(/* webpackChunkName: "page-apps-manage" */ './pages/manage-page'),
  },
  { path: '/app/my-apps', access: 'private', load: () => import(/* webpackChunkName: "page-apps-mine" */ './pages/my-apps-page') },
  { path: '/app/:appId', access: 'private', load: () => import(/* webpackChunkName: "page-app-detail" */ './pages/app-detail-page') },
];
