// What the panel reads of field health: the servers × operators matrix (GET apps/health) and one
// server's profiles with their verdicts and last day per operator (GET apps/profileHealth/{serverId}).
// Both read the small verdict table and the hour counters, never the votes; both are limited to the
// apps in the caller's reach (rbac's appScope).
import { and, asc, desc, eq, gte, inArray, type SQL } from 'drizzle-orm';
import type { HealthVerdict, Operator } from '../../../src/contract';
import type { Db } from '../db/client';
import { apps, fieldHealthHours, fieldHealthVerdicts, profiles } from '../db/schema';
import { percentile, LATENCY_BUCKETS } from '../domain/field-health';
import { parseIntArray } from './field-health-verdicts';

/** Worst first: the order of the matrix and of a server's worst verdict. */
export const SEVERITY: Record<HealthVerdict, number> = { failing: 0, degraded: 1, working: 2, unknown: 3 };

export interface HealthCell {
  appId: number;
  appName: string;
  serverId: number;
  operator: Operator;
  /** The worst verdict among the server's profiles for this app and operator. */
  verdict: HealthVerdict;
  counts: Record<HealthVerdict, number>;
  /** The ids of its failing profiles. */
  failingProfiles: number[];
  hidden: number;
  /** Most devices behind one of its profiles' verdicts. */
  devices: number;
  /** When the newest of the worst verdicts took its value. */
  changedAt: string;
}

export async function healthMatrix(db: Db, scope: SQL | undefined, filter: { appId?: number; operator?: Operator }): Promise<HealthCell[]> {
  const rows = await db
    .select({
      appId: fieldHealthVerdicts.appId,
      appName: apps.name,
      serverId: profiles.serverId,
      profileId: fieldHealthVerdicts.profileId,
      operator: fieldHealthVerdicts.operator,
      verdict: fieldHealthVerdicts.verdict,
      devices: fieldHealthVerdicts.devices,
      changedAt: fieldHealthVerdicts.changedAt,
      hidden: fieldHealthVerdicts.hidden,
    })
    .from(fieldHealthVerdicts)
    .innerJoin(apps, eq(apps.id, fieldHealthVerdicts.appId))
    .innerJoin(profiles, eq(profiles.id, fieldHealthVerdicts.profileId))
    .where(
      and(
        scope,
        filter.appId === undefined ? undefined : eq(fieldHealthVerdicts.appId, filter.appId),
        filter.operator === undefined ? undefined : eq(fieldHealthVerdicts.operator, filter.operator),
      ),
    );
  const cells = new Map<string, HealthCell>();
  for (const r of rows) {
    const key = `${r.appId}|${r.serverId}|${r.operator}`;
    const verdict = r.verdict as HealthVerdict;
    const changedAt = r.changedAt.toISOString();
    let cell = cells.get(key);
    if (!cell) {
      cell = {
        appId: r.appId,
        appName: r.appName,
        serverId: r.serverId,
        operator: r.operator,
        verdict,
        changedAt,
        hidden: 0,
        devices: 0,
        counts: { failing: 0, degraded: 0, working: 0, unknown: 0 },
        failingProfiles: [],
      };
      cells.set(key, cell);
    }
    cell.counts[verdict]++;
    if (verdict === 'failing') cell.failingProfiles.push(r.profileId);
    if (r.hidden) cell.hidden++;
    cell.devices = Math.max(cell.devices, r.devices);
    if (SEVERITY[verdict] < SEVERITY[cell.verdict]) Object.assign(cell, { verdict, changedAt });
    else if (verdict === cell.verdict && changedAt > cell.changedAt) cell.changedAt = changedAt;
  }
  return [...cells.values()].sort(
    (a, b) =>
      SEVERITY[a.verdict] - SEVERITY[b.verdict] || b.changedAt.localeCompare(a.changedAt) || a.serverId - b.serverId || a.operator.localeCompare(b.operator),
  );
}

export interface ProfileHealthRow {
  appId: number;
  profileId: number;
  operator: Operator;
  verdict: HealthVerdict;
  rate: number | null;
  devices: number;
  changedAt: string;
  hidden: boolean;
}

export interface ProfileHours {
  profileId: number;
  operator: Operator;
  /** The last 24 hours that have reports, oldest first. */
  hours: { hour: string; attempts: number; successes: number; devices: number }[];
  /** Median and 90th percentile latency (ms) of the day's successful reports. */
  p50: number | null;
  p90: number | null;
}

/** One server's profiles: their verdicts (per app in reach) and their last day per operator. */
export async function profileHealth(
  db: Db,
  serverId: number,
  scope: SQL | undefined,
  now: Date,
): Promise<{ verdicts: ProfileHealthRow[]; series: ProfileHours[] }> {
  const ids = db.select({ id: profiles.id }).from(profiles).where(eq(profiles.serverId, serverId));
  const verdicts = await db
    .select({
      appId: fieldHealthVerdicts.appId,
      profileId: fieldHealthVerdicts.profileId,
      operator: fieldHealthVerdicts.operator,
      verdict: fieldHealthVerdicts.verdict,
      rate: fieldHealthVerdicts.rate,
      devices: fieldHealthVerdicts.devices,
      changedAt: fieldHealthVerdicts.changedAt,
      hidden: fieldHealthVerdicts.hidden,
    })
    .from(fieldHealthVerdicts)
    .innerJoin(apps, eq(apps.id, fieldHealthVerdicts.appId))
    .where(and(scope, inArray(fieldHealthVerdicts.profileId, ids)))
    .orderBy(asc(fieldHealthVerdicts.profileId), asc(fieldHealthVerdicts.operator), asc(fieldHealthVerdicts.appId));
  const hourRows = await db
    .select()
    .from(fieldHealthHours)
    .where(and(inArray(fieldHealthHours.profileId, ids), gte(fieldHealthHours.hour, new Date(now.getTime() - 24 * 3600_000))))
    .orderBy(asc(fieldHealthHours.profileId), asc(fieldHealthHours.operator), desc(fieldHealthHours.hour));
  const series = new Map<string, ProfileHours & { histogram: number[] }>();
  for (const h of hourRows) {
    const key = `${h.profileId}|${h.operator}`;
    let s = series.get(key);
    if (!s) {
      s = { profileId: h.profileId, operator: h.operator, hours: [], p50: null, p90: null, histogram: Array.from({ length: LATENCY_BUCKETS }, () => 0) };
      series.set(key, s);
    }
    s.hours.unshift({ hour: h.hour.toISOString(), attempts: h.attempts, successes: h.successes, devices: h.devices });
    parseIntArray(h.latency).forEach((n, i) => (s.histogram[i] += n));
  }
  return {
    verdicts: verdicts.map((v) => ({ ...v, verdict: v.verdict as HealthVerdict, changedAt: v.changedAt.toISOString() })),
    series: [...series.values()].map(({ histogram, ...s }) => ({ ...s, p50: percentile(histogram, 0.5), p90: percentile(histogram, 0.9) })),
  };
}
