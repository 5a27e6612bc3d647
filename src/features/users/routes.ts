// Pages of the users feature (docs/product.md §2 "Users"): the staff list and the new-user form.
import { PATHS, type FeatureRoute } from '../../lib/routing';

// Both pages belong to the admin role (docs/product.md §6); anyone else goes to the dashboard.
export const routes: FeatureRoute[] = [
  {
    path: PATHS.usersList,
    access: 'private',
    policy: 'users:manage',
    load: () => import(/* webpackChunkName: "page-users-list" */ './pages/users-list-page'),
  },
  {
    path: PATHS.usersAddNew,
    access: 'private',
    policy: 'users:manage',
    load: () => import(/* webpackChunkName: "page-users-add-new" */ './pages/add-user-page'),
  },
];
