// /settings/audit (docs/product.md §2 "Audit log"): the top admin's record of who changed what.
import { PATHS, type FeatureRoute } from '@/lib/routing';

export const routes: FeatureRoute[] = [
  { path: PATHS.audit, access: 'private', policy: 'audit:view', load: () => import(/* webpackChunkName: "page-audit" */ './pages/audit-page') },
];
