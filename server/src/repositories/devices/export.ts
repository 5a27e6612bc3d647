// The device list exported whole (GET apps/devices/export, src/contract/exports.ts): every device
// that matches the list's filters, in the list's order (page-sql.ts listOrder: the sort key,
// then the id, one direction; a missing model or version is larger than any value), read a batch at
// a time by keyset pagination: each batch is the next `size` rows after the last one written, found
// from the same indexes the list walks (schema/devices.ts), so a batch costs its own rows however
// deep into a million devices it is, and nothing is held between batches but the last row's key.
//
// A row comparison `(k, id) > (k0, id0)` is an index condition on (k, id) and on (app_id, k, id),
// but it is never true for a NULL k; so an order whose key may be missing (model, version) runs in
// two stretches: ascending, the rows with a key, then the rows without (by id); descending, the
// other way round. Over several apps (an app admin's, without the app filter) each batch takes the
// next rows of each app from that app's index and merges them, as the list's pages do
// (planner.ts walksOf), instead of walking the global index past every other app's devices.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { LIST_EXPORT_BATCH, type DevicesExportQuery } from '../../../../src/contract/exports';
import type { Db } from '../../db/client';
import { apps, devices } from '../../db/schema';
import { listOrder, rowsOf, scopeWhere, textMatch, type ListOrder } from './page-sql';
import { toDto, type DeviceDto, type DeviceScope, type RawRow } from './rows';

/** Past this many apps in scope, one walk over `app_id IN (…)` instead of one per app. */
const MERGED_APPS_LIMIT = 64;

/** Where the previous batch ended: its last row's key (as text) and id. */
interface Cursor {
  /** Whether the last row had a key (the stretch it was in). */
  keyed: boolean;
  k: string | null;
  id: string;
}

const dir = (ascending: boolean) => sql.raw(ascending ? 'ASC' : 'DESC');

/** The key typed back from its text: the version is compared as a number, the rest as text. */
const keyParam = (o: ListOrder, k: string) => (o.byVersion ? sql`${k}::numeric` : sql`${k}::text`);

/**
 * The condition of the stretch the next batch reads from and of the rows after `after` in it; the
 * stretch is the keyed rows (`keyed`) or the rows without a key.
 */
function afterCursor(o: ListOrder, keyed: boolean, after: Cursor | undefined): SQL {
  const cmp = sql.raw(o.ascending ? '>' : '<');
  const id = after && sql`${after.id}::bigint`;
  if (o.byId) return id ? sql`${devices.id} ${cmp} ${id}` : sql`TRUE`;
  if (!keyed) return sql`${o.key} IS NULL${id && after!.keyed === false ? sql` AND ${devices.id} ${cmp} ${id}` : sql``}`;
  if (!after || !after.keyed || after.k === null) return sql`${o.key} IS NOT NULL`;
  return sql`${o.key} IS NOT NULL AND (${o.key}, ${devices.id}) ${cmp} (${keyParam(o, after.k)}, ${id!})`;
}

const ORDERED_COLUMNS = sql`d.id, d.app_id AS "appId", d.model, d.unique_device_id AS "uniqueDeviceId", d.fcm_token AS "fcmToken",
  d.app_version_code AS "appVersionCode", d.created_at AS "createdAt", d.updated_at AS "updatedAt"`;

/** A timestamp of a raw result: a Date from both drivers, or its text. */
const asDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

/**
 * The matching devices of `scope` for the export query `q`, a batch of at most `size` rows at a
 * time, in the list's order. Nothing is read until the first batch is asked for, and each batch
 * only when the one before has been taken (the caller's stream pulls them as it sends).
 */
export async function* deviceExportBatches(db: Db, scope: DeviceScope, q: DevicesExportQuery, size = LIST_EXPORT_BATCH): AsyncGenerator<DeviceDto[]> {
  if (scope.appIds?.length === 0) return;
  if (scope.appIds && q.appId !== undefined && !scope.appIds.includes(q.appId)) return;
  const o = listOrder(q);
  const text = q.filter ? textMatch(q.filter) : undefined;
  // One walk per app of the scope (merged), or one walk.
  const perApp = scope.appIds && q.appId === undefined && scope.appIds.length > 1 && scope.appIds.length <= MERGED_APPS_LIMIT;
  const walks: (SQL | undefined)[] = perApp ? scope.appIds!.map((appId) => and(eq(devices.appId, appId), text)) : [and(scopeWhere(scope, q), text)];
  const names = new Map<number, string>();

  // Ascending: keyed rows first, then the keyless; descending the other way. Sorted by id: one stretch.
  const stretches = o.byId ? [true] : o.ascending ? [true, false] : [false, true];
  let cursor: Cursor | undefined;
  for (const keyed of stretches) {
    const byKey = !o.byId && keyed;
    for (;;) {
      const after = afterCursor(o, keyed, cursor);
      const one = (cond: SQL | undefined) =>
        sql`(SELECT ${devices.id} AS id, ${devices.appId} AS app_id, ${o.key} AS k FROM ${devices} WHERE ${and(cond, after)} ORDER BY ${orderOf(o, byKey, sql`${o.key}`, sql`${devices.id}`)} LIMIT ${size})`;
      const keys =
        walks.length === 1
          ? one(walks[0])
          : sql`(SELECT * FROM (${sql.join(walks.map(one), sql` UNION ALL `)}) AS merged ORDER BY ${orderOf(o, byKey, sql`k`, sql`id`)} LIMIT ${size})`;
      const res = await db.execute(sql`
        SELECT ${ORDERED_COLUMNS}, p.k::text AS cursor_k
        FROM ${keys} AS p JOIN ${devices} d ON d.app_id = p.app_id AND d.id = p.id
        ORDER BY ${orderOf(o, byKey, sql`p.k`, sql`p.id`)}`);
      const rows = rowsOf(res);
      if (!rows.length) break;
      await nameApps(
        db,
        names,
        rows.map((r) => Number(r.appId)),
      );
      yield rows.map((r) =>
        toDto({
          ...(r as unknown as RawRow),
          appName: names.get(Number(r.appId)) ?? '',
          createdAt: asDate(r.createdAt),
          updatedAt: asDate(r.updatedAt),
        }),
      );
      const last = rows[rows.length - 1];
      cursor = { keyed, k: last.cursor_k === null || last.cursor_k === undefined ? null : String(last.cursor_k), id: String(last.id) };
      if (rows.length < size) break;
    }
  }
}

/** ORDER BY terms of a stretch: the key then the id (keyed rows of a key order), else the id alone; one direction. */
function orderOf(o: ListOrder, byKey: boolean, key: SQL, id: SQL): SQL {
  const d = dir(o.ascending);
  return byKey ? sql`${key} ${d}, ${id} ${d}` : sql`${id} ${d}`;
}

/** Adds the names of apps not yet named (an app's name is read once per export). */
async function nameApps(db: Db, names: Map<number, string>, appIds: number[]): Promise<void> {
  const missing = [...new Set(appIds)].filter((id) => !names.has(id));
  if (!missing.length) return;
  const rows = await db.select({ id: apps.id, name: apps.name }).from(apps).where(inArray(apps.id, missing));
  for (const r of rows) names.set(r.id, r.name);
}
