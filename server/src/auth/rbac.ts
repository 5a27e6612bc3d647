// Role and scope rules of docs/product.md §6 for the lists: the role rules come from the shared policy
// table (src/contract/policies.ts); `scope:all` (the top admin, and a role with scope `all`) sees
// everything, everyone else only the apps they administer and what hangs off them (servers linked to
// those apps, their profiles, their devices), stated once in repositories/reach.ts; the dashboard
// scopes its figures with serverScope. Whether a
// route may act on one record is not decided here but by its access declaration (auth/access.ts).
import { inArray, type SQL } from 'drizzle-orm';
import { allowed, type Policy } from '../../../src/contract';
import type { Db } from '../db/client';
import { apps, servers } from '../db/schema';
import { appsAdministeredBy, serverIdsAdministeredBy } from '../repositories/reach';
import { roleOf, type AuthUser } from './authorize';

/** Whether the caller passes a policy of the shared table. */
export const can = (user: Pick<AuthUser, 'role_id' | 'roleName'>, policy: Policy): boolean => allowed(roleOf(user), policy);

/**
 * Whether this request reaches every app's data: the top admin, or a role with scope `all` on a read
 * (set per request by `authorize`). Role_id 1-only fields and actions still go by their policies.
 */
export const reachesAll = (user: AuthUser): boolean => can(user, 'scope:all') || user.scope === 'all';

/** A where-condition on `apps` limiting a query to the caller's apps; undefined (no limit) when it reaches all. */
export function appScope(user: AuthUser): SQL | undefined {
  return appsAdministeredBy(reachesAll(user) ? null : user.id);
}

/** Ids of the apps the caller administers (their own, whatever the role). */
export async function ownedAppIds(db: Db, user: AuthUser): Promise<number[]> {
  const rows = await db.select({ id: apps.id }).from(apps).where(appsAdministeredBy(user.id));
  return rows.map((r) => r.id);
}

/** A where-condition on `servers` limiting a query to the caller's servers; undefined (no limit) when it reaches all. */
export function serverScope(db: Db, user: AuthUser): SQL | undefined {
  return reachesAll(user) ? undefined : inArray(servers.id, serverIdsAdministeredBy(db, user.id));
}
