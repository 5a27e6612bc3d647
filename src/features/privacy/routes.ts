// The privacy-policy settings page (a lazy chunk: the rich-text editor never reaches the login bundle).
// It follows its menu grant (docs/product.md §6).
import { PATHS, type FeatureRoute } from '@/lib/routing';

export const routes: FeatureRoute[] = [
  { path: PATHS.privacy, access: 'private', menu: PATHS.privacy, load: () => import(/* webpackChunkName: "page-privacy" */ './pages/privacy-page') },
];
