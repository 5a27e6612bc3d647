// Verdicts and steering (docs/architecture.md "Field health"): after a fold, and once a minute for
// the window sliding on, the touched (profile, operator) pairs get their verdict per app that
// serves the profile (domain/field-health.ts verdictOf with that app's settings); a changed verdict
// moves `changed_at`. Then, per app and operator, the hidden set is recomputed (steer); a change of
// it bumps the app's config version (trigger, migration 0023) in this same transaction and is
// written to the audit log as done by the system.
import { sql } from 'drizzle-orm';
import type { HealthVerdict } from '../../../src/contract';
import type { Db } from '../db/client';
import { pgTextArray } from '../db/helpers';
import { auditLog } from '../db/schema';
import { steer, verdictOf, windowOf, windowStart, type HealthSettings, type HourCounter } from '../domain/field-health';
import { healthSettings } from './field-health';
import { catchUpAlerts, recordAlerts, type RecordedAlert } from './field-alerts';

export interface Pair {
  profileId: number;
  operator: string;
}

const pairKey = (profileId: number, operator: string) => `${profileId}|${operator}`;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const iso = (d: Date) => d.toISOString();
const pairArrays = (pairs: Pair[]) => sql`${pgTextArray(pairs.map((p) => String(p.profileId)))}::text[], ${pgTextArray(pairs.map((p) => p.operator))}::text[]`;

/** Every pair worth a look on the minute's sweep: recent counters, or a verdict that is not unknown, or a hidden one. */
export async function pairsToSweep(db: Db, now: Date): Promise<Pair[]> {
  const rows = rowsOf<{ profile_id: string | number; operator: string }>(
    await db.execute(sql`
      SELECT profile_id, operator::text FROM field_health_hours WHERE hour >= ${iso(new Date(now.getTime() - 25 * 3600_000))}::timestamptz
      UNION SELECT profile_id, operator::text FROM field_health_verdicts WHERE verdict <> 'unknown' OR hidden`),
  );
  return rows.map((r) => ({ profileId: Number(r.profile_id), operator: r.operator }));
}

/** What changed: verdicts and hidden flags, for tests and logs. */
export interface Evaluation {
  verdictChanges: { appId: number; profileId: number; operator: string; from: HealthVerdict | null; to: HealthVerdict }[];
  hiddenChanges: { appId: number; profileId: number; operator: string; hidden: boolean }[];
  /** The alerts written (a change to or from failing, not damped). */
  alerts: RecordedAlert[];
}

