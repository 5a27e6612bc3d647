// Devices registered for the apps (SPEC §3 Device, §7 "Devices"): the server-paged list with its
// text and app filters, the mobile apps' registration (an upsert on (app, uniqueDeviceId)), and the
// panel's edit and delete. Ownership is applied here through `DeviceScope`, so every query of an
// app admin is limited to the devices of the apps they administer.
import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DevicesQuery } from '../../../src/contract';
import type { Db } from '../db/client';
import { toCount } from '../db/helpers';
import { apps, devices } from '../db/schema';
import { ensureAppVersion, versionKey } from './versions';

/**
 * Whose devices a query may see: `appIds` limits it to those apps (an app admin's own); `{}` is
 * everything. A list of ids rather than a join on apps.admin_id: the planner then estimates the
 * match count from devices.app_id's statistics (the list's count relies on that estimate), and on
 * Citus the filter lands on the shard key.
 */
export interface DeviceScope {
  appIds?: number[];
}

export interface DeviceDto {
  id: number;
  app: { id: number; name: string };
  model: string | null;
  uniqueDeviceId: string;
  fcmToken: string | null;
  /** The version the device last reported, as a JSON number (SPEC §5 step 0.01). */
  appVersionCode: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface DeviceList {
  rows: DeviceDto[];
  count: number;
  /** True when `count` is the planner's estimate because the exact figure passes COUNT_EXACT_LIMIT. */
  countEstimated: boolean;
}

export interface DeviceFields {
  fcmToken: string;
  uniqueDeviceId: string;
  model?: string | null;
  appVersionCode?: number | null;
}

/**
 * Up to this many matches the list's count is exact; past it the answer is the planner's
 * estimate. An exact count(*) over a million rows (or over a broad trigram match, which must
 * recheck every row) costs more than the 50 ms page budget (ARCHITECTURE §8), and a pager does
 * not need the exact figure at that size.
 */
export const COUNT_EXACT_LIMIT = 10_000;

/** `%`, `_` and the escape character itself match literally in the ILIKE filter. */
const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const rowFields = {
  id: devices.id,
  appId: devices.appId,
  appName: apps.name,
  model: devices.model,
  uniqueDeviceId: devices.uniqueDeviceId,
  fcmToken: devices.fcmToken,
  appVersionCode: devices.appVersionCode,
  createdAt: devices.createdAt,
  updatedAt: devices.updatedAt,
};

interface RawRow {
  id: number;
  appId: number;
  appName: string;
  model: string | null;
  uniqueDeviceId: string;
  fcmToken: string | null;
  appVersionCode: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const toDto = (r: RawRow): DeviceDto => ({
  id: Number(r.id),
  app: { id: r.appId, name: r.appName },
  model: r.model,
  uniqueDeviceId: r.uniqueDeviceId,
  fcmToken: r.fcmToken,
  appVersionCode: r.appVersionCode === null ? null : Number(r.appVersionCode),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** Outcome of a registration by API key: the device id, or why no app accepted it. */
export type RegisterResult = { id: number } | 'unknownKey' | 'inactiveApp';

export function devicesRepository(db: Db) {
  // Built on first use, per database handle (a transaction gets its own).
  let byKey: RegisterStatement | undefined;
  let byAppId: RegisterStatement | undefined;

  function listWhere(scope: DeviceScope, q: Pick<DevicesQuery, 'appId' | 'filter'>): SQL | undefined {
    const conds: (SQL | undefined)[] = [];
    if (scope.appIds) conds.push(inArray(devices.appId, scope.appIds));
    if (q.appId !== undefined) conds.push(eq(devices.appId, q.appId));
    if (q.filter) {
      // Each ILIKE '%…%' is served by that column's pg_trgm GIN index (a BitmapOr of the three).
      const p = likePattern(q.filter);
      conds.push(or(ilike(devices.uniqueDeviceId, p), ilike(devices.model, p), ilike(devices.fcmToken, p)));
    }
    return and(...conds);
  }

  /** `SELECT devices.id … WHERE …`, a fresh builder per use (Drizzle's builders are mutable). */
  function matchingIds(where: SQL | undefined) {
    return db.select({ id: devices.id }).from(devices).where(where);
  }

  async function rowsByIds(ids: number[]): Promise<DeviceDto[]> {
    if (!ids.length) return [];
    const rows = await db
      .select(rowFields)
      .from(devices)
      .innerJoin(apps, eq(apps.id, devices.appId))
      .where(inArray(devices.id, ids))
      .orderBy(desc(devices.id));
    return rows.map(toDto);
  }

  /**
   * The ids of one page, newest first, from an index-ordered scan (ids only, so a deep unfiltered
   * offset walks just the id index). Over several apps (an app admin's), each app's newest matches
   * come from its own (app_id, id) primary-key range and are merged, instead of walking the global
   * id index past every other app's devices, which is slow when those apps are the busy ones.
   */
  async function pageIds(scope: DeviceScope, q: DevicesQuery, where: SQL | undefined, offset: number): Promise<number[]> {
    if (!scope.appIds || scope.appIds.length < 2 || q.appId !== undefined) {
      const rows = await matchingIds(where).orderBy(desc(devices.id)).limit(q.size).offset(offset);
      return rows.map((r) => Number(r.id));
    }
    const branches = scope.appIds.map(
      (appId) => sql`(${matchingIds(and(where, eq(devices.appId, appId))).orderBy(desc(devices.id)).limit(offset + q.size).getSQL()})`,
    );
    const res = await db.execute(sql`SELECT id FROM (${sql.join(branches, sql` UNION ALL `)}) AS merged ORDER BY id DESC LIMIT ${q.size} OFFSET ${offset}`);
    return rowsOf(res).map((r) => Number(r.id));
  }

  return {
    /**
     * One page, newest first (id descending: ids grow with registration and are unique). The
     * planner's estimate of the match count picks the strategy (ARCHITECTURE §8, 50 ms a page
     * over a million devices):
     * - small (estimate ≤ 2 × COUNT_EXACT_LIMIT, allowing for its error): the matches, capped at
     *   the limit, are collected once, giving the exact count and the page's ids together;
     * - large, or the cap was hit: the page comes from an index-ordered scan (pageIds) and the
     *   count is the estimate, flagged.
     */
    async list(scope: DeviceScope, q: DevicesQuery): Promise<DeviceList> {
      if (scope.appIds?.length === 0) return { rows: [], count: 0, countEstimated: false };
      const where = listWhere(scope, q);
      const offset = (q.page - 1) * q.size;
      const explained = await db.execute(sql`EXPLAIN (FORMAT JSON) ${matchingIds(where).getSQL()}`);
      let estimate = planRows(rowsOf(explained));

      if (estimate <= 2 * COUNT_EXACT_LIMIT) {
        const res = await db.execute(sql`
          WITH m AS MATERIALIZED (${matchingIds(where).limit(COUNT_EXACT_LIMIT + 1).getSQL()})
          SELECT (SELECT count(*) FROM m) AS total,
                 ARRAY(SELECT id FROM m ORDER BY id DESC LIMIT ${q.size} OFFSET ${offset}) AS ids`);
        const row = rowsOf(res)[0] as { total: unknown; ids: unknown[] };
        const total = toCount(row.total);
        if (total <= COUNT_EXACT_LIMIT) {
          return { rows: await rowsByIds(row.ids.map(Number)), count: total, countEstimated: false };
        }
        estimate = Math.max(estimate, total);
      }

      const rows = await rowsByIds(await pageIds(scope, q, where, offset));
      // A short page ends the matches: then the total is known exactly after all.
      if (rows.length < q.size && (rows.length > 0 || offset === 0)) return { rows, count: offset + rows.length, countEstimated: false };
      return { rows, count: Math.max(estimate, offset + rows.length), countEstimated: true };
    },

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
     * The mobile apps' registration: the app is the one whose API key is `apiKey`, if active. One
     * statement (one round trip) looks the app up, upserts the device and records a new version.
     */
    async registerByApiKey(apiKey: string, fields: DeviceFields): Promise<RegisterResult> {
      byKey ??= registerStatement(db, 'device_register_by_key', sql`SELECT id FROM apps WHERE api_key = ${sql.placeholder('app')} AND active`);
      const id = await runRegister(byKey, apiKey, fields);
      if (id !== undefined) return { id };
      // The rare failure path tells an unknown key from an inactive app.
      const [app] = await db.select({ active: apps.active }).from(apps).where(eq(apps.apiKey, apiKey));
      return app ? 'inactiveApp' : 'unknownKey';
    },

    /** The panel's registration for an app the caller may access (checked by the route). */
    async registerForApp(appId: number, fields: DeviceFields): Promise<{ id: number } | undefined> {
      byAppId ??= registerStatement(db, 'device_register_by_app', sql`SELECT id FROM apps WHERE id = ${sql.placeholder('app')}`);
      const id = await runRegister(byAppId, appId, fields);
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

    /** Bulk insert for tests and the benchmark (no version records). */
    async insertMany(rows: (DeviceFields & { appId: number })[]): Promise<void> {
      for (let i = 0; i < rows.length; i += 1000) {
        await db.insert(devices).values(
          rows.slice(i, i + 1000).map((r) => ({
            appId: r.appId,
            uniqueDeviceId: r.uniqueDeviceId,
            fcmToken: r.fcmToken,
            model: r.model ?? null,
            appVersionCode: r.appVersionCode == null ? null : versionKey(r.appVersionCode),
          })),
        );
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

async function runRegister(statement: RegisterStatement, app: number | string, f: DeviceFields): Promise<number | undefined> {
  const [row] = await statement.execute({
    app,
    uniqueDeviceId: f.uniqueDeviceId,
    model: f.model ?? null,
    fcmToken: f.fcmToken,
    version: f.appVersionCode == null ? null : versionKey(f.appVersionCode),
  });
  return row ? Number(row.id) : undefined;
}


/** The rows of a raw `db.execute` result; both drivers answer `{rows}`. */
const rowsOf = (res: unknown): Record<string, unknown>[] => (res as { rows: Record<string, unknown>[] }).rows;

/** "Plan Rows" of the top node of EXPLAIN (FORMAT JSON), from either driver's row shape. */
function planRows(rows: unknown[]): number {
  const first = rows[0] as Record<string, unknown> | undefined;
  let plan: unknown = first && Object.values(first)[0];
  if (typeof plan === 'string') plan = JSON.parse(plan);
  const top = (plan as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan;
  return Math.round(Number(top?.['Plan Rows'] ?? 0));
}
