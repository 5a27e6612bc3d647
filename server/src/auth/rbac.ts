// Role and ownership rules of docs/product.md §6 in one place, for every route module to use: the role rules
// come from the shared policy table (src/contract/policies.ts); `scope:all` (the top admin, and a role
// with scope `all` on its reads) sees everything, everyone else only the apps they administer, and what hangs off them (servers linked
// to those apps, their profiles, their devices). Out-of-scope records answer 404, so their
// existence is not revealed.
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { allowed, type Policy } from '../../../src/contract';
import type { Db } from '../db/client';
import { apps, serverApps, servers } from '../db/schema';
import { HttpError } from '../http/errors';
import { roleOf, type AuthUser } from './authorize';
import { hasReachAll } from './operations';

/** Whether the caller passes a policy of the shared table. */
export const can = (user: Pick<AuthUser, 'role_id' | 'roleName'>, policy: Policy): boolean => allowed(roleOf(user), policy);

/**
 * Whether this request reaches every app's data: the top admin, or a role with scope `all` on a read
 * (set per request by `authorize`). Role_id 1-only fields and actions still go by their policies.
 */
export const reachesAll = (user: AuthUser): boolean => can(user, 'scope:all') || hasReachAll(user);

/** A where-condition on `apps` limiting a query to the caller's apps; undefined (no limit) when it reaches all. */
export function appScope(user: AuthUser): SQL | undefined {
  return reachesAll(user) ? undefined : eq(apps.adminId, user.id);
}

/** Ids of the apps the caller administers (their own, whatever the role). */
export async function ownedAppIds(db: Db, user: AuthUser): Promise<number[]> {
  const rows = await db.select({ id: apps.id }).from(apps).where(eq(apps.adminId, user.id));
  return rows.map((r) => r.id);
}

export async function canAccessApp(db: Db, user: AuthUser, appId: number): Promise<boolean> {
  const [row] = await db.select({ id: apps.id }).from(apps).where(and(eq(apps.id, appId), appScope(user)));
  return Boolean(row);
}

/** Throws 404 unless the app exists and is in the caller's scope. */
export async function assertAppAccess(db: Db, user: AuthUser, appId: number): Promise<void> {
  if (!(await canAccessApp(db, user, appId))) throw HttpError.notFound('Application not found');
}

/** Ids of the servers linked to at least one of the caller's apps. */
export async function ownedServerIds(db: Db, user: AuthUser): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: serverApps.serverId })
    .from(serverApps)
    .innerJoin(apps, eq(apps.id, serverApps.appId))
    .where(eq(apps.adminId, user.id));
  return rows.map((r) => r.id);
}

/** Which of `serverIds` exist and are in the caller's scope (every server for the top admin). */
async function accessibleServerIds(db: Db, user: AuthUser, serverIds: number[]): Promise<Set<number>> {
  if (!serverIds.length) return new Set();
  const rows = reachesAll(user)
    ? await db.select({ id: servers.id }).from(servers).where(inArray(servers.id, serverIds))
    : await db
        .selectDistinct({ id: serverApps.serverId })
        .from(serverApps)
        .innerJoin(apps, eq(apps.id, serverApps.appId))
        .where(and(inArray(serverApps.serverId, serverIds), eq(apps.adminId, user.id)));
  return new Set(rows.map((r) => r.id));
}

export async function canAccessServer(db: Db, user: AuthUser, serverId: number): Promise<boolean> {
  return (await accessibleServerIds(db, user, [serverId])).has(serverId);
}

/** Throws 404 unless every id is an existing server the caller may manage (batch calls: all or nothing). */
export async function assertServerAccess(db: Db, user: AuthUser, serverIds: number[]): Promise<void> {
  const found = await accessibleServerIds(db, user, serverIds);
  if (!serverIds.every((id) => found.has(id))) throw HttpError.notFound('Server not found');
}
