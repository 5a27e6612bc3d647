// The SQL of a page read by walking an index in the list's order (planner.ts picks the plan): the
// walks of a scope, a page of the walked rows, the same read backward, and a page placed in a
// counted stretch (positions.ts).
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DevicesQuery } from '../../../../src/contract';
import { devices } from '../../db/schema';
import { onOutput, onTable, orderBy, selectKey, whereOf, type ListOrder } from './page-sql';
import { nearerEdge, type EdgeStart } from './positions';
import type { DeviceScope } from './rows';

/**
 * What one page walks, in index order (the indexes of schema/devices.ts, one per order): the
 * list's own conditions, or over several apps (an app admin's) each app's, whose first rows come
 * from that app's (app_id, …) index and are merged, instead of walking the global index past
 * every other app's devices, which is slow when those apps are the busy ones.
 */
export const walksOf = (scope: DeviceScope, q: DevicesQuery, cond: SQL | undefined): (SQL | undefined)[] =>
  scope.appIds && scope.appIds.length > 1 && q.appId === undefined ? scope.appIds.map((appId) => and(cond, eq(devices.appId, appId))) : [cond];

/** Without a text filter every row walked is a match: the walks read just the rows up to the page, from the index alone. */
export function indexPage(walks: (SQL | undefined)[], o: ListOrder, offset: number, size: number): SQL {
  const order = orderBy(o, onTable(o));
  return walks.length === 1
    ? sql`ARRAY(SELECT ${devices.id} FROM ${devices} WHERE ${whereOf(walks[0])} ORDER BY ${order} LIMIT ${size} OFFSET ${offset})`
    : sql`ARRAY(
        SELECT id FROM (${sql.join(
          walks.map((c) => sql`(${selectKey(o)} FROM ${devices} WHERE ${whereOf(c)} ORDER BY ${order} LIMIT ${offset + size})`),
          sql` UNION ALL `,
        )}) AS merged
        ORDER BY ${orderBy(o, onOutput)} LIMIT ${size} OFFSET ${offset})`;
}

/** indexPage read against the list's order (the walks go backward from the end of their conditions' rows), answered in the list's order. */
export function backwardPage(walks: (SQL | undefined)[], o: ListOrder, offset: number, size: number): SQL {
  return sql`ARRAY(SELECT id FROM unnest(${indexPage(walks, { ...o, ascending: !o.ascending }, offset, size)}) WITH ORDINALITY AS b(id, at) ORDER BY at DESC)`;
}

/**
 * A page of `size` rows placed in a counted stretch (positions.ts, EdgeStart), on top of
 * the walks' conditions `walks`: walked from the stretch's near edge, or from its far edge when
 * fewer rows lie between the page and that edge (nearerEdge); a page that runs past the far
 * edge is the stretch's last rows, read backward, then the rows from the far edge on.
 */
export function edgePage(walks: (SQL | undefined)[], o: ListOrder, start: EdgeStart, size: number): SQL {
  if (start.n === undefined || nearerEdge(start.skip, start.n, size) === 'near')
    return indexPage(
      walks.map((w) => and(w, start.from)),
      o,
      start.skip,
      size,
    );
  const inStretch = walks.map((w) => and(w, start.toFar));
  const left = start.n - start.skip;
  if (left >= size) return backwardPage(inStretch, o, left - size, size);
  const rest = start.pastFar
    ? indexPage(
        walks.map((w) => and(w, start.pastFar)),
        o,
        0,
        size - left,
      )
    : sql`ARRAY[]::bigint[]`;
  return sql`(${backwardPage(inStretch, o, 0, left)} || ${rest})`;
}
