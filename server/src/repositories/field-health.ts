// The fold of the phones' connection reports (POST apps/client/report) into counters: one statement
// per batch of calls (repositories/field-health-batch.ts), so many calls share one transaction and
// one WAL flush. Only reports whose device is registered for the app and whose profile is served to
// the app are folded; the statement answers which, and nothing of a report is kept but its share of
// the counters (and the device's one vote per profile, operator and hour).
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pgTextArray } from '../db/helpers';
import { appSettings } from '../db/schema';
import { DEFAULT_HEALTH, LATENCY_BUCKETS, LOW_WEIGHT, TRUST_MIN_JUDGED, type HealthSettings } from '../domain/field-health';

/** One report as the fold takes it: already checked for shape and date. */
export interface FoldRow {
  /** Its index in the batch; the statement answers the accepted ones. */
  ord: number;
  appId: number;
  uniqueDeviceId: string;
  operator: string;
  profileId: number;
  ok: boolean;
  /** Latency histogram bucket of a successful report that measured one; null otherwise. */
  bucket: number | null;
  /** The start of the report's hour, ISO 8601. */
  hour: string;
}

/** Device agreement counts are halved past this, so old behaviour fades. */
const TRUST_CAP = 200;

const text = (values: (string | null)[]) => sql`${pgTextArray(values)}::text[]`;

/** The batch statement: answers the `ord` of every report folded. */
export async function foldReports(db: Db, rows: FoldRow[]): Promise<Set<number>> {
  if (!rows.length) return new Set();
  const buckets = sql.join(
    Array.from({ length: LATENCY_BUCKETS }, (_, i) => sql`(count(*) FILTER (WHERE bucket = ${sql.raw(String(i))}))::int`),
    sql`, `,
  );
  const result = await db.execute(sql`
    WITH r AS (
      SELECT t.ord::int AS ord, t.app_id::int AS app_id, t.uid, t.op::operator AS operator, t.pid::bigint AS profile_id,
             t.ok::boolean AS ok, t.b::int AS bucket, t.hour::timestamptz AS hour
      FROM unnest(${text(rows.map((r) => String(r.ord)))}, ${text(rows.map((r) => String(r.appId)))}, ${text(rows.map((r) => r.uniqueDeviceId))},
                  ${text(rows.map((r) => r.operator))}, ${text(rows.map((r) => String(r.profileId)))}, ${text(rows.map((r) => String(r.ok)))},
                  ${text(rows.map((r) => (r.bucket === null ? null : String(r.bucket))))}, ${text(rows.map((r) => r.hour))})
             AS t(ord, app_id, uid, op, pid, ok, b, hour)
    ), a AS (
      SELECT r.*, d.id AS device_id FROM r
      JOIN devices d ON d.app_id = r.app_id AND d.unique_device_id = r.uid
      JOIN profiles p ON p.id = r.profile_id
      WHERE EXISTS (SELECT 1 FROM server_apps sa WHERE sa.server_id = p.server_id AND sa.app_id = r.app_id)
    ), first AS (
      SELECT DISTINCT ON (profile_id, operator, hour, device_id) profile_id, operator, hour, device_id, app_id, ok
      FROM a ORDER BY profile_id, operator, hour, device_id, ord
    ), v AS (
      INSERT INTO field_health_votes (profile_id, operator, hour, device_id, ok)
      SELECT profile_id, operator, hour, device_id, ok FROM first ORDER BY 1, 2, 3, 4
      ON CONFLICT DO NOTHING
      RETURNING profile_id, operator, hour, device_id, ok
    ), w AS (
      SELECT v.*,
             CASE WHEN t.agree + t.disagree >= ${TRUST_MIN_JUDGED} AND t.disagree > t.agree THEN ${LOW_WEIGHT}::real ELSE 1::real END AS weight,
             (SELECT fv.verdict FROM field_health_verdicts fv WHERE fv.app_id = f.app_id AND fv.profile_id = v.profile_id AND fv.operator = v.operator) AS verdict
      FROM v JOIN first f USING (profile_id, operator, hour, device_id)
      LEFT JOIN field_health_devices t ON t.device_id = v.device_id
    ), trust AS (
      INSERT INTO field_health_devices AS t (device_id, agree, disagree)
      SELECT device_id, count(*) FILTER (WHERE (verdict = 'working') = ok), count(*) FILTER (WHERE (verdict = 'working') <> ok)
      FROM w WHERE verdict IN ('working', 'failing') GROUP BY device_id ORDER BY device_id
      ON CONFLICT (device_id) DO UPDATE SET
        agree = CASE WHEN t.agree + t.disagree + excluded.agree + excluded.disagree > ${TRUST_CAP} THEN (t.agree + excluded.agree) / 2 ELSE t.agree + excluded.agree END,
        disagree = CASE WHEN t.agree + t.disagree + excluded.agree + excluded.disagree > ${TRUST_CAP} THEN (t.disagree + excluded.disagree) / 2 ELSE t.disagree + excluded.disagree END
    ), h AS (
      INSERT INTO field_health_hours AS h (profile_id, operator, hour, attempts, successes, devices, votes, ok_votes, latency)
      SELECT g.profile_id, g.operator, g.hour, g.attempts, g.successes, coalesce(n.devices, 0), coalesce(n.votes, 0), coalesce(n.ok_votes, 0), g.latency
      FROM (SELECT profile_id, operator, hour, count(*)::int AS attempts, (count(*) FILTER (WHERE ok))::int AS successes, ARRAY[${buckets}] AS latency
            FROM a GROUP BY 1, 2, 3) g
      LEFT JOIN (SELECT profile_id, operator, hour, count(*)::int AS devices, sum(weight) AS votes, coalesce(sum(weight) FILTER (WHERE ok), 0) AS ok_votes
                 FROM w GROUP BY 1, 2, 3) n USING (profile_id, operator, hour)
      ORDER BY 1, 2, 3
      ON CONFLICT (profile_id, operator, hour) DO UPDATE SET
        attempts = h.attempts + excluded.attempts,
        successes = h.successes + excluded.successes,
        devices = h.devices + excluded.devices,
        votes = h.votes + excluded.votes,
        ok_votes = h.ok_votes + excluded.ok_votes,
        latency = field_health_add(h.latency, excluded.latency)
    )
    SELECT ord FROM a`);
  return new Set((result as unknown as { rows: { ord: number | string }[] }).rows.map((r) => Number(r.ord)));
}

