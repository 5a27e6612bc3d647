// Version records of an application (docs/product.md §3 "Version record", §4 "Version"): created active the
// first time a version is seen (a device registering with a new appVersionCode, or a saved
// appVersion setting), blocked through apps/versionBlock, deleted by the path that matches their
// status. The column is text; every writer goes through `versionKey`, so one version has exactly
// one spelling ("1.2", never "1.20") and the unique key (app_id, app_version) holds.
//
// Each listed version carries `devicesCount`, the devices that report it: a device counts for a
// version when its app_id is the version's app and its app_version_code equals the version's
// appVersion as a number (1.2 and 1.20 are one version). One GROUP BY over the app's devices,
// keyed exactly as devices_app_version_idx spells it, so the count reads that index alone.
import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { isAppVersion, normalizeAppVersion, type VersionDto } from '../../../src/contract';
import type { Db } from '../db/client';
import { apps, appVersions, devices } from '../db/schema';

export interface VersionRecord {
  id: number;
  appId: number;
  appVersion: number;
  status: boolean;
}

/** The stored text of a version: its canonical number (1.2 and 1.20 → "1.2"). Throws on an invalid one. */
export function versionKey(version: number): string {
  if (!isAppVersion(version)) throw new RangeError(`not an app version: ${version}`);
  return String(normalizeAppVersion(version));
}

/**
 * Makes sure `appId` has a record of `version`: creates it active when new, leaves an existing one
 * (active or blocked) as it is. Safe under concurrency (the unique key decides). Other modules call
 * this, e.g. devices when a device registers with a new appVersionCode:
 *
 *   import { ensureAppVersion } from '../repositories/versions';
 *   await ensureAppVersion(tx, appId, 1.2);
 *
 * `version` must pass the contract's isAppVersion (a number ≥ 0 with at most two decimals);
 * anything else throws a RangeError, so validate first (appVersionField).
 */
export async function ensureAppVersion(db: Db, appId: number, version: number): Promise<void> {
  await db
    .insert(appVersions)
    .values({ appId, appVersion: versionKey(version), status: true })
    .onConflictDoNothing();
}

/** The expression of devices_app_version_idx, spelled as the index spells it (the planner matches the text). */
const deviceVersion = sql`(${devices.appVersionCode}::numeric)`;

/**
 * The app's devices per reported version, devices without a version left out: filtered by app_id
 * and grouped by the index's second key, so the planner can walk devices_app_version_idx for that
 * app only (an index-only scan: the column closes the key). A builder, so a test can EXPLAIN it.
 */
export function deviceCountsQuery(db: Db, appId: number) {
  return db
    .select({ version: sql<string>`${deviceVersion}`, count: sql<string>`count(*)` })
    .from(devices)
    .where(and(eq(devices.appId, appId), isNotNull(devices.appVersionCode)))
    .groupBy(deviceVersion);
}

/** deviceCountsQuery as a map: the version's numeric value → its device count. */
export async function deviceCountsByVersion(db: Db, appId: number): Promise<Map<number, number>> {
  const rows = await deviceCountsQuery(db, appId);
  return new Map(rows.map((r) => [Number(r.version), Number(r.count)]));
}

export function versionsRepository(db: Db) {
  return {
    /** The app's versions, highest first, each with the number of devices that report it. */
    async listForApp(appId: number): Promise<VersionDto[]> {
      const [rows, counts] = await Promise.all([
        db
          .select({ id: appVersions.id, appVersion: appVersions.appVersion, status: appVersions.status, name: apps.name })
          .from(appVersions)
          .innerJoin(apps, eq(apps.id, appVersions.appId))
          .where(eq(appVersions.appId, appId)),
        deviceCountsByVersion(db, appId),
      ]);
      return rows
        .map((r) => {
          const appVersion = Number(r.appVersion);
          return { id: r.id, appVersion, status: r.status, app: { name: r.name }, devicesCount: counts.get(appVersion) ?? 0 };
        })
        .sort((a, b) => b.appVersion - a.appVersion || a.id - b.id);
    },

    /** Blocks `version` of the app, creating the record (blocked) when it is new. */
    async block(appId: number, version: number): Promise<void> {
      await db
        .insert(appVersions)
        .values({ appId, appVersion: versionKey(version), status: false })
        .onConflictDoUpdate({ target: [appVersions.appId, appVersions.appVersion], set: { status: false } });
    },

    /** The record, when it exists and its app passes `appScope` (undefined scope: any app). */
    async findInScope(id: number, scope: SQL | undefined): Promise<VersionRecord | undefined> {
      const [row] = await db
        .select({ id: appVersions.id, appId: appVersions.appId, appVersion: appVersions.appVersion, status: appVersions.status })
        .from(appVersions)
        .innerJoin(apps, eq(apps.id, appVersions.appId))
        .where(and(eq(appVersions.id, id), scope));
      return row && { ...row, appVersion: Number(row.appVersion) };
    },

    /** Deletes the record only while its status is still `status`; answers whether it did. */
    async deleteWithStatus(id: number, status: boolean): Promise<boolean> {
      const rows = await db
        .delete(appVersions)
        .where(and(eq(appVersions.id, id), eq(appVersions.status, status)))
        .returning({ id: appVersions.id });
      return rows.length > 0;
    },
  };
}
