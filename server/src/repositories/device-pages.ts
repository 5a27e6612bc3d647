// The device list's page planner (docs/architecture.md §8: a page in ≤ 50 ms over a million devices):
// picks, from the planner's estimate of the match count, between sorting every match and walking
// an index in the list's order, and reads the page's rows. Moved out of devices.ts, which keeps
// the registration upsert and the single-device reads and writes.
import { and, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DeviceSortKey, DevicesQuery } from '../../../src/contract';
import type { Db } from '../db/client';
import { toCount } from '../db/helpers';
import { apps, deviceModels, devices } from '../db/schema';
import { fromTheEnd, inVersionOrder, versionGroups } from './device-positions';
import { rowFields, toDto, type DeviceDto, type DeviceList, type DeviceScope, type RawRow } from './device-rows';

/**
 * Up to this many matches the list's count is exact; past it the answer is the planner's
 * estimate. An exact count(*) over a million rows (or over a broad trigram match, which must
 * recheck every row) costs more than the 50 ms page budget (docs/architecture.md §8), and a pager does
 * not need the exact figure at that size.
 */
export const COUNT_EXACT_LIMIT = 10_000;

/**
 * The text filter looks at this many leading characters of an FCM token (its trigram index,
 * schema/devices.ts, covers only those): the installation id and the token's start, which is what
 * anyone searching for a token has at hand. Indexing whole tokens cost most of each registration.
 */
export const FCM_FILTER_CHARS = 32;

/** `%`, `_` and the escape character itself match literally in the ILIKE filter. */
const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A filtered walk in index order first reads at most this many rows (or twice the rows up to the
 * page, if more) before it looks again at how far to go (walkPage): a bound on the rows read for
 * one page when the matches lie far along the order.
 */
export const WALK_LIMIT = 10_000;

/**
 * A text filter that names some models (device_models) is answered from those models' runs of an
 * index (modelRunsPage) when the runs to merge, one per model (and per app of an app admin), are at
 * most this many; past it the filter is broad in another way (a short fragment), and the other
 * plans serve it.
 */
export const MODEL_RUNS_LIMIT = 32;

/**
 * modelRunsPage collects, sorts and merges the filter's other matches (a device id or token
 * fragment on a device whose model does not match) when they are at most this many; with more it
 * gives way to the other plans.
 */
export const OTHER_MATCHES_LIMIT = 1_000;

/**
 * A text filter that names no stored model (a device id or token fragment) most often matches a
 * few devices: up to this many are collected and sorted in a first look sent together with the
 * estimate, which then answers the page and its exact count in one wait instead of two.
 */
export const FIRST_LOOK_LIMIT = 1_000;

/**
 * A list order: the sort expression, written exactly as its index in schema/devices.ts spells it
 * (the planner matches index expressions by their text), then the id, both in one direction.
 */
