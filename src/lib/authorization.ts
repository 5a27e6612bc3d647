// The panel's reading of the shared role policies (contract/policies.ts): `can(user, policy)` for
// code that already holds the signed-in user, `useCan(policy)` for components. Route guards,
// hidden fields and actions and the menu all ask here, so the panel and the server apply the same
// table.
import { allowed, flattenMenu, grants, ROLE_IDS, type CurrentUser, type HttpMethod, type Policy } from '../contract';
import { useCurrentUser } from './api/session';

type UserRole = Pick<CurrentUser, 'role_id' | 'role'> | undefined;

/** Whether the user's role passes the policy; no user (signed out, still loading) passes none. */
export const can = (user: UserRole, policy: Policy): boolean => user !== undefined && allowed({ id: user.role_id, name: user.role.name }, policy);

/** `can` for the signed-in user. */
export function useCan(policy: Policy): boolean {
  return can(useCurrentUser().user, policy);
}

type UserGrants = Pick<CurrentUser, 'role_id' | 'permissions' | 'access'> | undefined;

/**
 * Whether the user's menu grants hold `route` (docs/product.md §6: a page follows its menu item, a detail page
 * its section). Role_id 1 holds every menu item, whatever its tree says.
 */
export function hasMenuGrant(user: UserGrants, route: string): boolean {
  if (user === undefined) return false;
  if (user.role_id === ROLE_IDS.topAdmin) return true;
  return flattenMenu(user.permissions ?? []).some((item) => item.route === route);
}

/** Whether the signed-in user's role is granted an API operation (hide the action when not). */
export function useGrant(method: HttpMethod, route: string): boolean {
  const { user } = useCurrentUser();
  return user !== undefined && grants(user.access, method, route);
}
