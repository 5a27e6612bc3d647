// Where a deep page of an unfiltered device list lies (docs/architecture.md §8: a page in ≤ 50 ms over a
// million devices), from the dashboard's exact device counters (device_version_counts, kept by
// triggers in the same transaction as every change to devices): the list's exact length, so that
// a page past the middle is read from the other end of its index, and the exact size of each
// version, so that a page sorted by version starts inside its version's run of the index.
// An OFFSET reads every row it skips, even from an index alone; these bound the rows skipped by
// half the list, or by half one version's devices.
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deviceVersionCounts } from '../db/schema';

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
export function inVersionOrder(groups: VersionGroup[], ascending: boolean): VersionGroup[] {
  const sorted = [...groups].sort((a, b) => (a.version === b.version ? 0 : a.version === null ? 1 : b.version === null ? -1 : a.version - b.version));
  return ascending ? sorted : sorted.reverse();
}

/** A page of `size` rows after `offset` of a list of `total`, as read from its other end: that offset and size, or undefined when nearer the start. */
export function fromTheEnd(offset: number, size: number, total: number): { offset: number; size: number } | undefined {
  if (offset + size / 2 <= total / 2) return undefined;
  const count = Math.max(0, Math.min(size, total - offset));
  return { offset: total - offset - count, size: count };
}
