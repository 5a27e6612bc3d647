// /app/devices: the apps pages link here with ?appId=<id>, and its own menu item (docs/product.md §6, seeded under
// /app) puts it in the sidebar. Like an application's tabs, it follows the apps section's grant.
import { MENU_SECTIONS, PATHS, type FeatureRoute } from '@/lib/routing';

export const routes: FeatureRoute[] = [
  { path: PATHS.devices, access: 'private', menu: MENU_SECTIONS.apps, load: () => import(/* webpackChunkName: "page-devices" */ './pages/devices-page') },
];
