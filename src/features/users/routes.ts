// Pages of the users feature (docs/product.md §2 "Users"): the staff list and the new-user form, and the
// access pages of docs/product.md §6 (roles, a role's permissions, the menu tree).
import { PATHS, type FeatureRoute } from '@/lib/routing';

// Both pages belong to the admin role (docs/product.md §6); anyone else goes to the dashboard.
export const routes: FeatureRoute[] = [
  {
    path: PATHS.usersList,
    access: 'private',
    policy: 'users:manage',
    menu: PATHS.usersList,
    load: () => import(/* webpackChunkName: "page-users-list" */ './pages/users-list-page'),
  },
  {
    path: PATHS.usersAddNew,
    access: 'private',
    policy: 'users:manage',
    menu: PATHS.usersAddNew,
    load: () => import(/* webpackChunkName: "page-users-add-new" */ './pages/add-user-page'),
  },
  // Roles, their permissions and the menu tree (docs/product.md §6): the top admin's (access:manage), each
  // behind its menu item; a role's permissions page follows the roles list.
  {
    path: PATHS.usersRoles,
    access: 'private',
    policy: 'access:manage',
    menu: PATHS.usersRoles,
    load: () => import(/* webpackChunkName: "page-users-roles" */ './pages/roles-page'),
  },
  {
    path: PATHS.usersRolePermissions,
    access: 'private',
    policy: 'access:manage',
    menu: PATHS.usersRoles,
    load: () => import(/* webpackChunkName: "page-users-role-permissions" */ './pages/role-permissions-page'),
  },
  {
    path: PATHS.usersMenus,
    access: 'private',
    policy: 'access:manage',
    menu: PATHS.usersMenus,
    load: () => import(/* webpackChunkName: "page-users-menus" */ './pages/menus-page'),
  },
];
