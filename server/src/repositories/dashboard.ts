// The dashboard's figures (docs/product.md §7 "Dashboard"). Device figures come from the counters that
// triggers keep on devices (server/src/db/schema/device-counts.ts, docs/architecture.md §8), never from
// counting the device rows: a load reads at most 31 days × 8 slots of hour rows and 8 slots per app
// version, whatever the number of devices. Apps, servers, profiles and users are counted directly
// (thousands of rows at most, profiles perhaps 100,000 behind their server index).
import { sql, type SQL } from 'drizzle-orm';
import { DASHBOARD_DAYS, OPERATORS, PROTOCOLS, type DashboardAppVersions, type DashboardStats } from '../../../src/contract';
import type { Db } from '../db/client';
import { toCount } from '../db/helpers';

/** What the caller sees: every app (`appIds` undefined) or these; `withUsers` for the admin role. */
export interface DashboardScope {
  appIds?: number[];
  withUsers: boolean;
}

type Row = Record<string, unknown>;
const rowsOf = (res: unknown): Row[] => (res as { rows: Row[] }).rows;

export function dashboardRepository(db: Db) {
  const query = async (q: SQL) => rowsOf(await db.execute(q));

  return {
    async stats(scope: DashboardScope): Promise<DashboardStats> {
      const ids = scope.appIds;
      // `app_id = ANY(ids)` on the given column, or nothing for the top admin.
      const inScope = (column: SQL) => (ids ? sql` AND ${column} = ANY(${sql.param(ids)}::int[])` : sql``);
      const serverScope = ids ? sql` AND s.id IN (SELECT server_id FROM server_apps WHERE app_id = ANY(${sql.param(ids)}::int[]))` : sql``;

      const [apps, servers, profiles, hours, versions, users] = await Promise.all([
        query(sql`SELECT id, name, active FROM apps WHERE true${inScope(sql`id`)}`),
        query(sql`SELECT c.code, c.name, count(*) AS n FROM servers s JOIN countries c ON c.id = s.country_id WHERE true${serverScope} GROUP BY c.code, c.name ORDER BY n DESC, c.code`),
        query(sql`SELECT p.operator, p.protocol, count(*) AS n FROM profiles p JOIN servers s ON s.id = p.server_id WHERE true${serverScope} GROUP BY 1, 2`),
        query(sql`
          SELECT to_char(h.hour::date, 'YYYY-MM-DD') AS day, sum(h.n) AS n,
                 sum(h.n) FILTER (WHERE h.hour >= now_h.h - interval '23 hours') AS last24h,
                 to_char(now_h.h::date, 'YYYY-MM-DD') AS today
          FROM (SELECT device_stats_hour(now()) AS h) now_h
          LEFT JOIN device_hour_counts h ON h.hour >= now_h.h::date - ${DASHBOARD_DAYS - 1}::int${inScope(sql`h.app_id`)}
          GROUP BY 1, now_h.h`),
        query(sql`
          WITH c AS (
            SELECT app_id, app_version, sum(n) AS n FROM device_version_counts WHERE true${inScope(sql`app_id`)}
            GROUP BY 1, 2 HAVING sum(n) <> 0
          ), v AS (SELECT app_id, app_version, status FROM app_versions WHERE true${inScope(sql`app_id`)})
          SELECT coalesce(c.app_id, v.app_id) AS app_id, coalesce(c.app_version, v.app_version) AS app_version,
                 coalesce(c.n, 0) AS n, coalesce(NOT v.status, false) AS blocked
          FROM c FULL JOIN v ON v.app_id = c.app_id AND v.app_version = c.app_version`),
        scope.withUsers ? query(sql`SELECT count(*) FILTER (WHERE active) AS active, count(*) FILTER (WHERE NOT active) AS inactive FROM users`) : null,
      ]);

      const profileCount = (key: 'operator' | 'protocol', value: string) =>
        profiles.filter((r) => r[key] === value).reduce((s, r) => s + toCount(r.n), 0);
      return {
        apps: { active: apps.filter((a) => a.active).length, inactive: apps.filter((a) => !a.active).length },
        servers: {
          total: servers.reduce((s, r) => s + toCount(r.n), 0),
          byCountry: servers.map((r) => ({ code: String(r.code), name: String(r.name), count: toCount(r.n) })),
        },
        profiles: {
          total: profiles.reduce((s, r) => s + toCount(r.n), 0),
          byOperator: OPERATORS.map((key) => ({ key, count: profileCount('operator', key) })),
          byProtocol: PROTOCOLS.map((key) => ({ key, count: profileCount('protocol', key) })),
        },
        devices: deviceFigures(hours, versions, new Map(apps.map((a) => [Number(a.id), String(a.name)]))),
        users: users && { active: toCount(users[0].active), inactive: toCount(users[0].inactive) },
      };
    },
  };
}

function deviceFigures(hours: Row[], versions: Row[], appNames: Map<number, string>): DashboardStats['devices'] {
  const today = String(hours[0].today);
  const byDay = new Map(hours.filter((r) => r.day !== null).map((r) => [String(r.day), toCount(r.n)]));
  const perDay = Array.from({ length: DASHBOARD_DAYS }, (_, i) => {
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() - (DASHBOARD_DAYS - 1 - i));
    const day = d.toISOString().slice(0, 10);
    return { day, count: byDay.get(day) ?? 0 };
  });
  const sum = (list: { count: number }[]) => list.reduce((s, r) => s + r.count, 0);

  const perApp = new Map<number, DashboardAppVersions>();
  for (const r of versions) {
    const appId = Number(r.app_id);
    const name = appNames.get(appId);
    if (name === undefined) continue; // counters of an app deleted meanwhile
    let app = perApp.get(appId);
    if (!app) perApp.set(appId, (app = { appId, appName: name, devices: 0, versions: [] }));
    const devices = toCount(r.n);
    app.devices += devices;
    app.versions.push({ appVersion: r.app_version === '' ? null : Number(r.app_version), devices, blocked: Boolean(r.blocked) });
  }
  const byVersion = [...perApp.values()].sort((a, b) => b.devices - a.devices || a.appId - b.appId);
  for (const app of byVersion) app.versions.sort((a, b) => (b.appVersion ?? -1) - (a.appVersion ?? -1));
  return {
    total: byVersion.reduce((s, a) => s + a.devices, 0),
    last24h: hours.reduce((s, r) => s + toCount(r.last24h), 0),
    last7d: sum(perDay.slice(-7)),
    last30d: sum(perDay),
    perDay,
    byVersion,
  };
}
