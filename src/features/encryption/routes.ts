// The domain-encryption settings page.
import type { FeatureRoute } from '../../lib/routing';

export const routes: FeatureRoute[] = [
  {
    path: '/settings/domain-encryption',
    access: 'private',
    load: () => import(/* webpackChunkName: "page-domain-encryption" */ './pages/domain-encryption-page'),
  },
];
