// Where a deep page of an unfiltered device list lies (docs/architecture.md §8: a page in ≤ 50 ms over a
// million devices), from exact device counters kept by triggers in the same transaction as every
// change to devices: the list's size per version and id bucket (device_id_buckets), so that a page
// sorted by id, or by version (an id order within each version), starts at the edge of the bucket
// that holds it; likewise its size per model and id bucket (device_model_buckets, migration 0014)
// for a page sorted by model (an id order within each model). An OFFSET reads every row it skips,
// even from an index alone; the buckets bound the rows skipped by one bucket's (at most 4,096).
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DEVICE_ID_BUCKET_BITS, deviceIdBuckets, deviceModelBuckets, devices } from '../../db/schema';
import { rowsOf } from './page-sql';

/**
 * One run's part of a page sorted by id (the whole list: version undefined) or by version (one
 * version's devices, null: those without one), and where the page lies in it (the first part: in
 * the id bucket that holds the page's first row, with its edges and size; the others from the
 * run's start).
 */
export interface IdPart extends EdgeStart {
  version?: number | null;
}

/**
 * Where a page lies in a counted stretch of the list (an id bucket of a run, a stretch between
 * marks): `skip` rows past its near edge, of the `n` it holds. In the list's direction, `from`
 * keeps the rows from the near edge on (undefined: every row, the edge being the list's start),
 * `toFar` the rows before the far edge (undefined: every row, the edge being the list's end) and
 * `pastFar` the rows from the far edge on (undefined: none, likewise). Without `n` the page is
 * read from the near edge. A walk
 * either skips `skip` rows from the near edge, or, when fewer lie between the page and the far
 * edge, `n - skip - size` rows back from the far edge (nearerEdge): an index-only scan still reads
 * the table for each row skipped on a page whose all-visible flag registrations cleared, so the
 * rows skipped are what a deep page costs.
 */
export interface EdgeStart {
  from?: SQL;
  skip: number;
  n?: number;
  toFar?: SQL;
  pastFar?: SQL;
}

/**
 * Which edge of a stretch of `n` rows a page of `size` rows, `skip` rows past its near edge, is
 * read from: the near one (skipping `skip` rows), or the far one, backward (skipping the rows
 * between the page and the far edge; a page that runs past the far edge takes that stretch's last
 * rows backward and the rest forward from the far edge, skipping none).
 */
export function nearerEdge(skip: number, n: number, size: number): 'near' | 'far' {
  return Math.max(0, n - skip - size) < skip ? 'far' : 'near';
}

/** An id bucket's edges, in the list's direction (EdgeStart). */
function bucketEdges(bucket: number, ascending: boolean): Pick<EdgeStart, 'from' | 'toFar' | 'pastFar'> {
  const lo = bucket * 2 ** DEVICE_ID_BUCKET_BITS;
  const hi = lo + 2 ** DEVICE_ID_BUCKET_BITS;
  return ascending
    ? { from: sql`${devices.id} >= ${lo}`, toFar: sql`${devices.id} < ${hi}`, pastFar: sql`${devices.id} >= ${hi}` }
    : { from: sql`${devices.id} < ${hi}`, toFar: sql`${devices.id} >= ${lo}`, pastFar: sql`${devices.id} < ${lo}` };
}

/**
 * Where a page of `size` rows `offset` rows into the list sorted by id, or by version (within a
 * version, by id), lies for the apps `appIds` (every app when undefined), from the counts per app,
 * version and id bucket (device_id_buckets): the runs it spans in the list's order (by number,
 * devices without a version last ascending, first descending), the first placed in the bucket
 * that holds the page's first row, the others from their start. None past the end. One statement
 * adds the counts in the list's order, per version first, then over the buckets of the page's
 * first version only, and answers those few rows: sending every (version, bucket) sum to be added
 * up here took most of a deep page's time.
 */
