// The privacy-policy settings page (a lazy chunk: the rich-text editor never reaches the login bundle).
import type { FeatureRoute } from '../../lib/routing';

export const routes: FeatureRoute[] = [
  { path: '/settings/privacy', access: 'private', load: () => import(/* webpackChunkName: "page-privacy" */ './pages/privacy-page') },
];
