// Pages of the account feature (opened from the header's profile button).
import { PATHS, type FeatureRoute } from '@/lib/routing';

export const routes: FeatureRoute[] = [
  { path: PATHS.userInfo, access: 'private', load: () => import(/* webpackChunkName: "page-user-info" */ './pages/user-info-page') },
  {
    path: PATHS.changePassword,
    access: 'private',
    load: () => import(/* webpackChunkName: "page-change-password" */ './pages/change-password-page'),
  },
  {
    path: PATHS.accountSecurity,
    access: 'private',
    load: () => import(/* webpackChunkName: "page-account-security" */ './pages/security-page'),
  },
];
