// Field health verdicts and steering (docs/architecture.md "Field health"): pure functions over the
// counters the phones' reports are folded into (repositories/field-health.ts). No clock and no
// database here: the caller hands in `now`, the app's settings and the rows.
import type { HealthVerdict } from '../../../src/contract';

/** Upper bounds (ms) of the latency histogram's buckets; one more bucket holds everything slower. */
export const LATENCY_BOUNDS_MS = [100, 200, 300, 500, 750, 1000, 1500, 2000, 3000, 5000] as const;
export const LATENCY_BUCKETS = LATENCY_BOUNDS_MS.length + 1;
/** A window longer than the kept votes (a day) could not count its distinct devices. */
export const MAX_WINDOW_MINUTES = 24 * 60;
/** Down-weighting: a device judged at least this often ... */
export const TRUST_MIN_JUDGED = 10;
/** ... that disagreed more often than it agreed counts this much instead of 1. */
export const LOW_WEIGHT = 0.2;
/** When hiding would leave an operator with nothing, this many of its best profiles stay. */
export const KEEP_BEST = 2;

const HOUR_MS = 3600_000;

/** One app's health settings (app_settings' health columns). */
export interface HealthSettings {
  hideFailing: boolean;
  windowMinutes: number;
  minDevices: number;
  workingPercent: number;
  failingPercent: number;
  probationMinutes: number;
}

export const DEFAULT_HEALTH: HealthSettings = {
  hideFailing: false,
  windowMinutes: 120,
  minDevices: 5,
  workingPercent: 80,
  failingPercent: 20,
  probationMinutes: 30,
};

/** One (profile, operator, hour) counter row. */
export interface HourCounter {
  hour: Date;
  attempts: number;
  successes: number;
  devices: number;
  votes: number;
  okVotes: number;
  latency: number[];
}

export interface Health {
  verdict: HealthVerdict;
  /** Weighted share of devices whose vote was a success, 0..1; null without votes. */
  rate: number | null;
  /** Distinct devices that voted within the window. */
  devices: number;
  attempts: number;
  successes: number;
  p50: number | null;
  p90: number | null;
}

/** The histogram bucket of a latency. */
export function latencyBucket(ms: number): number {
  const i = LATENCY_BOUNDS_MS.findIndex((bound) => ms <= bound);
  return i === -1 ? LATENCY_BOUNDS_MS.length : i;
}

/**
 * The latency below which a share `q` of the histogram lies, as its bucket's upper bound (the
 * slowest bucket answers the last bound: "at least that"); null for an empty histogram.
 */
export function percentile(histogram: readonly number[], q: number): number | null {
  const total = histogram.reduce((a, b) => a + b, 0);
  if (!total) return null;
  let seen = 0;
  for (let i = 0; i < histogram.length; i++) {
    seen += histogram[i];
    if (seen >= q * total) return LATENCY_BOUNDS_MS[Math.min(i, LATENCY_BOUNDS_MS.length - 1)];
  }
  return LATENCY_BOUNDS_MS[LATENCY_BOUNDS_MS.length - 1];
}

/** The effective window, in minutes (at least an hour, at most the day of kept votes). */
export const windowOf = (s: HealthSettings): number => Math.min(MAX_WINDOW_MINUTES, Math.max(60, s.windowMinutes));

/** Whether an hour's counters overlap the window ending at `now`. */
export const hourInWindow = (hour: Date, now: Date, windowMinutes: number): boolean =>
  hour.getTime() + HOUR_MS > now.getTime() - windowMinutes * 60_000 && hour.getTime() <= now.getTime();

/** The first hour whose counters a window ending at `now` reads. */
export const windowStart = (now: Date, windowMinutes: number): Date => new Date(Math.floor((now.getTime() - windowMinutes * 60_000) / HOUR_MS) * HOUR_MS);

/**
 * The verdict of one (profile, operator) for one app: `unknown` below the app's minimum of distinct
 * devices, else the weighted success rate against its thresholds (working at or above the working
 * percentage, failing at or below the failing one, degraded between).
 */
export function verdictOf(hours: readonly HourCounter[], distinctDevices: number, settings: HealthSettings, now: Date): Health {
  const windowMinutes = windowOf(settings);
  const inside = hours.filter((h) => hourInWindow(h.hour, now, windowMinutes));
  const sum = (pick: (h: HourCounter) => number) => inside.reduce((a, h) => a + pick(h), 0);
  const votes = sum((h) => h.votes);
  const rate = votes > 0 ? Math.min(1, sum((h) => h.okVotes) / votes) : null;
  const histogram = Array.from({ length: LATENCY_BUCKETS }, (_, i) => sum((h) => h.latency[i] ?? 0));
  let verdict: HealthVerdict = 'unknown';
  if (rate !== null && distinctDevices >= Math.max(1, settings.minDevices)) {
    const percent = rate * 100;
    verdict = percent >= settings.workingPercent ? 'working' : percent <= settings.failingPercent ? 'failing' : 'degraded';
  }
  return {
    verdict,
    rate,
    devices: distinctDevices,
    attempts: sum((h) => h.attempts),
    successes: sum((h) => h.successes),
    p50: percentile(histogram, 0.5),
    p90: percentile(histogram, 0.9),
  };
}

/**
 * A device's weight: 1, or LOW_WEIGHT once it has been judged TRUST_MIN_JUDGED times (its vote
 * against a settled working/failing verdict) and disagreed more often than it agreed. The fold's
 * statement applies the same rule in SQL (repositories/field-health.ts).
 */
export const deviceWeight = (agree: number, disagree: number): number => (agree + disagree >= TRUST_MIN_JUDGED && disagree > agree ? LOW_WEIGHT : 1);

/** One profile an operator's answer may carry, with its verdict for that operator. */
export interface SteeringRow {
  profileId: number;
  verdict: HealthVerdict;
  rate: number | null;
  changedAt: Date;
  hidden: boolean;
  /** When staff put it back by hand; that holds until the verdict changes after it. */
  keptAt?: Date | null;
}

/**
 * The profiles to hide from one operator's answer. With hideFailing off: none. Otherwise a failing
 * profile is hidden, and a hidden one comes back only once it has been working for the probation
 * window. A profile staff put back by hand stays until its verdict changes after that. If that
 * would hide every profile of the operator, the KEEP_BEST best (rate, then id) stay: a phone with
 * something to try beats a phone with nothing.
 */
export function steer(rows: readonly SteeringRow[], settings: HealthSettings, now: Date): Set<number> {
  if (!settings.hideFailing) return new Set();
  const probationMs = settings.probationMinutes * 60_000;
  const kept = (r: SteeringRow) => Boolean(r.keptAt && r.keptAt.getTime() >= r.changedAt.getTime());
  // A profile kept by hand is added by staff; it does not stand in for the best few.
  const judged = rows.filter((r) => !kept(r));
  const hide = judged.filter((r) => {
    if (r.verdict === 'failing') return true;
    if (!r.hidden) return false;
    return !(r.verdict === 'working' && now.getTime() - r.changedAt.getTime() >= probationMs);
  });
  if (judged.length && hide.length === judged.length) {
    const best = [...judged].sort((a, b) => (b.rate ?? -1) - (a.rate ?? -1) || a.profileId - b.profileId).slice(0, KEEP_BEST);
    for (const keep of best) hide.splice(hide.indexOf(keep), 1);
  }
  return new Set(hide.map((r) => r.profileId));
}
