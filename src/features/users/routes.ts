// Pages of the users feature (SPEC §2 "Users"): the staff list and the new-user form.
import type { FeatureRoute } from '../../lib/routing';

export const USERS_PATHS = { list: '/users/list', addNew: '/users/add-new' } as const;

// Both pages belong to the admin role (SPEC §6); anyone else goes to the dashboard.
export const routes: FeatureRoute[] = [
  {
    path: USERS_PATHS.list,
    access: 'private',
    policy: 'users:manage',
    load: () => import(/* webpackChunkName: "page-users-list" */ './pages/users-list-page'),
  },
  {
    path: USERS_PATHS.addNew,
    access: 'private',
    policy: 'users:manage',
    load: () => import(/* webpackChunkName: "page-users-add-new" */ './pages/add-user-page'),
  },
];
