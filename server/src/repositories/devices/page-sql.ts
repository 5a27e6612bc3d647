// The device list's SQL pieces (docs/architecture.md §8): the list's orders as its indexes spell
// them, the text filter's conditions, and the statements every page plan shares (the page's rows
// read with what the plan learnt, the sorted matches, a capped collection). The plans themselves
// are in planner.ts and model-runs.ts.
import { and, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DeviceSortKey, DevicesQuery } from '../../../../src/contract';
import type { Db } from '../../db/client';
import { toCount } from '../../db/helpers';
import { apps, devices } from '../../db/schema';
import { rowFields, toDto, type DeviceDto, type DeviceScope, type RawRow } from './rows';

/**
 * The text filter looks at this many leading characters of an FCM token (its trigram index,
 * schema/devices.ts, covers only those): the installation id and the token's start, which is what
 * anyone searching for a token has at hand. Indexing whole tokens cost most of each registration.
 */
export const FCM_FILTER_CHARS = 32;

/** `%`, `_` and the escape character itself match literally in the ILIKE filter. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A list order: the sort expression, written exactly as its index in schema/devices.ts spells it
 * (the planner matches index expressions by their text), then the id, both in one direction.
 */
export interface ListOrder {
  key: SQL;
  byId: boolean;
  byVersion: boolean;
  ascending: boolean;
}

const SORT_KEYS: Record<DeviceSortKey, SQL> = {
  id: sql`${devices.id}`,
  model: sql`${devices.model}`,
  uniqueDeviceId: sql`${devices.uniqueDeviceId}`,
  appVersionCode: sql`(${devices.appVersionCode}::numeric)`,
};

export const listOrder = (q: Pick<DevicesQuery, 'sort' | 'ascending'>): ListOrder => ({
  key: SORT_KEYS[q.sort],
  byId: q.sort === 'id',
  byVersion: q.sort === 'appVersionCode',
  ascending: q.ascending,
});

/** The order's two terms: on the table itself, or on a subquery's output columns `k` and `id`. */
export const onTable = (o: ListOrder) => ({ key: o.key, id: sql`${devices.id}` });
export const onOutput = { key: sql`k`, id: sql`id` };

/** `ORDER BY` terms; one direction for both, so that one ascending index serves either. */
export function orderBy(o: ListOrder, terms: { key: SQL; id: SQL }): SQL {
  const dir = sql.raw(o.ascending ? 'ASC' : 'DESC');
  return o.byId ? sql`${terms.id} ${dir}` : sql`${terms.key} ${dir}, ${terms.id} ${dir}`;
}

export const selectKey = (o: ListOrder) => sql`SELECT ${devices.id} AS id, ${o.key} AS k`;

export const whereOf = (c: SQL | undefined) => c ?? sql`TRUE`;

/** The list's conditions apart from the text filter: the caller's apps and the app filter. */
export function scopeWhere(scope: DeviceScope, q: Pick<DevicesQuery, 'appId'>): SQL | undefined {
  return and(scope.appIds ? inArray(devices.appId, scope.appIds) : undefined, q.appId !== undefined ? eq(devices.appId, q.appId) : undefined);
}

/**
 * The text filter (docs/product.md §7 "Devices"): a case-insensitive substring of uniqueDeviceId or model, or
 * of the fcmToken's first FCM_FILTER_CHARS characters (a longer text, such as a whole pasted
 * token, matches a token that begins with it).
 */
export function textMatch(filter: string): SQL {
  const parts = textParts(filter);
  return or(parts.deviceId, parts.model, parts.token)!;
}

/** The text filter's three conditions, one per field. */
export function textParts(filter: string): { deviceId: SQL; model: SQL; token: SQL } {
  // Each ILIKE '%…%' is served by a pg_trgm GIN index (a BitmapOr of the three), the token's by
  // the one on its start, written as that index spells it.
  const p = likePattern(filter);
  const tokenStart = ilike(sql`left(${devices.fcmToken}, ${sql.raw(String(FCM_FILTER_CHARS))})`, likePattern(filter.slice(0, FCM_FILTER_CHARS)));
  const token = filter.length > FCM_FILTER_CHARS ? and(tokenStart, ilike(devices.fcmToken, p))! : tokenStart;
  return { deviceId: ilike(devices.uniqueDeviceId, p), model: ilike(devices.model, p), token };
}

/**
 * One statement that works out a page and reads its rows: after the common table expressions
 * `ctes`, the columns `meta` (what the plan learnt: a total, whether a walk settled) and the rows
 * whose ids the array expression `ids` lists, in its order (none when it is empty or null). Saves
 * the round trip of asking for the rows once the ids are known.
 */
