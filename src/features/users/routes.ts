// Pages of the users feature (SPEC §2 "Users"): the staff list and the new-user form.
import type { FeatureRoute } from '../../lib/routing';

export const USERS_PATHS = { list: '/users/list', addNew: '/users/add-new' } as const;

export const routes: FeatureRoute[] = [
  { path: USERS_PATHS.list, access: 'private', load: () => import(/* webpackChunkName: "page-users-list" */ './pages/users-list-page') },
  { path: USERS_PATHS.addNew, access: 'private', load: () => import(/* webpackChunkName: "page-users-add-new" */ './pages/add-user-page') },
];
