// The field health rules on their own: the window, the minimum of devices, the thresholds, the
// latency percentiles, the down-weighting rule and steering (probation, keep the best few).
import {
  DEFAULT_HEALTH,
  KEEP_BEST,
  LOW_WEIGHT,
  deviceWeight,
  latencyBucket,
  percentile,
  steer,
  verdictOf,
  type HourCounter,
  type SteeringRow,
} from '../../../server/src/domain/field-health';

const HOUR = 3600_000;
const now = new Date('2026-05-01T12:30:00Z');
const hour = (hoursAgo: number, votes: number, okVotes: number, latency: number[] = []): HourCounter => ({
  hour: new Date(Math.floor(now.getTime() / HOUR) * HOUR - hoursAgo * HOUR),
  attempts: votes,
  successes: okVotes,
  devices: votes,
  votes,
  okVotes,
  latency,
});

describe('verdictOf', () => {
  it('is unknown below the minimum of distinct devices, whatever the rate', () => {
    expect(verdictOf([hour(0, 4, 0)], 4, DEFAULT_HEALTH, now).verdict).toBe('unknown');
    expect(verdictOf([hour(0, 5, 0)], 5, DEFAULT_HEALTH, now).verdict).toBe('failing');
  });

  it('follows the thresholds: working at or above, failing at or below, degraded between', () => {
    const at = (ok: number) => verdictOf([hour(0, 10, ok)], 10, DEFAULT_HEALTH, now).verdict;
    expect([at(10), at(8), at(7), at(3), at(2), at(0)]).toEqual(['working', 'working', 'degraded', 'degraded', 'failing', 'failing']);
    expect(verdictOf([hour(0, 10, 7)], 10, { ...DEFAULT_HEALTH, workingPercent: 70 }, now).verdict).toBe('working');
  });

  it('reads only the hours within the sliding window', () => {
    const rows = [hour(0, 5, 5), hour(1, 5, 5), hour(3, 50, 0)];
    expect(verdictOf(rows, 10, DEFAULT_HEALTH, now)).toMatchObject({ verdict: 'working', rate: 1, attempts: 10 });
    expect(verdictOf(rows, 10, { ...DEFAULT_HEALTH, windowMinutes: 240 }, now).verdict).toBe('failing');
  });

  it('derives the median and 90th percentile latency from the histogram', () => {
    const histogram = [0, 0, 5, 3, 0, 0, 0, 0, 0, 2, 0];
    expect(percentile(histogram, 0.5)).toBe(300);
    expect(percentile(histogram, 0.9)).toBe(5000);
    expect(percentile([0, 0], 0.5)).toBeNull();
    expect([latencyBucket(0), latencyBucket(100), latencyBucket(101), latencyBucket(99_999)]).toEqual([0, 0, 1, 10]);
    expect(verdictOf([hour(0, 10, 10, histogram)], 10, DEFAULT_HEALTH, now)).toMatchObject({ p50: 300, p90: 5000 });
  });
});

describe('deviceWeight', () => {
  it('down-weights a device judged often enough that disagreed more than it agreed', () => {
    expect(deviceWeight(0, 9)).toBe(1);
    expect(deviceWeight(4, 6)).toBe(LOW_WEIGHT);
    expect(deviceWeight(5, 5)).toBe(1);
    expect(deviceWeight(100, 20)).toBe(1);
  });
});

describe('steer', () => {
  const on = { ...DEFAULT_HEALTH, hideFailing: true };
  const row = (profileId: number, verdict: SteeringRow['verdict'], rate: number | null, minutesAgo = 0, hidden = false): SteeringRow => ({
    profileId,
    verdict,
    rate,
    hidden,
    changedAt: new Date(now.getTime() - minutesAgo * 60_000),
  });

  it('hides nothing while hideFailing is off', () => {
    expect(steer([row(1, 'failing', 0, 0, true)], DEFAULT_HEALTH, now)).toEqual(new Set());
  });

  it('hides failing profiles; a hidden one comes back only after working for the probation window', () => {
    const rows = [
      row(1, 'failing', 0),
      row(2, 'working', 1, 10, true),
      row(3, 'working', 1, 31, true),
      row(4, 'degraded', 0.5, 60, true),
      row(5, 'working', 1),
    ];
    expect(steer(rows, on, now)).toEqual(new Set([1, 2, 4]));
  });

  it('never leaves an operator with nothing: the best few stay', () => {
    const rows = [row(1, 'failing', 0.05), row(2, 'failing', 0.1), row(3, 'failing', 0), row(4, 'failing', null)];
    const hidden = steer(rows, on, now);
    expect(hidden.size).toBe(rows.length - KEEP_BEST);
    expect(hidden).toEqual(new Set([3, 4]));
  });

  it('keeps a profile staff put back until its verdict changes, without it standing in for the best few', () => {
    const kept = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
    const rows = [{ ...row(1, 'failing', 0, 60, false), keptAt: kept(5) }, row(2, 'failing', 0.1, 60), row(3, 'failing', 0.05, 60), row(4, 'failing', 0, 60)];
    expect(steer(rows, on, now)).toEqual(new Set([4]));
    // Failing again since it was put back: hidden like the rest.
    expect(steer([{ ...row(1, 'failing', 0, 1, false), keptAt: kept(5) }, row(2, 'working', 1)], on, now)).toEqual(new Set([1]));
  });
});