/** Recomputes the verdicts of `pairs` and the hidden sets they touch, in one transaction. */
export async function evaluatePairs(root: Db, pairs: Pair[], now: Date): Promise<Evaluation> {
  const out: Evaluation = { verdictChanges: [], hiddenChanges: [], alerts: [] };
  if (!pairs.length) return out;
  return root.transaction(async (db) => {
    const targets = rowsOf<{ app_id: number; profile_id: string | number; operator: string }>(
      await db.execute(sql`
        SELECT sa.app_id, p.id AS profile_id, t.op AS operator
        FROM unnest(${pairArrays(pairs)}) AS t(pid, op)
        JOIN profiles p ON p.id = t.pid::bigint JOIN server_apps sa ON sa.server_id = p.server_id
        ORDER BY 1, 2, 3`),
    );
    if (!targets.length) return out;
    const settings = await healthSettings(db, [...new Set(targets.map((t) => t.app_id))]);
    const hours = await hoursOf(db, pairs, now);
    const devicesIn = new Map<string, Map<string, number>>();
    for (const s of settings.values()) {
      const start = iso(windowStart(now, windowOf(s)));
      if (!devicesIn.has(start)) devicesIn.set(start, await distinctDevices(db, pairs, start, now));
    }
    const before = new Map(
      rowsOf<{ app_id: number; profile_id: string | number; operator: string; verdict: HealthVerdict }>(
        await db.execute(sql`
          SELECT v.app_id, v.profile_id, v.operator::text, v.verdict FROM field_health_verdicts v
          JOIN unnest(${pairArrays(pairs)}) AS t(pid, op) ON v.profile_id = t.pid::bigint AND v.operator = t.op::operator`),
      ).map((r) => [`${r.app_id}|${pairKey(Number(r.profile_id), r.operator)}`, r.verdict]),
    );
    const steerFor = new Set<string>();
    const upserts: { appId: number; profileId: number; operator: string; verdict: HealthVerdict; rate: number | null; devices: number }[] = [];
    for (const t of targets) {
      const profileId = Number(t.profile_id);
      const s = settings.get(t.app_id)!;
      const key = pairKey(profileId, t.operator);
      const devices = devicesIn.get(iso(windowStart(now, windowOf(s))))?.get(key) ?? 0;
      const health = verdictOf(hours.get(key) ?? [], devices, s, now);
      const was = before.get(`${t.app_id}|${key}`) ?? null;
      upserts.push({ appId: t.app_id, profileId, operator: t.operator, verdict: health.verdict, rate: health.rate, devices: health.devices });
      if (was !== health.verdict) out.verdictChanges.push({ appId: t.app_id, profileId, operator: t.operator, from: was, to: health.verdict });
      steerFor.add(`${t.app_id}|${t.operator}`);
    }
    // One statement for all of them, in key order (concurrent judges lock rows in one order).
    const col = (pick: (u: (typeof upserts)[number]) => string | null) => sql`${pgTextArray(upserts.map(pick))}::text[]`;
    await db.execute(sql`
      INSERT INTO field_health_verdicts AS v (app_id, profile_id, operator, verdict, rate, devices, changed_at)
      SELECT u.app_id::int, u.profile_id::bigint, u.op::operator, u.verdict, u.rate::real, u.devices::int, ${iso(now)}::timestamptz
      FROM unnest(${col((u) => String(u.appId))}, ${col((u) => String(u.profileId))}, ${col((u) => u.operator)}, ${col((u) => u.verdict)},
                  ${col((u) => (u.rate === null ? null : String(u.rate)))}, ${col((u) => String(u.devices))}) AS u(app_id, profile_id, op, verdict, rate, devices)
      ORDER BY 1, 2, 3
      ON CONFLICT (app_id, profile_id, operator) DO UPDATE SET
        verdict = excluded.verdict, rate = excluded.rate, devices = excluded.devices,
        changed_at = CASE WHEN v.verdict = excluded.verdict THEN v.changed_at ELSE excluded.changed_at END`);
    const windowFor = (appId: number) => windowOf(settings.get(appId)!);
    out.alerts = await recordAlerts(db, out.verdictChanges, now, windowFor);
    out.alerts.push(...(await catchUpAlerts(db, [...settings.keys()], now, windowFor)));
    for (const group of steerFor) {
      const [appId, operator] = group.split('|');
      out.hiddenChanges.push(...(await steerOperator(db, Number(appId), operator, settings.get(Number(appId))!, now)));
    }
    return out;
  });
}

async function hoursOf(db: Db, pairs: Pair[], now: Date): Promise<Map<string, HourCounter[]>> {
  const rows = rowsOf<{
    profile_id: string | number;
    operator: string;
    hour: Date | string;
    attempts: number;
    successes: number;
    devices: number;
    votes: number;
    ok_votes: number;
    latency: number[] | string;
  }>(
    await db.execute(sql`
      SELECT h.profile_id, h.operator::text, h.hour, h.attempts, h.successes, h.devices, h.votes, h.ok_votes, h.latency
      FROM field_health_hours h JOIN unnest(${pairArrays(pairs)}) AS t(pid, op) ON h.profile_id = t.pid::bigint AND h.operator = t.op::operator
      WHERE h.hour >= ${iso(new Date(now.getTime() - 25 * 3600_000))}::timestamptz`),
  );
  const out = new Map<string, HourCounter[]>();
  for (const r of rows) {
    const key = pairKey(Number(r.profile_id), r.operator);
    const list = out.get(key) ?? [];
    list.push({
      hour: new Date(r.hour),
      attempts: Number(r.attempts),
      successes: Number(r.successes),
      devices: Number(r.devices),
      votes: Number(r.votes),
      okVotes: Number(r.ok_votes),
      latency: parseIntArray(r.latency),
    });
    out.set(key, list);
  }
  return out;
}

/** An integer[] as either driver answers it (an array, or PostgreSQL's `{1,2}` text). */
export const parseIntArray = (v: number[] | string): number[] =>
  Array.isArray(v) ? v.map(Number) : v.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);

