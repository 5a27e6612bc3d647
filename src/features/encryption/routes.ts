// The domain-encryption settings page.
// It follows its menu grant (docs/product.md §6).
import { PATHS, type FeatureRoute } from '@/lib/routing';

export const routes: FeatureRoute[] = [
  {
    path: PATHS.domainEncryption,
    access: 'private',
    menu: PATHS.domainEncryption,
    load: () => import(/* webpackChunkName: "page-domain-encryption" */ './pages/domain-encryption-page'),
  },
];
