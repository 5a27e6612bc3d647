// Pages of the applications area (docs/product.md §2): the two lists and one application's detail tabs.
// Each page follows its menu grant (docs/product.md §6); one application's tabs follow the apps section.
// (/app/devices belongs to the devices feature; a static path outranks /app/:appId.)
import { MENU_SECTIONS, PATHS, type FeatureRoute } from '@/lib/routing';

export const routes: FeatureRoute[] = [
  {
    path: PATHS.appsManage,
    access: 'private',
    policy: 'apps:manage',
    menu: PATHS.appsManage,
    redirectTo: PATHS.appsMine,
    load: () => import(/* webpackChunkName: "page-apps-manage" */ './pages/manage-page'),
  },
  { path: PATHS.appsMine, access: 'private', menu: PATHS.appsMine, load: () => import(/* webpackChunkName: "page-apps-mine" */ './pages/my-apps-page') },
  {
    path: PATHS.appDetail,
    access: 'private',
    menu: MENU_SECTIONS.apps,
    load: () => import(/* webpackChunkName: "page-app-detail" */ './pages/app-detail-page'),
  },
];
