// Pages of the auth feature.
import { PATHS, type FeatureRoute } from '@/lib/routing';

export const routes: FeatureRoute[] = [{ path: PATHS.login, access: 'public', load: () => import(/* webpackChunkName: "page-login" */ './pages/login-page') }];
