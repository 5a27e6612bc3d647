// The device list's page planner (docs/architecture.md §8: a page in ≤ 50 ms over a million devices):
// picks, from the planner's estimate of the match count, between sorting every match and walking
// an index in the list's order, or reading the runs of the models a filter names
// (model-runs.ts), and reads the page's rows. The SQL pieces the plans share are in
// page-sql.ts; index.ts keeps the registration upsert and the single-device reads and writes.
import { and, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { DevicesQuery } from '../../../../src/contract';
import { runsConcurrently, type Db } from '../../db/client';
import { toCount } from '../../db/helpers';
import { deviceModels, devices } from '../../db/schema';
import { modelRunsPage, MODEL_RUNS_LIMIT, OTHER_MATCHES_LIMIT } from './model-runs';
import {
  likePattern,
  listOrder,
  onOutput,
  onTable,
  orderBy,
  pageWithRows,
  planRows,
  rowsOf,
  rowsOfPage,
  scopeWhere,
  selectKey,
  sortedMatches,
  textMatch,
  whereOf,
  type ListOrder,
} from './page-sql';
import { markStart } from './marks';
import { edgePage, indexPage, walksOf } from './walks';
import { idStart, modelStart } from './positions';
import type { DeviceDto, DeviceList, DeviceScope } from './rows';

export { FCM_FILTER_CHARS } from './page-sql';
export { MODEL_RUNS_LIMIT, OTHER_MATCHES_LIMIT } from './model-runs';

/**
 * Up to this many matches the list's count is exact; past it the answer is the planner's
 * estimate. An exact count(*) over a million rows (or over a broad trigram match, which must
 * recheck every row) costs more than the 50 ms page budget (docs/architecture.md §8), and a pager does
 * not need the exact figure at that size.
 */
export const COUNT_EXACT_LIMIT = 10_000;

/**
 * A filtered walk in index order first reads at most this many rows (or twice the rows up to the
 * page, if more) before it looks again at how far to go (walkPage): a bound on the rows read for
 * one page when the matches lie far along the order.
 */
export const WALK_LIMIT = 10_000;

/**
 * A page without a text filter starting this many rows in or deeper (or past WALK_LIMIT, if
 * lower) is placed by the exact counters (unfilteredPage) instead of walked from the list's start:
 * an index-only walk reads the table for every row on a page whose all-visible flag registrations
 * cleared (autovacuum may never set it again), so walking to a page costs its offset in heap
 * fetches, while a placed page walks at most half a counted bucket or stretch (~500 rows) after
 * one 2-4 ms count statement. Pages 1-33 of 30 rows are still walked.
 */
export const PLACED_FROM = 1_000;

/**
 * A text filter that names no stored model (a device id or token fragment) most often matches a
 * few devices: up to this many are collected and sorted in a first look sent together with the
 * estimate, which then answers the page and its exact count in one wait instead of two.
 */
export const FIRST_LOOK_LIMIT = 1_000;

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
  /**
   * A statement the plan may need, started now where the database runs statements side by side
   * (its answer is then ready when the plan asks for it, or is dropped), else when first asked
   * for: on PGlite, or in a transaction, a statement sent early only delays the ones that decide
   * whether it is needed.
   */
  const speculate = runsConcurrently(db);
  function ahead<T>(run: () => Promise<T>): () => Promise<T> {
    if (!speculate) {
      let started: Promise<T> | undefined;
      return () => (started ??= run());
    }
    const started = run();
    started.catch(() => undefined); // awaited when asked for, or dropped
    return () => started;
  }

  /**
   * With a text filter each row walked is read and tested, so each walk stops after `limit` rows.
   * A walk settles its part of the page when it found every match up to the page, or when its rows
   * ran out before `limit`. Answers the page when every walk settled, else the fewest matches an
   * unsettled walk found.
   */
  async function filteredWalk(
    walks: (SQL | undefined)[],
    text: SQL,
    o: ListOrder,
    offset: number,
    size: number,
    limit: number,
  ): Promise<{ rows: DeviceDto[] } | { found: number }> {
    const need = offset + size;
    const names = walks.map((_, i) => sql.raw(`w${i}`));
    const ctes = walks.map(
      (c, i) => sql`${names[i]} AS (
        SELECT id, k FROM (${selectKey(o)}, (${text}) AS hit FROM ${devices} WHERE ${whereOf(c)} ORDER BY ${orderBy(o, onTable(o))} LIMIT ${limit}) AS walked
        WHERE hit ORDER BY ${orderBy(o, onOutput)} LIMIT ${need})`,
    );
    const found = names.map((n) => sql`(SELECT count(*) FROM ${n})`);
    const settled = walks.map(
      (c, i) =>
        sql`CASE WHEN ${found[i]} >= ${need} THEN TRUE ELSE (SELECT count(*) FROM (SELECT 1 FROM ${devices} WHERE ${whereOf(c)} LIMIT ${limit}) AS s) < ${limit} END`,
    );
    const { meta, rows } = await pageWithRows<{ settled: boolean[]; found: unknown[] }>(
      db,
      ctes,
      { settled: sql`ARRAY[${sql.join(settled, sql`, `)}]`, found: sql`ARRAY[${sql.join(found, sql`, `)}]` },
      sql`ARRAY(SELECT id FROM (${sql.join(
        names.map((n) => sql`SELECT id, k FROM ${n}`),
        sql` UNION ALL `,
      )}) AS merged
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
  async function walkPage(
    walks: (SQL | undefined)[],
    text: SQL,
    o: ListOrder,
    offset: number,
    size: number,
    estimate: number,
  ): Promise<DeviceDto[] | undefined> {
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
   * A page without a text filter. Near the start, the walks up to it. Deeper (past PLACED_FROM or
   * walkLimit rows), where the rows skipped would cost more than the page, exact counters place it
   * (positions.ts): sorted by id, or by version (within each version, by id), the counts per
   * id bucket, so that the walks start at the edge of the bucket that holds the page's first row
   * (in the run of its version, then on through the runs the page spans); sorted by device id, the
   * counts per stretch between marks (marks.ts), likewise; sorted by model, the counts per
   * model and id bucket, so that the walks start at the bucket's edge in the run of the page's
   * first model (then on through the runs the page spans). Each walk starts at whichever edge of
   * that bucket or stretch has fewer of its rows between it and the page (edgePage).
   */
  async function unfilteredPage(scope: DeviceScope, q: DevicesQuery, walks: (SQL | undefined)[], o: ListOrder, offset: number, size: number): Promise<SQL> {
    if (offset < Math.min(walkLimit, PLACED_FROM)) return indexPage(walks, o, offset, size);
    const appIds = q.appId === undefined ? scope.appIds : scope.appIds && !scope.appIds.includes(q.appId) ? [] : [q.appId];
    if (q.sort === 'uniqueDeviceId') {
      const start = await markStart(db, appIds, offset, o.ascending);
      return start ? edgePage(walks, o, start, size) : sql`ARRAY[]::bigint[]`;
    }
    // The page's part of each run it spans, concatenated and cut to the page (should a
    // registration meanwhile have changed a run, the page still holds rows in the list's order).
    const parts: SQL[] = [];
    const pageOf = (ps: SQL[]) => (ps.length ? sql`(${sql.join(ps, sql` || `)})[1:${sql.raw(String(size))}]` : sql`ARRAY[]::bigint[]`);
    if (!o.byId && !o.byVersion) {
      for (const part of await modelStart(db, appIds, offset, size, o.ascending)) {
        const inRun = part.model === null ? sql`${devices.model} IS NULL` : eq(devices.model, part.model);
        parts.push(
          edgePage(
            walks.map((w) => and(w, inRun)),
            o,
            part,
            size,
          ),
        );
      }
      return pageOf(parts);
    }
    for (const part of await idStart(db, appIds, o.byVersion, offset, size, o.ascending)) {
      const inRun = part.version === undefined ? undefined : part.version === null ? sql`${o.key} IS NULL` : sql`${o.key} = ${part.version}`;
      parts.push(
        edgePage(
          walks.map((w) => and(w, inRun)),
          o,
          part,
          size,
        ),
      );
    }
    return pageOf(parts);
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
      // Where statements run side by side (ahead), what the plan may need is asked for together
      // with the estimate, one wait instead of two. Without a text filter the page's rows do not
      // depend on the estimate (unless the list is small, and then they are dropped).
      const unfiltered = text ? undefined : ahead(() => unfilteredPage(scope, q, walks, o, offset, q.size).then((ids) => rowsOfPage(db, ids)));
      // Likewise the page from the runs of the models a text filter names (cheap: each run is read
      // only up to the page), used when the matches are too many to collect.
      const fromModels = q.filter ? ahead(() => modelRunsPage(db, { modelRunsLimit, otherMatchesLimit }, scope, q, o, offset, q.size)) : undefined;
      // And a first look at a filter that names no model: its matches, when they are few (then
      // one at a time, it is the only statement the list needs).
      const namesNoModel = q.filter ? sql`NOT EXISTS (SELECT 1 FROM ${deviceModels} WHERE ${ilike(deviceModels.model, likePattern(q.filter))})` : undefined;
      const firstLook =
        namesNoModel && firstLookLimit > 0 ? ahead(() => sortedMatches(db, where, o, offset, q.size, firstLookLimit + 1, namesNoModel)) : undefined;
      const explained = ahead(() => db.execute(sql`EXPLAIN (FORMAT JSON) SELECT ${devices.id} FROM ${devices} WHERE ${whereOf(where)}`));
      const first = await firstLook?.();
      if (first?.looked && first.total <= firstLookLimit) return { rows: first.rows, count: first.total, countEstimated: false };
      let estimate = planRows(rowsOf(await explained()));

      if (estimate <= 2 * exactLimit) {
        const { total, rows } = await sortedMatches(db, where, o, offset, q.size, exactLimit + 1);
        if (total <= exactLimit) return { rows, count: total, countEstimated: false };
        estimate = Math.max(estimate, total);
      }

      let rows: DeviceDto[] | undefined;
      if (q.filter) {
        rows = (await fromModels!()) ?? (await walkPage(walks, text!, o, offset, q.size, estimate));
        if (!rows) {
          const sorted = await sortedMatches(db, where, o, offset, q.size);
          return { rows: sorted.rows, count: sorted.total, countEstimated: false };
        }
      } else rows = await unfiltered!();
      // A short page ends the matches: then the total is known exactly after all.
      if (rows.length < q.size && (rows.length > 0 || offset === 0)) return { rows, count: offset + rows.length, countEstimated: false };
      return { rows, count: Math.max(estimate, offset + rows.length), countEstimated: true };
    },
  };
}
