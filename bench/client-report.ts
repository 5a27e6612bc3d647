// The phones' report call under load (POST apps/client/report): one app with 50 servers × 20
// profiles and 20,000 registered devices on PostgreSQL; autocannon on loopback against GET
// /api/health, then the report call with 20 reports a call (each call from the next device, so the
// per-device limit is never reached), against the same server process in the same run. Prints
// reports/s next to health's requests/s and their ratio (target ≥ 0.5), and checks that every
// report acknowledged as accepted is in the counters (attempts), none lost.
//
//   npm run bench:client-report                         # a temporary database on postgres://postgres@127.0.0.1:5432
//   BENCH_PG=postgres://user@host:5432 npm run bench:client-report
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { Client } from 'pg';
import { buildBenchApp } from './lib/app';
import { loadConfig } from '../server/src/config';
import { apps, countries, profiles, serverApps, servers, users } from '../server/src/db/schema';
import { inTransaction } from '../server/src/repositories';
import { PROFILE_ADDRESS_CONTEXT } from '../server/src/domain/profile-address';
import { freePort, startServer, stopProcess } from './lib/server-process';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p99: number; average: number };
  '2xx': number;
  non2xx: number;
  errors: number;
  statusCodeStats?: Record<string, { count: number }>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon: (options: object) => Promise<AutocannonResult> = require('autocannon');

