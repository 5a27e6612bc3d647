// The dashboard figure of bench:devices (docs/product.md §7 "Dashboard", docs/architecture.md §8: p95 ≤ 50 ms over 1,000,000
// devices on PostgreSQL): GET dashboard/stats over HTTP, which reads the device counters, next to the
// raw count(*) statements over devices that it replaces (total, last 24 h / 7 / 30 days, per day, per
// app and version), sent straight to PostgreSQL in the same run. Prints; asserts nothing.
import type { Pool } from 'pg';

const REQUESTS = 50;
const BUDGET_MS = 50;

/** The device figures counted over the rows, as a dashboard without counters would (Iran's clock). */
const RAW = `
  WITH d AS (SELECT app_id, app_version_code, created_at AT TIME ZONE 'Asia/Tehran' AS t FROM devices),
  n AS (SELECT now() AT TIME ZONE 'Asia/Tehran' AS t)
  SELECT (SELECT count(*) FROM d) AS total,
         (SELECT count(*) FROM d, n WHERE d.t >= date_trunc('hour', n.t) - interval '23 hours') AS last24h,
         (SELECT count(*) FROM d, n WHERE d.t::date >= n.t::date - 6) AS last7d,
         (SELECT count(*) FROM d, n WHERE d.t::date >= n.t::date - 29) AS last30d,
         (SELECT json_agg(x) FROM (SELECT d.t::date AS day, count(*) FROM d, n WHERE d.t::date >= n.t::date - 29 GROUP BY 1) x) AS per_day,
         (SELECT json_agg(x) FROM (SELECT app_id, app_version_code, count(*) FROM d GROUP BY 1, 2) x) AS by_version`;

const p95 = (list: number[]) => [...list].sort((a, b) => a - b)[Math.ceil(0.95 * list.length) - 1];
const timed = async (fn: () => Promise<unknown>) => {
  const t0 = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t0) / 1e6;
};

type Get = () => Promise<{ status: number; json: () => any }>;

/**
 * Times `get` (the stats call as role_id 1), alternating with `floor` (GET users/current, the
 * cheapest signed-in call: what this machine's load adds to any call), and, with a pool, the raw
 * statement; returns the lines to print.
 */
export async function benchDashboardStats(get: Get, floor: Get, pool: Pool | undefined): Promise<string[]> {
  const stats: number[] = [];
  const floors: number[] = [];
  let last: { total: number; last24h: number; last7d: number; last30d: number } | undefined;
  for (let i = -5; i < REQUESTS; i++) {
    for (const [call, into] of [
      [get, stats],
      [floor, floors],
    ] as const) {
      let res: Awaited<ReturnType<Get>> | undefined;
      const t = await timed(async () => (res = await call()));
      if (res?.status !== 200) throw new Error(`dashboard bench: HTTP ${res?.status}`);
      if (i >= 0) into.push(t);
      if (call === get) last = res.json().data.devices;
    }
  }
  const figure = p95(stats);
  const lines = [
    `GET dashboard/stats (role_id 1), ${REQUESTS} requests: p95 ${figure.toFixed(1)} ms  ${figure <= BUDGET_MS ? 'OK' : `OVER the ${BUDGET_MS} ms budget`}` +
      `  (GET users/current alongside, the signed-in floor: p95 ${p95(floors).toFixed(1)} ms)`,
  ];
  if (pool) {
    const raw: number[] = [];
    let counted: Record<string, unknown> = {};
    for (let i = 0; i < 5; i++) raw.push(await timed(async () => ([counted] = (await pool.query(RAW)).rows)));
    const rawP95 = p95(raw);
    lines.push(
      `  the raw count(*) statements it replaces, 5 runs straight to PostgreSQL: p95 ${rawP95.toFixed(1)} ms; stats / raw ×${(figure / rawP95).toFixed(3)}`,
    );
    // Nothing writes meanwhile, so the counters must give exactly what counting the rows gives.
    const keys = ['total', 'last24h', 'last7d', 'last30d'] as const;
    const same = keys.every((k) => Number(counted[k]) === last?.[k]);
    lines.push(
      `  figures ${keys.map((k) => `${k} ${last?.[k].toLocaleString()}`).join(', ')}: ${same ? 'equal to the row counts' : `DIFFER from the row counts (${keys.map((k) => String(counted[k])).join(', ')})`}`,
    );
  }
  return lines;
}
