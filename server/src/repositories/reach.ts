// Whose records these are, as SQL: the apps an admin administers, and the servers linked to at least
// one of them. The one statement of ownership that the list scopes (auth/rbac.ts), the access checks
// (auth/access.ts) and the servers repository build on.
import { eq, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apps, serverApps } from '../db/schema';

/** A where-condition on `apps`: those administered by `adminId`; undefined (no limit) for null. */
export const appsAdministeredBy = (adminId: number | null): SQL | undefined => (adminId === null ? undefined : eq(apps.adminId, adminId));

/** The servers linked to at least one app administered by `adminId`, as a subquery of ids. */
export function serverIdsAdministeredBy(db: Db, adminId: number) {
  return db.selectDistinct({ id: serverApps.serverId }).from(serverApps).innerJoin(apps, eq(apps.id, serverApps.appId)).where(eq(apps.adminId, adminId));
}
