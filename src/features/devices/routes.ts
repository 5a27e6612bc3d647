// /app/devices: not in the sidebar; the apps pages link here with ?appId=<id>.
import type { FeatureRoute } from '../../lib/routing';

export const routes: FeatureRoute[] = [
  { path: '/app/devices', access: 'private', load: () => import(/* webpackChunkName: "page-devices" */ './pages/devices-page') },
];
