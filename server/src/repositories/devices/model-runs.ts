// The device list's plan for a text filter that names stored models (docs/architecture.md §8): the
// page read from those models' runs of an index in the list's order, however far along the order
// the models lie. Chosen by the planner in planner.ts.
import { and, ilike, or, sql } from 'drizzle-orm';
import type { DevicesQuery } from '../../../../src/contract';
import type { Db } from '../../db/client';
import { toCount } from '../../db/helpers';
import { deviceModels, devices } from '../../db/schema';
import { cappedMatches, likePattern, orderBy, onOutput, onTable, pageWithRows, scopeWhere, selectKey, textParts, whereOf, type ListOrder } from './page-sql';
import type { DeviceDto, DeviceScope } from './rows';

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

export interface ModelRunsLimits {
  /** MODEL_RUNS_LIMIT; 0 turns the model runs' plan off (tests compare the plans). */
  modelRunsLimit?: number;
  otherMatchesLimit?: number;
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
export async function modelRunsPage(
  db: Db,
  { modelRunsLimit = MODEL_RUNS_LIMIT, otherMatchesLimit = OTHER_MATCHES_LIMIT }: ModelRunsLimits,
  scope: DeviceScope,
  q: DevicesQuery,
  o: ListOrder,
  offset: number,
  size: number,
): Promise<DeviceDto[] | undefined> {
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
    db,
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
