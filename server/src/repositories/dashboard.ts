// The dashboard's figures (docs/product.md §7 "Dashboard") in one statement (one round trip, one pooled
// connection). Device figures come from the counters that triggers keep on devices
// (server/src/db/schema/device-counts.ts, docs/architecture.md §8), never from counting the device
// rows: a load reads at most 31 days × 24 hours × 8 slots of hour rows per app and 8 slots per app
// version, whatever the number of devices. Apps, servers, profiles and users are counted directly
// (thousands of rows at most, profiles perhaps 100,000 behind their server index).
import { sql, type SQL } from 'drizzle-orm';
import { DASHBOARD_DAYS, OPERATORS, PROTOCOLS, type DashboardAppVersions, type DashboardStats } from '../../../src/contract';
import type { Db } from '../db/client';
import { toCount } from '../db/helpers';

/**
 * What the caller sees: `apps`, a condition on the apps table (rbac's appScope), `servers`, one on
 * the servers table (rbac's serverScope; both undefined for everything), and `withUsers` for the
 * admin role.
 */
export interface DashboardScope {
  apps: SQL | undefined;
  servers: SQL | undefined;
  withUsers: boolean;
}

type Row = Record<string, unknown>;
type Parts = Record<'apps' | 'servers' | 'profiles' | 'hours' | 'versions', Row[] | null> & { users: Row | null; today: string };

export function dashboardRepository(db: Db) {
  return {
    async stats(scope: DashboardScope): Promise<DashboardStats> {
      // The caller's apps, and `app_id IN (those)` on a column (nothing for every app).
      const appIds = scope.apps && sql`SELECT id FROM apps WHERE ${scope.apps}`;
      const inScope = (column: SQL) => (appIds ? sql` AND ${column} IN (${appIds})` : sql``);
      const serverScope = scope.servers ? sql` AND ${scope.servers}` : sql``;
      const [parts] = (
        (await db.execute(sql`
        WITH now_h AS (SELECT device_stats_hour(now()) AS h)
        SELECT
          (SELECT json_agg(x) FROM (SELECT id, name, active FROM apps WHERE true${inScope(sql`id`)}) x) AS apps,
          (SELECT json_agg(x) FROM (
            SELECT c.code, c.name, count(*) AS n FROM servers JOIN countries c ON c.id = servers.country_id
            WHERE true${serverScope} GROUP BY c.code, c.name ORDER BY n DESC, c.code) x) AS servers,
          (SELECT json_agg(x) FROM (
            SELECT p.operator, p.protocol, count(*) AS n FROM profiles p JOIN servers ON servers.id = p.server_id
            WHERE true${serverScope} GROUP BY 1, 2) x) AS profiles,
          (SELECT json_agg(x) FROM (
            SELECT to_char(h.hour::date, 'YYYY-MM-DD') AS day, sum(h.n) AS n,
                   sum(h.n) FILTER (WHERE h.hour >= now_h.h - interval '23 hours') AS last24h
            FROM now_h, device_hour_counts h
            WHERE h.hour >= now_h.h::date - ${DASHBOARD_DAYS - 1}::int${inScope(sql`h.app_id`)} GROUP BY 1) x) AS hours,
          (SELECT json_agg(x) FROM (
            WITH c AS (
              SELECT app_id, app_version, sum(n) AS n FROM device_version_counts WHERE true${inScope(sql`app_id`)}
              GROUP BY 1, 2 HAVING sum(n) <> 0
            ), v AS (SELECT app_id, app_version, status FROM app_versions WHERE true${inScope(sql`app_id`)})
            SELECT coalesce(c.app_id, v.app_id) AS app_id, coalesce(c.app_version, v.app_version) AS app_version,
                   coalesce(c.n, 0) AS n, coalesce(NOT v.status, false) AS blocked
            FROM c FULL JOIN v ON v.app_id = c.app_id AND v.app_version = c.app_version) x) AS versions,
          ${scope.withUsers ? sql`(SELECT row_to_json(x) FROM (SELECT count(*) FILTER (WHERE active) AS active, count(*) FILTER (WHERE NOT active) AS inactive FROM users) x)` : sql`NULL::json`} AS users,
          (SELECT to_char(h::date, 'YYYY-MM-DD') FROM now_h) AS today`)) as unknown as { rows: Parts[] }
      ).rows;
      const apps = parts.apps ?? [];
      const servers = parts.servers ?? [];
      const profiles = parts.profiles ?? [];
      const profileCount = (key: 'operator' | 'protocol', value: string) => profiles.filter((r) => r[key] === value).reduce((s, r) => s + toCount(r.n), 0);
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
        devices: deviceFigures(parts.today, parts.hours ?? [], parts.versions ?? [], new Map(apps.map((a) => [Number(a.id), String(a.name)]))),
        users: parts.users && { active: toCount(parts.users.active), inactive: toCount(parts.users.inactive) },
      };
    },
  };
}

function deviceFigures(today: string, hours: Row[], versions: Row[], appNames: Map<number, string>): DashboardStats['devices'] {
  const byDay = new Map(hours.map((r) => [String(r.day), toCount(r.n)]));
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
