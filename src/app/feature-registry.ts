// Finds every feature's pages (features/<f>/routes.ts) at build time through webpack's
// require.context, so features are added in parallel without editing a shared list. The page
// modules themselves stay lazy chunks (each route's `load`). Feature messages are found the same
// way, per locale, in i18n/locales/*.ts. (Under jest, require.context is served from the file
// system: __tests__/web/swc-require-context.js.)
import type { FeatureRoute } from '../lib/routing';

const routeFiles = require.context('../features', true, /^\.\/[^/]+\/routes\.ts$/);

export const featureRoutes: FeatureRoute[] = routeFiles
  .keys()
  .sort()
  .flatMap((key) => routeFiles<{ routes: FeatureRoute[] }>(key).routes);