export async function idStart(db: Db, appIds: number[] | undefined, byVersion: boolean, offset: number, size: number, ascending: boolean): Promise<IdPart[]> {
  const c = deviceIdBuckets;
  const dir = sql.raw(ascending ? 'ASC' : 'DESC');
  const inScope = appIds ? inArray(c.appId, appIds) : sql`TRUE`;
  if (!byVersion) {
    // Sorted by id, one run: the bucket that holds the page's first row.
    const [r] = rowsOf(
      await db.execute(sql`
        WITH buckets AS (SELECT ${c.bucket} AS bucket, sum(${c.n}) AS n FROM ${c} WHERE ${inScope} GROUP BY 1 HAVING sum(${c.n}) > 0),
        placed AS (SELECT bucket, n, sum(n) OVER (ORDER BY bucket ${dir} ROWS UNBOUNDED PRECEDING) - n AS before FROM buckets)
        SELECT bucket::text AS bucket_text, before::text AS before_text, n::text AS n_text FROM placed WHERE before <= ${offset} AND before + n > ${offset} LIMIT 1`),
    ) as { bucket_text: string; before_text: string; n_text: string }[];
    return r ? [{ ...bucketEdges(Number(r.bucket_text), ascending), skip: offset - Number(r.before_text), n: Number(r.n_text) }] : [];
  }
  // '' is a device without a version.
  const run = sql`${c.appVersion}`;
  const order = sql`(version = '') ${dir}, nullif(version, '')::numeric ${dir}`;
  const res = await db.execute(sql`
    WITH versions AS (SELECT ${run} AS version, sum(${c.n}) AS n FROM ${c} WHERE ${inScope} GROUP BY 1 HAVING sum(${c.n}) > 0),
    runs AS (SELECT version, n, sum(n) OVER (ORDER BY ${order} ROWS UNBOUNDED PRECEDING) - n AS before FROM versions),
    spanned AS MATERIALIZED (
      SELECT version, before, row_number() OVER (ORDER BY ${order}) AS at FROM runs
      WHERE before < ${offset + size} AND before + n > ${offset}),
    first_buckets AS (
      SELECT ${c.bucket} AS bucket, sum(${c.n}) AS n FROM ${c} JOIN spanned s ON s.at = 1 AND ${run} = s.version
      WHERE ${inScope} GROUP BY 1 HAVING sum(${c.n}) > 0),
    placed AS (SELECT bucket, n, (SELECT before FROM spanned WHERE at = 1) + sum(n) OVER (ORDER BY bucket ${dir} ROWS UNBOUNDED PRECEDING) - n AS before FROM first_buckets)
    SELECT s.version, s.before::text AS run_before, p.bucket::text AS bucket_text, p.before::text AS before_text, p.n::text AS n_text
    FROM spanned s LEFT JOIN LATERAL (SELECT bucket, before, n FROM placed WHERE s.at = 1 AND before <= ${offset} AND before + n > ${offset}) p ON TRUE
    ORDER BY s.at`);
  const parts: IdPart[] = [];
  for (const r of rowsOf(res) as { version: string; run_before: string; bucket_text: string | null; before_text: string | null; n_text: string | null }[]) {
    const version = { version: r.version === '' ? null : Number(r.version) };
    const skip = parts.length ? 0 : offset - Number(r.run_before);
    // The page goes on from the start of each next run, and a page at a run's start walks from it.
    if (skip <= 0 || r.bucket_text === null) parts.push({ ...version, skip: Math.max(0, skip) });
    else parts.push({ ...version, ...bucketEdges(Number(r.bucket_text), ascending), skip: offset - Number(r.before_text), n: Number(r.n_text) });
  }
  return parts;
}

/** One model's part of a page sorted by model: its run (null: the devices without one) and where the page lies in it (the first part: in a bucket). */
export interface ModelPart extends EdgeStart {
  model: string | null;
}

/**
 * Where a page of `size` rows `offset` rows into the list sorted by model (within a model, by id)
 * lies, for the apps `appIds` (every app when undefined), from the counts per app, model and id
 * bucket (device_model_buckets): the runs of the models it spans, in the list's order, the first
 * placed in the bucket that holds the page's first row (with its edges and size), the others from
 * their start. None past the end. One statement adds the counts in the list's order (the database's own
 * collation, the one the index sorts by, a missing model last ascending): first per model, which
 * sorts a few rows, not every bucket's text key, then the buckets of the page's first model.
 */
export async function modelStart(db: Db, appIds: number[] | undefined, offset: number, size: number, ascending: boolean): Promise<ModelPart[]> {
  const c = deviceModelBuckets;
  const dir = sql.raw(ascending ? 'ASC' : 'DESC');
  const inScope = appIds ? inArray(c.appId, appIds) : sql`TRUE`;
  const res = await db.execute(sql`
    WITH models AS (
      SELECT ${c.noModel} AS no_model, ${c.model} AS model, sum(${c.n}) AS n FROM ${c} WHERE ${inScope} GROUP BY 1, 2 HAVING sum(${c.n}) > 0),
    runs AS (SELECT no_model, model, n, sum(n) OVER (ORDER BY no_model ${dir}, model ${dir} ROWS UNBOUNDED PRECEDING) - n AS before FROM models),
    spanned AS MATERIALIZED (
      SELECT no_model, model, before, row_number() OVER (ORDER BY no_model ${dir}, model ${dir}) AS at FROM runs
      WHERE before < ${offset + size} AND before + n > ${offset}),
    first_buckets AS (
      SELECT ${c.bucket} AS bucket, sum(${c.n}) AS n FROM ${c} JOIN spanned s ON s.at = 1 AND ${c.noModel} = s.no_model AND ${c.model} = s.model
      WHERE ${inScope} GROUP BY 1 HAVING sum(${c.n}) > 0),
    placed AS (SELECT bucket, n, (SELECT before FROM spanned WHERE at = 1) + sum(n) OVER (ORDER BY bucket ${dir} ROWS UNBOUNDED PRECEDING) - n AS before FROM first_buckets)
    SELECT s.no_model, s.model, p.bucket::text AS bucket_text, p.before::text AS before_text, p.n::text AS n_text
    FROM spanned s LEFT JOIN LATERAL (SELECT bucket, before, n FROM placed WHERE s.at = 1 AND before <= ${offset} AND before + n > ${offset}) p ON TRUE
    ORDER BY s.at`);
  const parts: ModelPart[] = [];
  for (const r of rowsOf(res) as { no_model: boolean; model: string; bucket_text: string | null; before_text: string | null; n_text: string | null }[]) {
    const model = r.no_model ? null : r.model;
    if (parts.length || r.bucket_text === null) {
      parts.push({ model, skip: 0 }); // the page goes on from the start of the next model's run
      continue;
    }
    parts.push({ model, ...bucketEdges(Number(r.bucket_text), ascending), skip: Math.max(0, offset - Number(r.before_text)), n: Number(r.n_text) });
  }
  return parts;
}