async function distinctDevices(db: Db, pairs: Pair[], start: string, now: Date): Promise<Map<string, number>> {
  const rows = rowsOf<{ profile_id: string | number; operator: string; n: string | number }>(
    await db.execute(sql`
      SELECT v.profile_id, v.operator::text, count(DISTINCT v.device_id) AS n
      FROM field_health_votes v JOIN unnest(${pairArrays(pairs)}) AS t(pid, op) ON v.profile_id = t.pid::bigint AND v.operator = t.op::operator
      WHERE v.hour >= ${start}::timestamptz AND v.hour <= ${iso(now)}::timestamptz
      GROUP BY 1, 2`),
  );
  return new Map(rows.map((r) => [pairKey(Number(r.profile_id), r.operator), Number(r.n)]));
}

/** Recomputes one app's hidden set for one operator; writes and audits what changed. */
async function steerOperator(db: Db, appId: number, operator: string, s: HealthSettings, now: Date): Promise<Evaluation['hiddenChanges']> {
  const rows = rowsOf<{
    id: string | number;
    name: string;
    verdict: HealthVerdict | null;
    rate: number | null;
    changed_at: Date | string | null;
    hidden: boolean | null;
    kept_at: Date | string | null;
  }>(
    await db.execute(sql`
      SELECT p.id, p.name, v.verdict, v.rate, v.changed_at, v.hidden, v.kept_at
      FROM profiles p JOIN server_apps sa ON sa.server_id = p.server_id AND sa.app_id = ${appId}
      LEFT JOIN field_health_verdicts v ON v.app_id = ${appId} AND v.profile_id = p.id AND v.operator = ${operator}::operator
      WHERE p.operator = ${operator}::operator`),
  );
  const list = rows.map((r) => ({
    profileId: Number(r.id),
    name: r.name,
    verdict: r.verdict ?? 'unknown',
    rate: r.rate === null ? null : Number(r.rate),
    changedAt: r.changed_at ? new Date(r.changed_at) : now,
    hidden: r.hidden ?? false,
    keptAt: r.kept_at ? new Date(r.kept_at) : null,
  }));
  const hide = steer(list, s, now);
  const changes: Evaluation['hiddenChanges'] = [];
  for (const r of list) {
    const hidden = hide.has(r.profileId);
    if (hidden === r.hidden) continue;
    // A profile is only ever hidden with a verdict row (failing, or hidden before), so the row exists.
    // Another instance judging the same pair at once waits on the row, then finds it done: one change, one audit row.
    const updated = rowsOf(
      await db.execute(sql`
        UPDATE field_health_verdicts SET hidden = ${hidden}
        WHERE app_id = ${appId} AND profile_id = ${r.profileId} AND operator = ${operator}::operator AND hidden <> ${hidden}
        RETURNING profile_id`),
    );
    if (!updated.length) continue;
    await db.insert(auditLog).values({
      actorName: 'system',
      actorRole: 'system',
      action: hidden ? 'profile.healthHide' : 'profile.healthShow',
      targetType: 'profile',
      targetId: String(r.profileId),
      target: `profile:${r.profileId}`,
      targetName: r.name,
      detail: { appId, operator, verdict: r.verdict, rate: r.rate, hideFailing: s.hideFailing },
    });
    changes.push({ appId, profileId: r.profileId, operator, hidden });
  }
  return changes;
}

/**
 * Staff put a hidden profile back into one operator's answer for one app: it stays there until
 * its verdict changes again. Answers whether it was hidden (a profile not hidden is left alone).
 */
export async function showByHand(db: Db, appId: number, profileId: number, operator: string): Promise<boolean | undefined> {
  const served = rowsOf(
    await db.execute(sql`
      SELECT 1 FROM profiles p JOIN server_apps sa ON sa.server_id = p.server_id AND sa.app_id = ${appId} WHERE p.id = ${profileId}`),
  );
  if (!served.length) return undefined;
  const updated = rowsOf(
    await db.execute(sql`
      UPDATE field_health_verdicts SET hidden = false, kept_at = now()
      WHERE app_id = ${appId} AND profile_id = ${profileId} AND operator = ${operator}::operator AND hidden
      RETURNING profile_id`),
  );
  return updated.length > 0;
}
