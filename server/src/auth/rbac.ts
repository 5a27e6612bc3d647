// Role and ownership rules of docs/product.md §6 in one place, for every route module to use: the role rules
// come from the shared policy table (src/contract/policies.ts); `scope:all` (the top admin, and a role
// with scope `all` on its reads) sees everything, everyone else only the apps they administer, and what hangs off them (servers linked
// to those apps, their profiles, their devices). Out-of-scope records answer 404, so their
// existence is not revealed. The servers repository scopes its queries with appsAdministeredBy and
// serverIdsAdministeredBy, the
// dashboard its figures with serverScope, and the profile routes check ownership with
// assertProfileAccess: none restates the join.
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { allowed, type Policy } from '../../../src/contract';
import type { Db } from '../db/client';
import { apps, serverApps, servers } from '../db/schema';
import { HttpError } from '../http/errors';
import { profilesRepository } from '../repositories/profiles';
import { roleOf, type AuthUser } from './authorize';
import { hasReachAll } from './operations';

/** Whether the caller passes a policy of the shared table. */
export const can = (user: Pick<AuthUser, 'role_id' | 'roleName'>, policy: Policy): boolean => allowed(roleOf(user), policy);

/**
 * Whether this request reaches every app's data: the top admin, or a role with scope `all` on a read
 * (set per request by `authorize`). Role_id 1-only fields and actions still go by their policies.
 */
export const reachesAll = (user: AuthUser): boolean => can(user, 'scope:all') || hasReachAll(user);

/** A where-condition on `apps`: those administered by `adminId`; undefined (no limit) for null. */
export const appsAdministeredBy = (adminId: number | null): SQL | undefined => (adminId === null ? undefined : eq(apps.adminId, adminId));

/** A where-condition on `apps` limiting a query to the caller's apps; undefined (no limit) when it reaches all. */
export function appScope(user: AuthUser): SQL | undefined {
  return appsAdministeredBy(reachesAll(user) ? null : user.id);
}

/** Ids of the apps the caller administers (their own, whatever the role). */
export async function ownedAppIds(db: Db, user: AuthUser): Promise<number[]> {
  const rows = await db.select({ id: apps.id }).from(apps).where(appsAdministeredBy(user.id));
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

/**
 * The servers linked to at least one app administered by `adminId`, as a subquery of ids: the one
 * statement of "whose servers these are", used here and by the servers repository's scope.
 */
export function serverIdsAdministeredBy(db: Db, adminId: number) {
  return db.selectDistinct({ id: serverApps.serverId }).from(serverApps).innerJoin(apps, eq(apps.id, serverApps.appId)).where(eq(apps.adminId, adminId));
}

/** A where-condition on `servers` limiting a query to the caller's servers; undefined (no limit) when it reaches all. */
export function serverScope(db: Db, user: AuthUser): SQL | undefined {
  return reachesAll(user) ? undefined : inArray(servers.id, serverIdsAdministeredBy(db, user.id));
}

/** Which of `serverIds` exist and are in the caller's scope (every server for the top admin). */
async function accessibleServerIds(db: Db, user: AuthUser, serverIds: number[]): Promise<Set<number>> {
  if (!serverIds.length) return new Set();
  const rows = await db
    .select({ id: servers.id })
    .from(servers)
    .where(and(inArray(servers.id, serverIds), serverScope(db, user)));
  return new Set(rows.map((r) => r.id));
}

/** Throws 404 unless every id is an existing server the caller may manage (batch calls: all or nothing). */
export async function assertServerAccess(db: Db, user: AuthUser, serverIds: number[]): Promise<void> {
  const found = await accessibleServerIds(db, user, serverIds);
  if (!serverIds.every((id) => found.has(id))) throw HttpError.notFound('Server not found');
}

/** Throws 404 unless every profile exists and sits on a server the caller may manage (batch calls: all or nothing). */
export async function assertProfileAccess(db: Db, user: AuthUser, profileIds: number[]): Promise<void> {
  const serverOf = await profilesRepository(db).serverIdsOf(profileIds);
  if (profileIds.some((id) => !serverOf.has(id))) throw HttpError.notFound('Profile not found');
  const found = await accessibleServerIds(db, user, [...new Set(serverOf.values())]);
  if (![...serverOf.values()].every((id) => found.has(id))) throw HttpError.notFound('Profile not found');
}
