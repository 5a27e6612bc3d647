// Where a deep page of an unfiltered device list lies (docs/architecture.md §8: a page in ≤ 50 ms over a
// million devices), from exact device counters kept by triggers in the same transaction as every
// change to devices: the list's length and its size per version (device_version_counts), so that a
// page past the middle is read from the other end of its index; and its size per version and id
// bucket (device_id_buckets), so that a page sorted by id, or by version (an id order within each
// version), starts at the edge of the bucket that holds it. An OFFSET reads every row it skips, even
// from an index alone; the buckets bound the rows skipped by one bucket's (at most 4,096).
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { DEVICE_ID_BUCKET_BITS, deviceIdBuckets, devices, deviceVersionCounts } from '../db/schema';

/** Devices of one version (null: none recorded), in the list's scope. */
export interface VersionGroup {
  version: number | null;
  n: number;
}

/** The devices per version of the apps `appIds` (every app when undefined); none left out, none empty. */
export async function versionGroups(db: Db, appIds: number[] | undefined): Promise<VersionGroup[]> {
  const c = deviceVersionCounts;
  const rows = await db
    .select({ version: c.appVersion, n: sql<string>`sum(${c.n})` })
    .from(c)
    .where(appIds ? inArray(c.appId, appIds) : undefined)
    .groupBy(c.appVersion);
  // The counters spell a version as devices.app_version_code does (one spelling per number), '' for none.
  return rows.map((r) => ({ version: r.version === '' ? null : Number(r.version), n: Number(r.n) })).filter((g) => g.n > 0);
}

/** The groups in the list's version order: by number, devices without a version last ascending, first descending. */
export function inVersionOrder<G extends { version?: number | null }>(groups: G[], ascending: boolean): G[] {
  const sorted = [...groups].sort((a, b) => {
    const [x, y] = [a.version ?? null, b.version ?? null];
    return x === y ? 0 : x === null ? 1 : y === null ? -1 : x - y;
  });
  return ascending ? sorted : sorted.reverse();
}

/** A page of `size` rows after `offset` of a list of `total`, as read from its other end: that offset and size, or undefined when nearer the start. */
export function fromTheEnd(offset: number, size: number, total: number): { offset: number; size: number } | undefined {
  if (offset + size / 2 <= total / 2) return undefined;
  const count = Math.max(0, Math.min(size, total - offset));
  // A page past the end reads nothing (not a negative offset).
  return { offset: Math.max(0, total - offset - count), size: count };
}

/** Devices of one id bucket (DEVICE_ID_BUCKET_BITS) in a run. */
export interface IdBucket {
  bucket: number;
  n: number;
}

/**
 * A stretch of the list in id order: the whole list sorted by id (version undefined), or one
 * version's devices sorted by version; its size and its id buckets in the list's order.
 */
export interface IdRun {
  version?: number | null;
  n: number;
  buckets: IdBucket[];
}

/**
 * The list's id runs in its order, from the exact counts per app, version and id bucket
 * (device_id_buckets): one run sorted by id, one per version (inVersionOrder) sorted by version.
 */
export async function idRuns(db: Db, appIds: number[] | undefined, byVersion: boolean, ascending: boolean): Promise<IdRun[]> {
  const c = deviceIdBuckets;
  // Sorted by id, the versions' counts of a bucket add up.
  const rows = await db
    .select({ version: byVersion ? c.appVersion : sql<string>`''`, bucket: c.bucket, n: sql<string>`sum(${c.n})` })
    .from(c)
    .where(appIds ? inArray(c.appId, appIds) : undefined)
    .groupBy(...(byVersion ? [c.appVersion, c.bucket] : [c.bucket]));
  const runs = new Map<string, IdRun>();
  for (const r of rows) {
    const n = Number(r.n);
    if (n === 0) continue;
    const key = byVersion ? r.version : '';
    const run = runs.get(key) ?? { ...(byVersion && { version: r.version === '' ? null : Number(r.version) }), n: 0, buckets: [] };
    runs.set(key, run);
    run.n += n;
    run.buckets.push({ bucket: Number(r.bucket), n });
  }
  for (const run of runs.values()) run.buckets.sort((a, b) => (ascending ? a.bucket - b.bucket : b.bucket - a.bucket));
  const all = [...runs.values()];
  return byVersion ? inVersionOrder(all, ascending) : all;
}

/**
 * Where a page `skip` rows into a run starts: the edge of the bucket that holds its first row (ids
 * from it on, in the run's direction) and the rows of that bucket before it, which is all an
 * index walk from the edge then skips. No edge at the run's start.
 */
export function startInRun(run: IdRun, skip: number, ascending: boolean): { from?: SQL; skip: number } {
  if (skip <= 0) return { skip: 0 };
  let before = 0;
  for (const b of run.buckets) {
    if (before + b.n > skip) {
      const edge = b.bucket * 2 ** DEVICE_ID_BUCKET_BITS;
      return { from: ascending ? sql`${devices.id} >= ${edge}` : sql`${devices.id} < ${edge + 2 ** DEVICE_ID_BUCKET_BITS}`, skip: skip - before };
    }
    before += b.n;
  }
  return { skip };
}