const PG = (process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
const SERVERS = 50;
const PROFILES_PER_SERVER = 20;
const DEVICES = 20_000;
const PER_CALL = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const OPERATORS = ['mci', 'irancell', 'wifi', 'others'] as const;
const log = (text: string) => process.stdout.write(`${text}\n`);

const dbName = `bench_client_report_${randomBytes(4).toString('hex')}`;
const databaseUrl = `${PG}/${dbName}`;
const env: Record<string, string> = {
  JWT_SECRET: randomBytes(32).toString('hex'),
  SECRETS_KEY: randomBytes(32).toString('hex'),
  ADMIN_PASSWORD: 'Bench#Pass1',
  LOG_LEVEL: 'warn',
  DATABASE_URL: databaseUrl,
  // Every call comes from 127.0.0.1: the per-address limit would measure itself.
  CLIENT_REPORT_ADDRESS_MAX: '10000000',
};

async function admin(statement: string) {
  const c = new Client({ connectionString: `${PG}/postgres` });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/** Migrates and seeds in-process: one app, its servers and profiles, and its devices. */
async function seed(): Promise<{ apiKey: string; profileIds: number[] }> {
  const { app, db, repos } = await buildBenchApp(loadConfig({ ...process.env, ...env }));
  try {
    const [top] = await db.select({ id: users.id }).from(users).limit(1);
    const appId = await inTransaction(db, (repos) =>
      repos.apps.create({
        name: 'BenchVPN',
        packageName: 'com.example.benchreport',
        sign: 'sig',
        adminId: top.id,
        cppSign: null,
        firebaseConfig: null,
        email: null,
        description: null,
      }),
    );
    const [{ apiKey }] = await db.select({ apiKey: apps.apiKey }).from(apps).where(eq(apps.id, appId));
    const [de] = await db.select().from(countries).where(eq(countries.code, 'DE'));
    for (let s = 0; s < SERVERS; s++) {
      const [srv] = await db
        .insert(servers)
        .values({ ip: `10.0.${s}.1`, countryId: de.id, port: 22 })
        .returning({ id: servers.id });
      await db.insert(serverApps).values({ serverId: srv.id, appId });
      await repos.profiles.insertMany(
        Array.from({ length: PROFILES_PER_SERVER }, (_, p) => ({
          serverId: srv.id,
          name: `P-${s}-${p}`,
          operator: OPERATORS[p % 4],
          protocol: 'vless' as const,
          type: 'normal' as const,
          addressEnc: app.secrets.seal(`vless://00000000-0000-4000-8000-00000000000${p % 10}@s${s}.example.com:443?security=tls#P`, PROFILE_ADDRESS_CONTEXT),
        })),
      );
    }
    await db.execute(sql`
      INSERT INTO devices (app_id, unique_device_id, fcm_token)
      SELECT ${appId}, 'bench-device-' || g, 'fcm' FROM generate_series(1, ${DEVICES}) AS g`);
    const rows = await db.select({ id: profiles.id }).from(profiles);
    return { apiKey, profileIds: rows.map((r) => r.id) };
  } finally {
    await app.close();
  }
}

async function attemptsStored(): Promise<number> {
  const c = new Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query('SELECT coalesce(sum(attempts), 0)::bigint AS n FROM field_health_hours');
    return Number(rows[0].n);
  } finally {
    await c.end();
  }
}

async function main() {
  log(
    `bench:client-report on PostgreSQL (${PG}/${dbName}), ${SERVERS * PROFILES_PER_SERVER} profiles, ${DEVICES} devices, ${PER_CALL} reports a call, ${CONNECTIONS} connections, ${SECONDS} s per run`,
  );
  await admin(`CREATE DATABASE "${dbName}"`);
  let child: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const { apiKey, profileIds } = await seed();
    const port = await freePort();
    child = await startServer(port, env);

    let call = 0;
    let acknowledged = 0;
    const request = {
      method: 'POST',
      path: '/api/v1/apps/client/report',
      headers: { 'content-type': 'application/json', appapikey: apiKey },
      setupRequest: (req: Record<string, unknown>) => {
        const n = call++;
        const at = new Date().toISOString();
        const reports = Array.from({ length: PER_CALL }, (_, i) => {
          const ok = (n + i) % 5 !== 0;
          return { profileId: profileIds[(n * 7 + i * 13) % profileIds.length], ok, ...(ok ? { latencyMs: 80 + ((n * i) % 900) } : { error: 'timeout' }), at };
        });
        return { ...req, body: JSON.stringify({ deviceId: `bench-device-${(n % DEVICES) + 1}`, versionCode: 100, operator: OPERATORS[n % 4], reports }) };
      },
      onResponse: (status: number, body: string) => {
        if (status === 200) acknowledged += (JSON.parse(body) as { data: { accepted: number } }).data.accepted;
      },
    };
    const run = async (label: string, options: object, seconds = SECONDS) => {
      const r = await autocannon({ url: `http://127.0.0.1:${port}`, connections: CONNECTIONS, duration: seconds, ...options });
      const codes = r.statusCodeStats
        ? Object.entries(r.statusCodeStats)
            .map(([k, v]) => `${k}×${v.count}`)
            .join(' ')
        : `2xx×${r['2xx']} other×${r.non2xx}`;
      log(
        `${label.padEnd(26)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p99 ${String(r.latency.p99).padStart(4)} ms   (${codes}${r.errors ? `, ${r.errors} errors` : ''})`,
      );
      return r;
    };

    await run('warm-up: health', { requests: [{ method: 'GET', path: '/api/health' }] }, 1);
    await run('warm-up: report', { requests: [request] }, 1);
    const health = await run('GET /api/health', { requests: [{ method: 'GET', path: '/api/health' }] });
    const reports = await run(`report (${PER_CALL} a call)`, { requests: [request] });

    const reportsPerSecond = reports.requests.average * PER_CALL;
    const ratio = reportsPerSecond / health.requests.average;
    log('');
    log(
      `reports: ${reportsPerSecond.toFixed(0)}/s = ${ratio.toFixed(2)} × health's ${health.requests.average.toFixed(0)} req/s (target ≥ 0.5: ${ratio >= 0.5 ? 'meets' : 'MISSES'}); ` +
        `calls: ${(reports.requests.average / health.requests.average).toFixed(2)} × health`,
    );
    const stored = await attemptsStored();
    const lost = acknowledged - stored;
    // More stored than acknowledged is the calls still in flight when autocannon stopped (answered after it stopped listening).
    log(`acknowledged as accepted: ${acknowledged}, in the counters: ${stored}, lost: ${Math.max(0, lost)}${lost > 0 ? ' — LOST REPORTS' : ''}`);
    if (lost > 0) process.exitCode = 1;
  } finally {
    if (child) await stopProcess(child);
    await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