/** The health settings of each app (the defaults for an app without a settings row). */
export async function healthSettings(db: Db, appIds: number[]): Promise<Map<number, HealthSettings>> {
  const out = new Map<number, HealthSettings>(appIds.map((id) => [id, DEFAULT_HEALTH]));
  if (!appIds.length) return out;
  const rows = await db
    .select({
      appId: appSettings.appId,
      hideFailing: appSettings.hideFailing,
      windowMinutes: appSettings.healthWindowMinutes,
      minDevices: appSettings.healthMinDevices,
      workingPercent: appSettings.healthWorkingPercent,
      failingPercent: appSettings.healthFailingPercent,
      probationMinutes: appSettings.healthProbationMinutes,
    })
    .from(appSettings)
    .where(inArray(appSettings.appId, appIds));
  for (const { appId, ...s } of rows) out.set(appId, s);
  return out;
}

/** Drops votes older than a day (no window reads them) and counters older than two (the chart shows one). */
export async function pruneFieldHealth(db: Db, now: Date): Promise<void> {
  await db.execute(sql`DELETE FROM field_health_votes WHERE hour < ${new Date(now.getTime() - 25 * 3600_000).toISOString()}::timestamptz`);
  await db.execute(sql`DELETE FROM field_health_hours WHERE hour < ${new Date(now.getTime() - 48 * 3600_000).toISOString()}::timestamptz`);
}
