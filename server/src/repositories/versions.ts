// Version records of an application (SPEC §3 "Version record", §4 "Version"): created active the
// first time a version is seen (a device registering with a new appVersionCode, or a saved
// appVersion setting), blocked through apps/versionBlock, deleted by the path that matches their
// status. The column is text; every writer goes through `versionKey`, so one version has exactly
// one spelling ("1.2", never "1.20") and the unique key (app_id, app_version) holds.
import { and, eq, type SQL } from 'drizzle-orm';
import { isAppVersion, normalizeAppVersion, type VersionDto } from '../../../src/contract';
import type { Db } from '../db/client';
import { apps, appVersions } from '../db/schema';

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
  await db.insert(appVersions).values({ appId, appVersion: versionKey(version), status: true }).onConflictDoNothing();
}

export function versionsRepository(db: Db) {
  return {
    /** The app's versions, highest first. */
    async listForApp(appId: number): Promise<VersionDto[]> {
      const rows = await db
        .select({ id: appVersions.id, appVersion: appVersions.appVersion, status: appVersions.status, name: apps.name })
        .from(appVersions)
        .innerJoin(apps, eq(apps.id, appVersions.appId))
        .where(eq(appVersions.appId, appId));
      return rows
        .map((r) => ({ id: r.id, appVersion: Number(r.appVersion), status: r.status, app: { name: r.name } }))
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
