// Devices registered for the apps (docs/product.md §3 Device, §7 "Devices"): the server-paged list
// with its text and app filters, the mobile apps' registration (an upsert on (app, uniqueDeviceId)),
// and the panel's edit and delete. Ownership is applied here through `DeviceScope`, so every query
// of an app admin is limited to the devices of the apps they administer.
//
// This folder, and the device list's page plans (docs/architecture.md §8: a page in ≤ 50 ms over a
// million devices), each with what keeps it exact:
// - planner.ts picks a plan from the match count (exact up to COUNT_EXACT_LIMIT, then PostgreSQL's
//   estimate): sort every match when few, else walk an index in the list's order; walks.ts writes
//   the walks (per app for an app admin of several apps, forward, backward, from a stretch's edge).
// - positions.ts places a deep unfiltered page sorted by id, version or model from per-bucket
//   counters (device_id_buckets, device_model_buckets; triggers of migrations 0013 and 0014).
// - marks.ts places a deep page sorted by device id from counted stretches between marks
//   (device_id_marks, device_mark_counts; triggers of 0013); a stretch grown too long is cut after
//   the page that found it.
// - model-runs.ts reads a filter that names stored models from those models' index runs
//   (device_models, kept by triggers of 0011).
// - page-sql.ts holds the orders as the indexes spell them, the filter's conditions and the
//   statement that reads a page's rows (a deferred join); rows.ts the DTO and its columns.
// - register-batch.ts group-commits registrations; export.ts streams the whole list by keyset.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apps, devices } from '../../db/schema';
import { devicePages, type PageLimits } from './planner';
import { registerRow, registrationBatcher, type RegisterRow } from './register-batch';
import { rowFields, toDto, type DeviceDto, type DeviceFields, type DeviceScope } from './rows';
import { ensureAppVersion, versionKey } from '../versions';

export { COUNT_EXACT_LIMIT, WALK_LIMIT } from './planner';
export type { DeviceDto, DeviceFields, DeviceList, DeviceScope } from './rows';

/** Outcome of a registration by API key: the device id, or why no app accepted it. */
export type RegisterResult = { id: number } | 'unknownKey' | 'inactiveApp';

/** `limits` (or a walk limit alone) are the planner's but in tests, which lower them to reach every path with little data. */
export function devicesRepository(db: Db, limits?: number | PageLimits) {
  // Built on first use, per database handle (a transaction gets its own).
  let byKey: RegisterStatement | undefined;
  let byAppId: RegisterStatement | undefined;
  let batcher: ReturnType<typeof registrationBatcher> | undefined;
  const pages = devicePages(db, typeof limits === 'number' ? { walkLimit: limits } : limits);

  return {
    /** One page of the list: see devicePages().list. */
    list: pages.list,

    async findDto(id: number): Promise<DeviceDto | undefined> {
      const [row] = await db.select(rowFields).from(devices).innerJoin(apps, eq(apps.id, devices.appId)).where(eq(devices.id, id));
      return row && toDto(row);
    },

    /** The device's app, when the device exists and is in scope. */
    async findInScope(id: number, scope: DeviceScope): Promise<{ id: number; appId: number } | undefined> {
      const [row] = await db
        .select({ id: devices.id, appId: devices.appId })
        .from(devices)
        .where(and(eq(devices.id, id), scope.appIds ? inArray(devices.appId, scope.appIds) : undefined));
      return row && { id: Number(row.id), appId: row.appId };
    },

    /**
     * The mobile apps' registration: the app is the one whose API key is `apiKey`, if active.
     * Registrations arriving together are written as one batch (register-batch.ts): one
     * statement looks the apps up, upserts the devices and records new versions.
     */
    async registerByApiKey(apiKey: string, fields: DeviceFields): Promise<RegisterResult> {
      batcher ??= registrationBatcher(db, {
        single: (row: RegisterRow) => {
          byKey ??= registerStatement(db, 'device_register_by_key', sql`SELECT id FROM apps WHERE api_key = ${sql.placeholder('app')} AND active`);
          return runRegister(byKey, row);
        },
      });
      const id = await batcher.register(registerRow(apiKey, fields));
      if (id !== undefined) return { id };
      // The rare failure path tells an unknown key from an inactive app.
      const [app] = await db.select({ active: apps.active }).from(apps).where(eq(apps.apiKey, apiKey));
      return app ? 'inactiveApp' : 'unknownKey';
    },

    /** The panel's registration for an app the caller may access (checked by the route). */
    async registerForApp(appId: number, fields: DeviceFields): Promise<{ id: number } | undefined> {
      byAppId ??= registerStatement(db, 'device_register_by_app', sql`SELECT id FROM apps WHERE id = ${sql.placeholder('app')}`);
      const id = await runRegister(byAppId, { ...registerRow('', fields), app: appId });
      return id === undefined ? undefined : { id };
    },

    /**
     * Replaces a device's fields, possibly moving it to another app. A move is a delete and an
     * insert under the same id, because the app is the leading key (and, on Citus, the shard
     * key, which an UPDATE may not change). Answers 'taken' when the target app already has a
     * device with that uniqueDeviceId, 'gone' when the device was deleted meanwhile. Run it in a
     * transaction.
     */
    async update(current: { id: number; appId: number }, appId: number, fields: DeviceFields): Promise<'taken' | 'gone' | undefined> {
      const values = {
        uniqueDeviceId: fields.uniqueDeviceId,
        fcmToken: fields.fcmToken,
        model: fields.model ?? null,
        appVersionCode: fields.appVersionCode == null ? null : versionKey(fields.appVersionCode),
      };
      const [clash] = await db
        .select({ id: devices.id })
        .from(devices)
        .where(and(eq(devices.appId, appId), eq(devices.uniqueDeviceId, fields.uniqueDeviceId), sql`${devices.id} <> ${current.id}`));
      if (clash) return 'taken';
      const key = and(eq(devices.appId, current.appId), eq(devices.id, current.id));
      if (appId === current.appId) {
        const updated = await db.update(devices).set(values).where(key).returning({ id: devices.id });
        if (!updated.length) return 'gone';
      } else {
        const [old] = await db.delete(devices).where(key).returning({ createdAt: devices.createdAt });
        if (!old) return 'gone';
        await db.insert(devices).values({ id: current.id, appId, createdAt: old.createdAt, ...values });
      }
      if (fields.appVersionCode != null) await ensureAppVersion(db, appId, fields.appVersionCode);
      return undefined;
    },

    async remove(device: { id: number; appId: number }): Promise<void> {
      await db.delete(devices).where(and(eq(devices.appId, device.appId), eq(devices.id, device.id)));
    },

    /**
     * Bulk insert for tests and the benchmark (no version records), in order (ids ascend with the
     * rows). The rows travel as one JSON parameter: Drizzle's builder spends about half a
     * millisecond of CPU per row on a multi-row VALUES list, which made seeding 20,000 devices
     * take seconds.
     */
    async insertMany(rows: (DeviceFields & { appId: number })[]): Promise<void> {
      for (let i = 0; i < rows.length; i += 10_000) {
        const batch = rows
          .slice(i, i + 10_000)
          .map((r) => [r.appId, r.uniqueDeviceId, r.fcmToken ?? null, r.model ?? null, r.appVersionCode == null ? null : versionKey(r.appVersionCode)]);
        await db.execute(sql`
          INSERT INTO devices (app_id, unique_device_id, fcm_token, model, app_version_code)
          SELECT (r->>0)::integer, r->>1, r->>2, r->>3, r->>4
          FROM json_array_elements(${JSON.stringify(batch)}::json) WITH ORDINALITY AS e(r, n)
          ORDER BY n`);
      }
    },
  };
}

