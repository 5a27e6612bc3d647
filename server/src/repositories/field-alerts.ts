// Field-health alerts (docs/architecture.md "Field health"): written by the judge in its transaction
// when a verdict turns to or from `failing`, damped to one per app, profile and operator per health
// window; each one queues a delivery to the app's webhook when one is set. Read by the bell (scoped
// by the caller's reach, which the route hands in as SQL) and by the app page's delivery log.
import { and, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { HealthVerdict } from '../../../src/contract';
import type { AlertDeliveryDto, NotificationDto, NotificationList } from '../../../src/contract/notifications';
import type { Db } from '../db/client';
import { alertDeliveries, apps, fieldAlerts, notificationReads, profiles, servers } from '../db/schema';

export interface VerdictChange {
  appId: number;
  profileId: number;
  operator: string;
  from: HealthVerdict | null;
  to: HealthVerdict;
}

export interface RecordedAlert extends VerdictChange {
  id: number;
  delivery: boolean;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const iso = (d: Date | string) => new Date(d).toISOString();

/** Whether a change is worth an alert: to or from failing. */
export const alerting = (c: Pick<VerdictChange, 'from' | 'to'>): boolean => c.from !== c.to && (c.from === 'failing' || c.to === 'failing');

/**
 * Records an alert per change to or from failing, unless the same app, profile and operator had one
 * within its window (`windowMinutes(appId)`), and queues its webhook post. Run in the judge's transaction.
 */
export async function recordAlerts(db: Db, changes: VerdictChange[], now: Date, windowMinutes: (appId: number) => number): Promise<RecordedAlert[]> {
  const out: RecordedAlert[] = [];
  for (const c of changes.filter(alerting)) {
    const since = iso(new Date(now.getTime() - windowMinutes(c.appId) * 60_000));
    const [made] = rowsOf<{ id: string | number; server_id: number; app_name: string; profile_name: string; server_ip: string; url: string | null }>(
      await db.execute(sql`
        WITH ins AS (
          INSERT INTO field_alerts (app_id, profile_id, server_id, operator, from_verdict, to_verdict, at)
          SELECT ${c.appId}, p.id, p.server_id, ${c.operator}::operator, ${c.from}, ${c.to}, ${iso(now)}::timestamptz FROM profiles p
          WHERE p.id = ${c.profileId} AND NOT EXISTS (
            SELECT 1 FROM field_alerts a WHERE a.app_id = ${c.appId} AND a.profile_id = ${c.profileId}
              AND a.operator = ${c.operator}::operator AND a.at > ${since}::timestamptz)
          RETURNING id, server_id, profile_id)
        SELECT ins.id, ins.server_id, a.name AS app_name, p.name AS profile_name, s.ip AS server_ip, st.alert_webhook_url AS url
        FROM ins JOIN apps a ON a.id = ${c.appId} JOIN profiles p ON p.id = ins.profile_id JOIN servers s ON s.id = ins.server_id
        LEFT JOIN app_settings st ON st.app_id = ${c.appId}`),
    );
    if (!made) continue;
    const id = Number(made.id);
    const url = made.url?.trim() || null;
    if (url) {
      const body = JSON.stringify({
        app: { id: c.appId, name: made.app_name },
        profile: { id: c.profileId, name: made.profile_name },
        server: { id: made.server_id, ip: made.server_ip },
        operator: c.operator,
        from: c.from,
        to: c.to,
        at: iso(now),
      });
      await db.insert(alertDeliveries).values({ alertId: id, appId: c.appId, url, body });
    }
    out.push({ ...c, id, delivery: url !== null });
  }
  return out;
}

/**
 * A change damped within the window is told once the window has passed: for the apps in `appIds`,
 * a pair whose verdict is failing where its last alert said otherwise (or the reverse) gets an
 * alert from what that alert said to the verdict now. Alerts older than a day are not looked at.
 */
export async function catchUpAlerts(db: Db, appIds: number[], now: Date, windowMinutes: (appId: number) => number): Promise<RecordedAlert[]> {
  if (!appIds.length) return [];
  const rows = rowsOf<{ app_id: number; profile_id: string | number; operator: string; said: HealthVerdict; at: Date | string; verdict: HealthVerdict }>(
    await db.execute(sql`
      SELECT DISTINCT ON (a.app_id, a.profile_id, a.operator) a.app_id, a.profile_id, a.operator::text, a.to_verdict AS said, a.at, v.verdict
      FROM field_alerts a JOIN field_health_verdicts v ON v.app_id = a.app_id AND v.profile_id = a.profile_id AND v.operator = a.operator
      WHERE a.at > ${iso(new Date(now.getTime() - 25 * 3600_000))}::timestamptz AND a.app_id IN (${sql.join(
        appIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      ORDER BY a.app_id, a.profile_id, a.operator, a.id DESC`),
  );
  const stale = rows.filter(
    (r) => (r.said === 'failing') !== (r.verdict === 'failing') && new Date(r.at).getTime() <= now.getTime() - windowMinutes(r.app_id) * 60_000,
  );
  return recordAlerts(
    db,
    stale.map((r) => ({ appId: r.app_id, profileId: Number(r.profile_id), operator: r.operator, from: r.said, to: r.verdict })),
    now,
    windowMinutes,
  );
}

/** The bell: the newest alerts within `scope` (a condition on servers and apps), and the caller's unread count. */
export async function notificationsFor(db: Db, userId: number, scope: SQL | undefined, limit: number): Promise<NotificationList> {
  const [mark] = await db.select({ upTo: notificationReads.readUpTo }).from(notificationReads).where(eq(notificationReads.userId, userId));
  const readUpTo = mark ? Number(mark.upTo) : 0;
  const base = () =>
    db
      .select({
        id: fieldAlerts.id,
        appId: fieldAlerts.appId,
        appName: apps.name,
        profileId: fieldAlerts.profileId,
        profileName: profiles.name,
        serverId: fieldAlerts.serverId,
        serverIp: servers.ip,
        operator: fieldAlerts.operator,
        from: fieldAlerts.fromVerdict,
        to: fieldAlerts.toVerdict,
        at: fieldAlerts.at,
      })
      .from(fieldAlerts)
      .innerJoin(apps, eq(apps.id, fieldAlerts.appId))
      .innerJoin(profiles, eq(profiles.id, fieldAlerts.profileId))
      .innerJoin(servers, eq(servers.id, fieldAlerts.serverId));
  const rows = await base().where(scope).orderBy(desc(fieldAlerts.id)).limit(limit);
  const [unread] = await db
    .select({ n: count() })
    .from(fieldAlerts)
    .innerJoin(apps, eq(apps.id, fieldAlerts.appId))
    .innerJoin(servers, eq(servers.id, fieldAlerts.serverId))
    .where(and(scope, gt(fieldAlerts.id, readUpTo)));
  return {
    rows: rows.map((r): NotificationDto => ({ ...r, id: Number(r.id), profileId: Number(r.profileId), at: iso(r.at), read: Number(r.id) <= readUpTo })),
    unread: Number(unread?.n ?? 0),
  };
}

/** Marks the caller's alerts read up to `upTo` (a mark never moves back). */
export async function markNotificationsRead(db: Db, userId: number, upTo: number): Promise<void> {
  await db
    .insert(notificationReads)
    .values({ userId, readUpTo: upTo })
    .onConflictDoUpdate({ target: notificationReads.userId, set: { readUpTo: sql`GREATEST(${notificationReads.readUpTo}, excluded.read_up_to)` } });
}

/** The app page's delivery log, newest first. */
export async function deliveriesOf(db: Db, appId: number, limit: number): Promise<AlertDeliveryDto[]> {
  const rows = await db
    .select({
      id: alertDeliveries.id,
      alertId: alertDeliveries.alertId,
      url: alertDeliveries.url,
      profileName: profiles.name,
      operator: fieldAlerts.operator,
      to: fieldAlerts.toVerdict,
      status: alertDeliveries.status,
      attempts: alertDeliveries.attempts,
      responseStatus: alertDeliveries.responseStatus,
      lastError: alertDeliveries.lastError,
      updatedAt: alertDeliveries.updatedAt,
    })
    .from(alertDeliveries)
    .innerJoin(fieldAlerts, eq(fieldAlerts.id, alertDeliveries.alertId))
    .innerJoin(profiles, eq(profiles.id, fieldAlerts.profileId))
    .where(eq(alertDeliveries.appId, appId))
    .orderBy(desc(alertDeliveries.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, id: Number(r.id), alertId: Number(r.alertId), status: r.status as AlertDeliveryDto['status'], updatedAt: iso(r.updatedAt) }));
}
