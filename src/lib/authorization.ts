// The panel's reading of the shared role policies (contract/policies.ts): `can(user, policy)` for
// code that already holds the signed-in user, `useCan(policy)` for components. Route guards,
// hidden fields and actions and the menu all ask here, so the panel and the server apply the same
// table.
import { allowed, type CurrentUser, type Policy } from '../contract';
import { useCurrentUser } from './api/session';

type UserRole = Pick<CurrentUser, 'role_id' | 'role'> | undefined;

/** Whether the user's role passes the policy; no user (signed out, still loading) passes none. */
export const can = (user: UserRole, policy: Policy): boolean =>
  user !== undefined && allowed({ id: user.role_id, name: user.role.name }, policy);

/** `can` for the signed-in user. */
export function useCan(policy: Policy): boolean {
  return can(useCurrentUser().user, policy);
}