/**
 * INSERT … ON CONFLICT (app_id, unique_device_id) DO UPDATE for the app that `appQuery` selects
 * (with the placeholder `app`), plus the app_versions row of a new version, in one statement.
 * PostgreSQL's upsert is atomic, so any number of concurrent registrations of one device leave one
 * row. A re-registration without a model or version keeps the stored one (an older app build may
 * not send them). The statement is prepared under `name`: on PostgreSQL each pooled connection
 * parses and plans it once, which is most of the database's work per registration.
 */
function registerStatement(db: Db, name: string, appQuery: SQL) {
  const version = sql`${sql.placeholder('version')}::text`;
  const app = db.$with('a', { id: sql<number>`id`.as('id') }).as(appQuery);
  const upserted = db.$with('d', { id: sql<number | string>`id`.as('id'), appId: sql<number>`app_id`.as('app_id') }).as(sql`
    INSERT INTO devices (app_id, unique_device_id, model, fcm_token, app_version_code)
    SELECT a.id, ${sql.placeholder('uniqueDeviceId')}, ${sql.placeholder('model')}, ${sql.placeholder('fcmToken')}, ${version} FROM a
    ON CONFLICT (app_id, unique_device_id) DO UPDATE SET
      fcm_token = excluded.fcm_token,
      model = coalesce(excluded.model, devices.model),
      app_version_code = coalesce(excluded.app_version_code, devices.app_version_code),
      updated_at = now()
    RETURNING id, app_id`);
  // The versions repository owns app_versions; this is its ensureAppVersion (a new version becomes
  // an active record, an existing one is left alone) folded into the same statement, with the
  // same spelling (versionKey), to keep registration at one round trip.
  const newVersion = db.$with('v', {}).as(sql`
    INSERT INTO app_versions (app_id, app_version)
    SELECT d.app_id, ${version} FROM d WHERE ${version} IS NOT NULL
    ON CONFLICT (app_id, app_version) DO NOTHING`);
  return db.with(app, upserted, newVersion).select({ id: upserted.id }).from(upserted).prepare(name);
}

type RegisterStatement = ReturnType<typeof registerStatement>;

async function runRegister(statement: RegisterStatement, r: RegisterRow & { app?: number }): Promise<number | undefined> {
  const [row] = await statement.execute({ app: r.app ?? r.apiKey, uniqueDeviceId: r.uniqueDeviceId, model: r.model, fcmToken: r.fcmToken, version: r.version });
  return row ? Number(row.id) : undefined;
}