export async function pageWithRows<M extends Record<string, unknown>>(
  db: Db,
  ctes: SQL[],
  meta: Record<keyof M, SQL>,
  ids: SQL,
): Promise<{ meta: M; rows: DeviceDto[] }> {
  const names = Object.keys(meta) as (keyof M & string)[];
  const res = await db.execute(sql`
    ${ctes.length ? sql`WITH ${sql.join(ctes, sql`, `)}` : sql``}
    SELECT ${sql.join(
      names.map((n) => sql`m.${sql.identifier(`meta_${n}`)}`),
      sql`, `,
    )},
           d.id, d.app_id AS "appId", a.name AS "appName", d.model, d.unique_device_id AS "uniqueDeviceId", d.fcm_token AS "fcmToken",
           d.app_version_code AS "appVersionCode", d.created_at AS "createdAt", d.updated_at AS "updatedAt"
    FROM (SELECT ${sql.join(
      names.map((n) => sql`${meta[n]} AS ${sql.identifier(`meta_${n}`)}`),
      sql`, `,
    )}, ${ids} AS ids) AS m
    LEFT JOIN LATERAL unnest(m.ids) WITH ORDINALITY AS p(page_id, page_at) ON TRUE
    LEFT JOIN ${devices} d ON d.id = p.page_id
    LEFT JOIN ${apps} a ON a.id = d.app_id
    ORDER BY p.page_at`);
  const all = rowsOf(res);
  const metaOf = Object.fromEntries(names.map((n) => [n, all[0]?.[`meta_${n}`]])) as M;
  const rows = all
    .filter((r) => r.id !== null && r.id !== undefined)
    .map((r) => toDto({ ...(r as unknown as RawRow), createdAt: asDate(r.createdAt), updatedAt: asDate(r.updatedAt) }));
  return { meta: metaOf, rows };
}

/**
 * Every match (or the first `cap`), then one page of them sorted: the exact total and the page's
 * ids in one statement. The matches come from the filter's own indexes (the trigram indexes for
 * text), so the cost follows the number of matches, whatever the order.
 */
export async function sortedMatches(
  db: Db,
  where: SQL | undefined,
  o: ListOrder,
  offset: number,
  size: number,
  cap?: number,
  onlyIf?: SQL,
): Promise<{ total: number; rows: DeviceDto[]; looked: boolean }> {
  const { meta, rows } = await pageWithRows<{ total: unknown; looked: boolean }>(
    db,
    cappedMatches(
      'matches',
      sql`SELECT ${devices.id} AS id, ${o.key} AS k FROM ${devices} WHERE ${whereOf(where)}${onlyIf ? sql` AND ${onlyIf}` : sql``}`,
      cap,
    ),
    { total: sql`(SELECT count(*) FROM matches)`, looked: onlyIf ?? sql`TRUE` },
    sql`ARRAY(SELECT id FROM matches ORDER BY ${orderBy(o, onOutput)} LIMIT ${size} OFFSET ${offset})`,
  );
  return { total: toCount(meta.total), rows, looked: Boolean(meta.looked) };
}

/**
 * The rows whose ids the array expression `ids` lists, in its order, in one statement: the
 * page's ids come from an index alone, and only those rows are read (a deferred join).
 */
export async function rowsOfPage(db: Db, ids: SQL): Promise<DeviceDto[]> {
  const page = db
    .$with('page', { pageId: sql<number>`page_id`.as('page_id'), at: sql<number>`page_at`.as('page_at') })
    .as(sql`SELECT page_id, page_at FROM unnest(${ids}) WITH ORDINALITY AS p(page_id, page_at)`);
  const rows = await db
    .with(page)
    .select(rowFields)
    .from(page)
    .innerJoin(devices, eq(devices.id, page.pageId))
    .innerJoin(apps, eq(apps.id, devices.appId))
    .orderBy(page.at);
  return rows.map(toDto);
}

/**
 * Common table expressions naming the first `cap` rows of `query` (all of them without a cap).
 * The query is its own materialized expression, planned to read every row (as a common table
 * expression always is), and the cap reads from it lazily: a LIMIT in the query itself would let
 * the planner pick a sequential scan that it expects to stop early, which reads the whole table
 * when the matches are fewer than the cap.
 */
export function cappedMatches(name: string, query: SQL, cap: number | undefined): SQL[] {
  const all = sql.identifier(`${name}_all`);
  return cap === undefined
    ? [sql`${sql.identifier(name)} AS MATERIALIZED (${query})`]
    : [sql`${all} AS MATERIALIZED (${query})`, sql`${sql.identifier(name)} AS MATERIALIZED (SELECT * FROM ${all} LIMIT ${cap})`];
}

/** The rows of a raw `db.execute` result; both drivers answer `{rows}`. */
export const rowsOf = (res: unknown): Record<string, unknown>[] => (res as { rows: Record<string, unknown>[] }).rows;

/** "Plan Rows" of the top node of EXPLAIN (FORMAT JSON), from either driver's row shape. */
export function planRows(rows: unknown[]): number {
  const first = rows[0] as Record<string, unknown> | undefined;
  let plan: unknown = first && Object.values(first)[0];
  if (typeof plan === 'string') plan = JSON.parse(plan);
  const top = (plan as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan;
  return Math.round(Number(top?.['Plan Rows'] ?? 0));
}

/** A timestamp column of a raw result: a Date from both drivers, or its text. */
const asDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
