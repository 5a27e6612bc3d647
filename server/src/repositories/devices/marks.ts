// Where a deep page of the device list sorted by device id (unique_device_id) starts
// (docs/architecture.md §8: a page in ≤ 50 ms over a million devices). Marks along that order
// (device_id_marks) cut it into stretches, and triggers count each stretch's devices per app
// (device_mark_counts, migration 0013) in the same transaction as every change to devices: adding
// the counts in the list's order finds the stretch that holds the page's first row, and an index
// walk from the stretch's edge skips only that stretch's rows before it. Device ids need not be
// random: registrations may crowd one stretch (ids sharing a long prefix), so a stretch found
// holding more than twice DEVICE_MARK_ROWS devices is cut again after the page is answered.
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DEVICE_MARK_ROWS, deviceMarkCounts, devices } from '../../db/schema';
import { rowsOf } from './page-sql';
import type { EdgeStart } from './positions';

/**
 * The start of a page `offset` rows into the list sorted by device id, of the apps `appIds` (every
 * app when undefined): the stretch that holds its first row, with both its edges, its size and the
 * rows past its near edge; undefined when the list is shorter. One statement reads the marks and the
 * counts, so both are of one moment.
 */
export async function markStart(
  db: Db,
  appIds: number[] | undefined,
  offset: number,
  ascending: boolean,
  cutAbove = 2 * DEVICE_MARK_ROWS,
): Promise<EdgeStart | undefined> {
  const dir = sql.raw(ascending ? 'ASC' : 'DESC');
  const res = await db.execute(sql`
    WITH counted AS (SELECT mark, sum(n) ${appIds ? sql`FILTER (WHERE ${inArray(deviceMarkCounts.appId, appIds)})` : sql``} AS n, sum(n) AS all_apps FROM device_mark_counts GROUP BY mark),
    stretches AS (SELECT m.mark, lead(m.mark) OVER (ORDER BY m.mark) AS next, coalesce(c.n, 0) AS n, c.all_apps FROM device_id_marks m LEFT JOIN counted c ON c.mark = m.mark),
    placed AS (SELECT mark, next, n, all_apps, sum(n) OVER (ORDER BY mark ${dir} ROWS UNBOUNDED PRECEDING) - n AS before FROM stretches)
    SELECT mark, next, n::text AS n, before::text AS before, all_apps::text AS all_apps
    FROM placed WHERE n > 0 AND before <= ${offset} AND before + n > ${offset} LIMIT 1`);
  const [row] = rowsOf(res) as { mark: string; next: string | null; n: string; before: string; all_apps: string }[];
  if (!row) return undefined;
  if (Number(row.all_apps) > cutAbove) cutLater(db, row.mark);
  const skip = offset - Number(row.before);
  const n = Number(row.n);
  // The stretch is [mark, next): '' starts the list, and no next mark ends it.
  const low = row.mark === '' ? undefined : { atOrAbove: sql`${devices.uniqueDeviceId} >= ${row.mark}`, below: sql`${devices.uniqueDeviceId} < ${row.mark}` };
  const high =
    row.next === null ? undefined : { atOrAbove: sql`${devices.uniqueDeviceId} >= ${row.next}`, below: sql`${devices.uniqueDeviceId} < ${row.next}` };
  if (ascending) return { from: low?.atOrAbove, skip, n, toFar: high?.below, pastFar: high?.atOrAbove };
  return { from: high?.below, skip, n, toFar: low?.atOrAbove, pastFar: low?.below };
}

/** The cuts under way or queued, per database: one at a time, each stretch once. */
const cuts = new WeakMap<Db, { queue: Promise<void>; marks: Set<string> }>();

/** Cuts the stretch from `mark` after the work already queued; errors are dropped (a later page retries). */
function cutLater(db: Db, mark: string) {
  const state = cuts.get(db) ?? { queue: Promise.resolve(), marks: new Set<string>() };
  cuts.set(db, state);
  if (state.marks.has(mark)) return;
  state.marks.add(mark);
  state.queue = state.queue.then(() => cutStretch(db, mark).catch(() => undefined)).finally(() => state.marks.delete(mark));
}

/** Resolves when the cuts queued so far are done (tests). */
export const cutsSettled = (db: Db): Promise<void> => cuts.get(db)?.queue ?? Promise.resolve();

/**
 * Cuts the stretch that starts at `mark` every DEVICE_MARK_ROWS devices and counts the new
 * stretches, while no device may change (the lock waits for the registrations under way and holds
 * the next ones for the few milliseconds this takes), so the counts stay exact. Does nothing when
 * the stretch is no longer more than twice that (another cut got there first).
 */
export async function cutStretch(db: Db, mark: string, cutAbove = 2 * DEVICE_MARK_ROWS, rows = DEVICE_MARK_ROWS): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE devices IN SHARE ROW EXCLUSIVE MODE`);
    const [held] = rowsOf(
      await tx.execute(
        sql`SELECT (SELECT sum(n) FROM device_mark_counts WHERE mark = ${mark})::text AS n, (SELECT min(mark) FROM device_id_marks WHERE mark > ${mark}) AS next`,
      ),
    ) as { n: string | null; next: string | null }[];
    if (Number(held.n ?? 0) <= cutAbove) return;
    const inStretch = sql`unique_device_id >= ${mark}${held.next === null ? sql`` : sql` AND unique_device_id < ${held.next}`}`;
    await tx.execute(sql`
      INSERT INTO device_id_marks (mark)
      SELECT DISTINCT unique_device_id FROM (SELECT unique_device_id, row_number() OVER (ORDER BY unique_device_id) AS rn FROM devices WHERE ${inStretch}) AS s
      WHERE rn % ${rows} = 0 AND unique_device_id > ${mark}
      ON CONFLICT DO NOTHING`);
    await tx.execute(sql`DELETE FROM device_mark_counts WHERE mark = ${mark}`);
    await tx.execute(sql`
      INSERT INTO device_mark_counts (app_id, mark, slot, n)
      SELECT d.app_id, m.mark, 0, count(*)
      FROM devices d CROSS JOIN LATERAL (SELECT mark FROM device_id_marks WHERE mark <= d.unique_device_id ORDER BY mark DESC LIMIT 1) AS m
      WHERE ${inStretch} GROUP BY 1, 2`);
  });
}
