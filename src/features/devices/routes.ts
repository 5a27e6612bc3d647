// /app/devices: not in the sidebar; the apps pages link here with ?appId=<id>.
import { PATHS, type FeatureRoute } from '../../lib/routing';

export const routes: FeatureRoute[] = [
  { path: PATHS.devices, access: 'private', load: () => import(/* webpackChunkName: "page-devices" */ './pages/devices-page') },
];
