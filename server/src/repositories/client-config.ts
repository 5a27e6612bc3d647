// Reads behind GET apps/client/config (docs/product.md §7 "Mobile apps"): the cheap per-call lookup of an app by its key
// with its config version, the snapshot the answer is built from, the version history, and the
// batched lastSeenAt write of devices. The version itself is bumped by database triggers (migration
// 0004), never here.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  adSettings,
  appConfigChanges,
  appConfigVersions,
  appSettings,
  appVersions,
  apps,
  countries,
  fieldHealthVerdicts,
  profiles,
  serverApps,
  servers,
} from '../db/schema';
import { operatorsRepository } from './operators';
import type { ConfigSnapshot } from '../domain/client-config';
import { pgTextArray } from '../db/helpers';

export interface ClientApp {
  id: number;
  active: boolean;
  /** The app's config version; 0 if it has no row yet (an app made before the migration ran). */
  version: number;
}

export type { ConfigSnapshot, ProfileRow } from '../domain/client-config';

export function clientConfigRepository(db: Db) {
  // Prepared once per repository: on PostgreSQL each pooled connection parses and plans it once.
  let byKey: ReturnType<typeof prepareLookup> | undefined;

  return {
    /** The app of an API key with its config version: one indexed lookup, the whole per-call cost. */
    async lookup(apiKey: string): Promise<ClientApp | undefined> {
      byKey ??= prepareLookup(db);
      const [row] = await byKey.execute({ key: apiKey });
      return row && { id: row.id, active: row.active, version: Number(row.version) };
    },

    /** Everything the answer is built from. Read after the version, so it is at least that new. */
    async snapshot(appId: number): Promise<ConfigSnapshot | undefined> {
      const [app] = await db.select({ id: apps.id, name: apps.name, packageName: apps.packageName }).from(apps).where(eq(apps.id, appId));
      if (!app) return undefined;
      const [settings] = await db.select().from(appSettings).where(eq(appSettings.appId, appId));
      const [ads] = await db.select().from(adSettings).where(eq(adSettings.appId, appId));
      const blocked = await db
        .select({ v: appVersions.appVersion })
        .from(appVersions)
        .where(and(eq(appVersions.appId, appId), eq(appVersions.status, false)));
      const operators = await operatorsRepository(db).get();
      const linked = db.select({ id: serverApps.serverId }).from(serverApps).where(eq(serverApps.appId, appId));
      const serverRows = await db
        .select({ id: servers.id, code: countries.code, name: countries.name })
        .from(servers)
        .innerJoin(countries, eq(countries.id, servers.countryId))
        .where(inArray(servers.id, linked))
        .orderBy(asc(servers.id));
      const profileRows = await db
        .select({
          id: profiles.id,
          serverId: profiles.serverId,
          name: profiles.name,
          operator: profiles.operator,
          protocol: profiles.protocol,
          type: profiles.type,
          addressEnc: profiles.addressEnc,
        })
        .from(profiles)
        .where(inArray(profiles.serverId, linked))
        .orderBy(asc(profiles.serverId), asc(profiles.id));
      // Read in the same snapshot as the version: a change of this set bumps it (migration 0023).
      const hidden = await db
        .select({ profileId: fieldHealthVerdicts.profileId, operator: fieldHealthVerdicts.operator })
        .from(fieldHealthVerdicts)
        .where(and(eq(fieldHealthVerdicts.appId, appId), eq(fieldHealthVerdicts.hidden, true)));
      return {
        app,
        settings,
        ads,
        blockedVersions: blocked.map((b) => b.v),
        operators,
        servers: serverRows.map((s) => ({ id: s.id, country: { code: s.code, name: s.name } })),
        profiles: profileRows,
        hidden: hidden.map((h) => `${h.profileId}|${h.operator}`),
      };
    },

    /** The app's current version row: when the config last changed and by what ("table:op"). */
    async versionOf(appId: number) {
      const [row] = await db.select().from(appConfigVersions).where(eq(appConfigVersions.appId, appId));
      return row;
    },

    /** The latest changes of the app's config, newest first. */
    async history(appId: number, limit = 50) {
      return db
        .select({ version: appConfigChanges.version, changedAt: appConfigChanges.changedAt, changedBy: appConfigChanges.changedBy })
        .from(appConfigChanges)
        .where(eq(appConfigChanges.appId, appId))
        .orderBy(desc(appConfigChanges.id))
        .limit(limit);
    },

    /** Sets lastSeenAt = now() on the named devices in one statement. Unknown devices are skipped. */
    async touchDevices(seen: { appId: number; uniqueDeviceId: string }[]): Promise<void> {
      if (!seen.length) return;
      await db.execute(sql`
        UPDATE devices d SET last_seen_at = now()
        FROM unnest(${pgTextArray(seen.map((s) => String(s.appId)))}::text[], ${pgTextArray(seen.map((s) => s.uniqueDeviceId))}::text[]) AS t(app_id, uid)
        WHERE d.app_id = t.app_id::integer AND d.unique_device_id = t.uid`);
    },
  };
}

function prepareLookup(db: Db) {
  return db
    .select({ id: apps.id, active: apps.active, version: sql<number | string>`coalesce(${appConfigVersions.version}, 0)` })
    .from(apps)
    .leftJoin(appConfigVersions, eq(appConfigVersions.appId, apps.id))
    .where(eq(apps.apiKey, sql.placeholder('key')))
    .prepare('client_config_lookup');
}