interface ListOrder {
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

const listOrder = (q: Pick<DevicesQuery, 'sort' | 'ascending'>): ListOrder => ({
  key: SORT_KEYS[q.sort],
  byId: q.sort === 'id',
  byVersion: q.sort === 'appVersionCode',
  ascending: q.ascending,
});

/** The order's two terms: on the table itself, or on a subquery's output columns `k` and `id`. */
const onTable = (o: ListOrder) => ({ key: o.key, id: sql`${devices.id}` });
const onOutput = { key: sql`k`, id: sql`id` };

/** `ORDER BY` terms; one direction for both, so that one ascending index serves either. */
function orderBy(o: ListOrder, terms: { key: SQL; id: SQL }): SQL {
  const dir = sql.raw(o.ascending ? 'ASC' : 'DESC');
  return o.byId ? sql`${terms.id} ${dir}` : sql`${terms.key} ${dir}, ${terms.id} ${dir}`;
}

/** The planner's thresholds: WALK_LIMIT and COUNT_EXACT_LIMIT but in tests, which lower them to reach every path with little data. */
export interface PageLimits {
  walkLimit?: number;
  exactLimit?: number;
  /** MODEL_RUNS_LIMIT; 0 turns the model runs' plan off (tests compare the plans). */
  modelRunsLimit?: number;
  otherMatchesLimit?: number;
  /** FIRST_LOOK_LIMIT, at most exactLimit by default; 0 turns the first look off. */
  firstLookLimit?: number;
}

export function devicePages(
  db: Db,
  {
    walkLimit = WALK_LIMIT,
    exactLimit = COUNT_EXACT_LIMIT,
    modelRunsLimit = MODEL_RUNS_LIMIT,
    otherMatchesLimit = OTHER_MATCHES_LIMIT,
    firstLookLimit = Math.min(FIRST_LOOK_LIMIT, exactLimit),
  }: PageLimits = {},
) {
  const whereOf = (c: SQL | undefined) => c ?? sql`TRUE`;

  /** The list's conditions apart from the text filter: the caller's apps and the app filter. */
  function scopeWhere(scope: DeviceScope, q: Pick<DevicesQuery, 'appId'>): SQL | undefined {
    return and(scope.appIds ? inArray(devices.appId, scope.appIds) : undefined, q.appId !== undefined ? eq(devices.appId, q.appId) : undefined);
  }

  /**
   * The text filter (docs/product.md §7 "Devices"): a case-insensitive substring of uniqueDeviceId or model, or
   * of the fcmToken's first FCM_FILTER_CHARS characters (a longer text, such as a whole pasted
   * token, matches a token that begins with it).
   */
  function textMatch(filter: string): SQL {
    const parts = textParts(filter);
    return or(parts.deviceId, parts.model, parts.token)!;
  }

  /** The text filter's three conditions, one per field. */
  function textParts(filter: string): { deviceId: SQL; model: SQL; token: SQL } {
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
  async function pageWithRows<M extends Record<string, unknown>>(ctes: SQL[], meta: Record<keyof M, SQL>, ids: SQL): Promise<{ meta: M; rows: DeviceDto[] }> {
    const names = Object.keys(meta) as (keyof M & string)[];
    const res = await db.execute(sql`
      ${ctes.length ? sql`WITH ${sql.join(ctes, sql`, `)}` : sql``}
      SELECT ${sql.join(names.map((n) => sql`m.${sql.identifier(`meta_${n}`)}`), sql`, `)},
             d.id, d.app_id AS "appId", a.name AS "appName", d.model, d.unique_device_id AS "uniqueDeviceId", d.fcm_token AS "fcmToken",
             d.app_version_code AS "appVersionCode", d.created_at AS "createdAt", d.updated_at AS "updatedAt"
      FROM (SELECT ${sql.join(names.map((n) => sql`${meta[n]} AS ${sql.identifier(`meta_${n}`)}`), sql`, `)}, ${ids} AS ids) AS m
      LEFT JOIN LATERAL unnest(m.ids) WITH ORDINALITY AS p(page_id, page_at) ON TRUE
      LEFT JOIN ${devices} d ON d.id = p.page_id
      LEFT JOIN ${apps} a ON a.id = d.app_id
      ORDER BY p.page_at`);
    const all = rowsOf(res);
    const metaOf = Object.fromEntries(names.map((n) => [n, all[0]?.[`meta_${n}`]])) as M;
    const rows = all.filter((r) => r.id !== null && r.id !== undefined).map((r) => toDto({ ...(r as unknown as RawRow), createdAt: asDate(r.createdAt), updatedAt: asDate(r.updatedAt) }));
    return { meta: metaOf, rows };
  }

  /**
   * Every match (or the first `cap`), then one page of them sorted: the exact total and the page's
   * ids in one statement. The matches come from the filter's own indexes (the trigram indexes for
   * text), so the cost follows the number of matches, whatever the order.
   */
  async function sortedMatches(
    where: SQL | undefined,
    o: ListOrder,
    offset: number,
    size: number,
    cap?: number,
    onlyIf?: SQL,
  ): Promise<{ total: number; rows: DeviceDto[]; looked: boolean }> {
    const { meta, rows } = await pageWithRows<{ total: unknown; looked: boolean }>(
      cappedMatches('matches', sql`SELECT ${devices.id} AS id, ${o.key} AS k FROM ${devices} WHERE ${whereOf(where)}${onlyIf ? sql` AND ${onlyIf}` : sql``}`, cap),
      { total: sql`(SELECT count(*) FROM matches)`, looked: onlyIf ?? sql`TRUE` },
      sql`ARRAY(SELECT id FROM matches ORDER BY ${orderBy(o, onOutput)} LIMIT ${size} OFFSET ${offset})`,
    );
    return { total: toCount(meta.total), rows, looked: Boolean(meta.looked) };
  }

  /**
   * What one page walks, in index order (the indexes of schema/devices.ts, one per order): the
   * list's own conditions, or over several apps (an app admin's) each app's, whose first rows come
   * from that app's (app_id, …) index and are merged, instead of walking the global index past
   * every other app's devices, which is slow when those apps are the busy ones.
   */
  const walksOf = (scope: DeviceScope, q: DevicesQuery, cond: SQL | undefined): (SQL | undefined)[] =>
    scope.appIds && scope.appIds.length > 1 && q.appId === undefined ? scope.appIds.map((appId) => and(cond, eq(devices.appId, appId))) : [cond];

  const selectKey = (o: ListOrder) => sql`SELECT ${devices.id} AS id, ${o.key} AS k`;

  /**
   * Without a text filter every row walked is a match: the walks read just the rows up to the
   * page, from the index alone. Given the walks' exact `total`, a page past the middle is read
   * backwards from the end, which skips fewer rows.
   */
  function indexPage(walks: (SQL | undefined)[], o: ListOrder, offset: number, size: number, total?: number): SQL {
    const reversed = total === undefined ? undefined : fromTheEnd(offset, size, total);
    if (reversed) {
      const backwards = indexPage(walks, { ...o, ascending: !o.ascending }, reversed.offset, reversed.size);
      return sql`ARRAY(SELECT id FROM unnest(${backwards}) WITH ORDINALITY AS b(id, n) ORDER BY n DESC)`;
    }
    const order = orderBy(o, onTable(o));
    return walks.length === 1
      ? sql`ARRAY(SELECT ${devices.id} FROM ${devices} WHERE ${whereOf(walks[0])} ORDER BY ${order} LIMIT ${size} OFFSET ${offset})`
      : sql`ARRAY(
          SELECT id FROM (${sql.join(walks.map((c) => sql`(${selectKey(o)} FROM ${devices} WHERE ${whereOf(c)} ORDER BY ${order} LIMIT ${offset + size})`), sql` UNION ALL `)}) AS merged
          ORDER BY ${orderBy(o, onOutput)} LIMIT ${size} OFFSET ${offset})`;
  }

  /**
   * The rows whose ids the array expression `ids` lists, in its order, in one statement: the
   * page's ids come from an index alone, and only those rows are read (a deferred join).
   */
  async function rowsOfPage(ids: SQL): Promise<DeviceDto[]> {
    const page = db.$with('page', { pageId: sql<number>`page_id`.as('page_id'), at: sql<number>`page_at`.as('page_at') }).as(sql`SELECT page_id, page_at FROM unnest(${ids}) WITH ORDINALITY AS p(page_id, page_at)`);
    const rows = await db.with(page).select(rowFields).from(page).innerJoin(devices, eq(devices.id, page.pageId)).innerJoin(apps, eq(apps.id, devices.appId)).orderBy(page.at);
    return rows.map(toDto);
  }

  /**
   * With a text filter each row walked is read and tested, so each walk stops after `limit` rows.
   * A walk settles its part of the page when it found every match up to the page, or when its rows
   * ran out before `limit`. Answers the page when every walk settled, else the fewest matches an
   * unsettled walk found.
   */
  async function filteredWalk(walks: (SQL | undefined)[], text: SQL, o: ListOrder, offset: number, size: number, limit: number): Promise<{ rows: DeviceDto[] } | { found: number }> {
    const need = offset + size;
    const names = walks.map((_, i) => sql.raw(`w${i}`));
    const ctes = walks.map(
      (c, i) => sql`${names[i]} AS (
        SELECT id, k FROM (${selectKey(o)}, (${text}) AS hit FROM ${devices} WHERE ${whereOf(c)} ORDER BY ${orderBy(o, onTable(o))} LIMIT ${limit}) AS walked
        WHERE hit ORDER BY ${orderBy(o, onOutput)} LIMIT ${need})`,
    );
    const found = names.map((n) => sql`(SELECT count(*) FROM ${n})`);
    const settled = walks.map(
      (c, i) => sql`CASE WHEN ${found[i]} >= ${need} THEN TRUE ELSE (SELECT count(*) FROM (SELECT 1 FROM ${devices} WHERE ${whereOf(c)} LIMIT ${limit}) AS s) < ${limit} END`,
    );
    const { meta, rows } = await pageWithRows<{ settled: boolean[]; found: unknown[] }>(
      ctes,
      { settled: sql`ARRAY[${sql.join(settled, sql`, `)}]`, found: sql`ARRAY[${sql.join(found, sql`, `)}]` },
      sql`ARRAY(SELECT id FROM (${sql.join(names.map((n) => sql`SELECT id, k FROM ${n}`), sql` UNION ALL `)}) AS merged
                   ORDER BY ${orderBy(o, onOutput)} LIMIT ${size} OFFSET ${offset})`,
    );
    if (meta.settled.every(Boolean)) return { rows };
    return { found: Math.min(...meta.found.filter((_, i) => !meta.settled[i]).map(toCount)) };
  }

  /**
   * The ids of one page from index-ordered walks, or undefined when a filtered walk cannot settle
   * it cheaply and the caller should sort the matches instead (sortedMatches, whose cost follows
   * their number rather than the table's). A filter's matches may lie far along the order (a
   * model name, sorted by model descending, starts with every other model), so a first walk reads
   * at most max(WALK_LIMIT, 2 × rows up to the page) rows. If it found some matches but too few,
   * and at the density it saw the page ends fewer rows along than there are matches (estimated),
   * a second walk goes up to twice that far.
   */
  async function walkPage(walks: (SQL | undefined)[], text: SQL, o: ListOrder, offset: number, size: number, estimate: number): Promise<DeviceDto[] | undefined> {
    const need = offset + size;
    const limit = Math.max(walkLimit, 2 * need);
    let walked = await filteredWalk(walks, text, o, offset, size, limit);
    if ('found' in walked && walked.found > 0) {
      // At the density the walk saw, the page ends this many rows along (the walk stops there).
      const expectedRows = (need * limit) / walked.found;
      if (expectedRows <= estimate) walked = await filteredWalk(walks, text, o, offset, size, Math.ceil(2 * expectedRows));
    }
    return 'rows' in walked ? walked.rows : undefined;
  }

  /**
   * A page without a text filter. Near the start, the walks up to it; deeper (past walkLimit
   * rows), where the rows skipped would cost more than the page, the list's exact size per version
   * (device-positions.ts) places it: sorted by version, inside the run of its version (or the
   * runs it spans), else in the whole list, either way read from the nearer end.
   */
  async function unfilteredPage(scope: DeviceScope, q: DevicesQuery, walks: (SQL | undefined)[], o: ListOrder, offset: number, size: number): Promise<SQL> {
    if (offset < walkLimit) return indexPage(walks, o, offset, size);
    const appIds = q.appId === undefined ? scope.appIds : scope.appIds && !scope.appIds.includes(q.appId) ? [] : [q.appId];
    const groups = await versionGroups(db, appIds);
    if (!o.byVersion) return indexPage(walks, o, offset, size, groups.reduce((sum, g) => sum + g.n, 0));
    // The page's part of each version run it spans, concatenated and cut to the page (should a
    // registration meanwhile have changed a run, the page still holds rows in the list's order).
    const parts: SQL[] = [];
    let skip = offset;
    let left = size;
    for (const g of inVersionOrder(groups, o.ascending)) {
      if (left <= 0) break;
      if (skip >= g.n) {
        skip -= g.n;
        continue;
      }
      const inRun = g.version === null ? sql`${o.key} IS NULL` : sql`${o.key} = ${g.version}`;
      parts.push(indexPage(walks.map((w) => and(w, inRun)), o, skip, size, g.n));
      left -= g.n - skip;
      skip = 0;
    }
    return parts.length ? sql`(${sql.join(parts, sql` || `)})[1:${sql.raw(String(size))}]` : sql`ARRAY[]::bigint[]`;
  }

  /**
   * A page of a text filter that names stored models (device_models), read from those models'
   * runs of an index in the list's order: (model, id) sorted by id or model, (app_id, model, id)
   * the same within each app the list may show, (model, version, id, …, app_id) sorted by version
   * (the app checked in the index). Each run is walked only as far as the page, however far along
   * the order the model lies, so a model name sorted by model or by version costs the rows up to
   * the page in each run (at most modelRunsLimit runs), never more than the runs themselves. The
   * filter's other matches (a device id or token fragment, on a device whose model does not match)
   * are collected whole and merged in. One statement, which looks the models up itself (so it can
   * be sent together with the estimate); undefined when the filter names no model, or more runs
   * than modelRunsLimit, or has more than otherMatchesLimit other matches, or the order has no such
   * index (the device id).
   */
  async function modelRunsPage(scope: DeviceScope, q: DevicesQuery, o: ListOrder, offset: number, size: number): Promise<DeviceDto[] | undefined> {
    if (q.sort === 'uniqueDeviceId' || !q.filter || modelRunsLimit <= 0) return undefined;
    const parts = textParts(q.filter);
    const cond = scopeWhere(scope, q);
    // Sorted by id or model, a run per app when the list has an app condition: the apps it may
    // show. Sorted by version, the app is checked in the index itself.
    const appIds = o.byVersion ? undefined : q.appId !== undefined ? (scope.appIds && !scope.appIds.includes(q.appId) ? [] : [q.appId]) : scope.appIds;
    if (appIds?.length === 0) return [];
    const maxModels = Math.floor(modelRunsLimit / (appIds?.length ?? 1));
    if (maxModels < 1) return undefined;
    const need = offset + size;
    const run = appIds
      ? sql`unnest(${sql.raw(`ARRAY[${appIds.map(Number).join(',')}]::integer[]`)}) AS a(app_id) CROSS JOIN LATERAL (
          ${selectKey(o)} FROM ${devices} WHERE ${devices.appId} = a.app_id AND ${devices.model} = named.model ORDER BY ${orderBy(o, onTable(o))} LIMIT ${need})`
      : sql`LATERAL (${selectKey(o)} FROM ${devices} WHERE ${whereOf(cond)} AND ${devices.model} = named.model ORDER BY ${orderBy(o, onTable(o))} LIMIT ${need})`;
    // The other matches exclude the model runs' rows, so that none is counted twice.
    const others = and(cond, or(parts.deviceId, parts.token), sql`(${parts.model}) IS NOT TRUE`);
    const { meta, rows } = await pageWithRows<{ fits: boolean; others: unknown }>(
      [
        sql`named AS MATERIALIZED (SELECT ${deviceModels.model} AS model FROM ${deviceModels} WHERE ${ilike(deviceModels.model, likePattern(q.filter))} LIMIT ${maxModels + 1})`,
        sql`fits AS MATERIALIZED (SELECT count(*) BETWEEN 1 AND ${maxModels} AS ok FROM named)`,
        ...cappedMatches('others', sql`SELECT ${devices.id} AS id, ${o.key} AS k FROM ${devices} WHERE ${others}`, otherMatchesLimit + 1),
      ],
      // The other matches are looked for only when the models fit, the page only when both do.
      { fits: sql`(SELECT ok FROM fits)`, others: sql`CASE WHEN (SELECT ok FROM fits) THEN (SELECT count(*) FROM others) END` },
      // Each run up to the page, then the page of them all. (PostgreSQL 15 does not merge runs
      // whose leading key is fixed by a condition lazily, in a Merge Append: each is read as far
      // as the page could reach into it.)
      sql`CASE WHEN (SELECT ok FROM fits) THEN CASE WHEN (SELECT count(*) FROM others) <= ${otherMatchesLimit} THEN ARRAY(
            SELECT id FROM (SELECT id, k FROM others UNION ALL SELECT r.id, r.k FROM named CROSS JOIN ${run} AS r) AS merged
            ORDER BY ${orderBy(o, onOutput)} LIMIT ${size} OFFSET ${offset}) END END`,
    );
    return meta.fits && toCount(meta.others) <= otherMatchesLimit ? rows : undefined;
  }

  return {
    /**
     * One page in the order `q.sort`/`q.ascending` asks for (newest first by default), always
     * closed by the id. The planner's estimate of the match count picks the strategy
     * (docs/architecture.md §8, 50 ms a page over a million devices):
     * - a text filter that names no model and matches at most FIRST_LOOK_LIMIT devices: they are
     *   collected and sorted by a first look sent with the estimate (exact count, one wait);
     * - small (estimate ≤ 2 × COUNT_EXACT_LIMIT, allowing for its error): the matches, capped at
     *   the limit, are collected once, giving the exact count and the sorted page together;
     * - large, and the filter names models: those models' index runs (modelRunsPage), sent with
     *   the estimate too;
     * - large, or the cap was hit: the page comes from index-ordered walks (walkPage) and the
     *   count is the estimate, flagged; a filtered walk that cannot settle the page falls back to
     *   sorting all the matches, which gives their exact count too.
     */
    async list(scope: DeviceScope, q: DevicesQuery): Promise<DeviceList> {
      if (scope.appIds?.length === 0) return { rows: [], count: 0, countEstimated: false };
      const cond = scopeWhere(scope, q);
      const text = q.filter ? textMatch(q.filter) : undefined;
      const where = and(cond, text);
      const o = listOrder(q);
      const offset = (q.page - 1) * q.size;
      const walks = walksOf(scope, q, cond);
      // Without a text filter the page's rows do not depend on the estimate (unless the list is
      // small, and then they are dropped): both are asked for at once, one wait instead of two.
      const unfiltered = text ? undefined : unfilteredPage(scope, q, walks, o, offset, q.size).then(rowsOfPage);
      unfiltered?.catch(() => undefined); // awaited below, or dropped
      // Likewise the page from the runs of the models a text filter names (cheap: each run is read
      // only up to the page), used when the matches are too many to collect.
      const fromModels = q.filter ? modelRunsPage(scope, q, o, offset, q.size) : undefined;
      fromModels?.catch(() => undefined);
      // And a first look at a filter that names no model: its matches, when they are few.
      const namesNoModel = q.filter ? sql`NOT EXISTS (SELECT 1 FROM ${deviceModels} WHERE ${ilike(deviceModels.model, likePattern(q.filter))})` : undefined;
      const firstLook = namesNoModel && firstLookLimit > 0 ? sortedMatches(where, o, offset, q.size, firstLookLimit + 1, namesNoModel) : undefined;
      firstLook?.catch(() => undefined);
      const explained = await db.execute(sql`EXPLAIN (FORMAT JSON) SELECT ${devices.id} FROM ${devices} WHERE ${whereOf(where)}`);
      let estimate = planRows(rowsOf(explained));
      const first = await firstLook;
      if (first?.looked && first.total <= firstLookLimit) return { rows: first.rows, count: first.total, countEstimated: false };

      if (estimate <= 2 * exactLimit) {
        const { total, rows } = await sortedMatches(where, o, offset, q.size, exactLimit + 1);
        if (total <= exactLimit) return { rows, count: total, countEstimated: false };
        estimate = Math.max(estimate, total);
      }

      let rows: DeviceDto[] | undefined;
      if (q.filter) {
        rows = (await fromModels) ?? (await walkPage(walks, text!, o, offset, q.size, estimate));
        if (!rows) {
          const sorted = await sortedMatches(where, o, offset, q.size);
          return { rows: sorted.rows, count: sorted.total, countEstimated: false };
        }
      } else rows = await unfiltered!;
      // A short page ends the matches: then the total is known exactly after all.
      if (rows.length < q.size && (rows.length > 0 || offset === 0)) return { rows, count: offset + rows.length, countEstimated: false };
      return { rows, count: Math.max(estimate, offset + rows.length), countEstimated: true };
    },

  };
}

/**
 * Common table expressions naming the first `cap` rows of `query` (all of them without a cap).
 * The query is its own materialized expression, planned to read every row (as a common table
 * expression always is), and the cap reads from it lazily: a LIMIT in the query itself would let
 * the planner pick a sequential scan that it expects to stop early, which reads the whole table
 * when the matches are fewer than the cap.
 */
function cappedMatches(name: string, query: SQL, cap: number | undefined): SQL[] {
  const all = sql.identifier(`${name}_all`);
  return cap === undefined
    ? [sql`${sql.identifier(name)} AS MATERIALIZED (${query})`]
    : [sql`${all} AS MATERIALIZED (${query})`, sql`${sql.identifier(name)} AS MATERIALIZED (SELECT * FROM ${all} LIMIT ${cap})`];
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

/** A timestamp column of a raw result: a Date from both drivers, or its text. */
const asDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
