// The domain-encryption settings page.
import { PATHS, type FeatureRoute } from '../../lib/routing';

export const routes: FeatureRoute[] = [
  {
    path: PATHS.domainEncryption,
    access: 'private',
    load: () => import(/* webpackChunkName: "page-domain-encryption" */ './pages/domain-encryption-page'),
  },
];
