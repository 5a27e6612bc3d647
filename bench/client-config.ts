// The mobile apps' config call under load (docs/product.md §7 "Mobile apps"): one app with 50 servers × 40
// profiles on PostgreSQL; autocannon on loopback against GET /api/health, then GET
// apps/client/config answered in full (200) and revalidated (304), all against the same server
// process in the same run. Prints requests/s, p99 and the ratios to the health route.
// Targets: full 200s ≥ 50 % of health, 304s ≥ 70 %, p99 ≤ 20 ms.
//
//   npm run bench:client-config                         # a temporary database on postgres://postgres@127.0.0.1:5432
//   BENCH_PG=postgres://user@host:5432 npm run bench:client-config
//
// With BENCH_INSTANCES=2 it also starts a second server process and HAProxy in front of both
// (docs/architecture.md §9): addDevice and the config call go through the balancer, one instance is killed
// mid-load, and it checks that the other keeps serving, that no acknowledged registration is lost
// and that a setting saved through instance A is served by instance B on its next call.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { buildBenchApp } from './lib/app';
import { loadConfig } from '../server/src/config';
import { apps, countries, servers, serverApps } from '../server/src/db/schema';
import { inTransaction } from '../server/src/repositories';
import { eq } from 'drizzle-orm';
import { PROFILE_ADDRESS_CONTEXT } from '../server/src/domain/profile-address';
import { freePort, startServer, stopProcess } from './lib/server-process';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p99: number; average: number };
  '2xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number }>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon: (options: object) => Promise<AutocannonResult> = require('autocannon');

const PG = (process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
const SERVERS = 50;
const PROFILES_PER_SERVER = 40;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
const log = (text: string) => process.stdout.write(`${text}\n`);

const dbName = `bench_client_config_${randomBytes(4).toString('hex')}`;
const databaseUrl = `${PG}/${dbName}`;
const env: Record<string, string> = {
  JWT_SECRET: randomBytes(32).toString('hex'),
  SECRETS_KEY: randomBytes(32).toString('hex'),
  ADMIN_PASSWORD: 'Bench#Pass1',
  LOG_LEVEL: 'warn',
  DATABASE_URL: databaseUrl,
};

async function admin(sql: string) {
  const c = new Client({ connectionString: `${PG}/postgres` });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

function uuid(n: number): string {
  const h = (x: number, len: number) => (x >>> 0).toString(16).padStart(len, '0').slice(-len);
  return `${h(n * 2654435761, 8)}-${h(n, 4)}-4${h(n * 7, 3)}-8${h(n * 13, 3)}-${h(n * 40503, 8)}${h(n, 4)}`;
}

/** Migrates and seeds in-process: one app, 50 servers linked to it, 40 profiles each (both protocols, all operators). */
async function seed(): Promise<{ apiKey: string; appId: number }> {
  const config = loadConfig({ ...process.env, ...env });
  const { app, db, repos } = await buildBenchApp(config);
  try {
    const { users } = await import('../server/src/db/schema');
    const [top] = await db.select({ id: users.id }).from(users).limit(1);
    const appId = await inTransaction(db, (repos) =>
      repos.apps.create({
        name: 'BenchVPN',
        packageName: 'com.example.benchconfig',
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
    const operators = ['mci', 'irancell', 'wifi', 'others'] as const;
    for (let s = 0; s < SERVERS; s++) {
      const [srv] = await db
        .insert(servers)
        .values({ ip: `10.0.${s}.1`, countryId: de.id, port: 22 })
        .returning({ id: servers.id });
      await db.insert(serverApps).values({ serverId: srv.id, appId });
      const rows = [];
      for (let p = 0; p < PROFILES_PER_SERVER; p++) {
        const n = s * PROFILES_PER_SERVER + p;
        const link =
          n % 2
            ? `vless://${uuid(n)}@s${s}.example.com:443?encryption=none&security=tls&sni=s${s}.example.com&type=ws&path=%2Fws#P-${n}`
            : `vmess://${Buffer.from(JSON.stringify({ v: '2', ps: `P-${n}`, add: `s${s}.example.com`, port: '443', id: uuid(n), net: 'ws', path: '/vm', tls: 'tls' })).toString('base64')}`;
        rows.push({
          serverId: srv.id,
          name: `P-${n}`,
          operator: operators[n % 4],
          protocol: (n % 2 ? 'vless' : 'vmess') as 'vless' | 'vmess',
          type: 'normal' as const,
          addressEnc: app.secrets.seal(link, PROFILE_ADDRESS_CONTEXT),
        });
      }
      await repos.profiles.insertMany(rows);
    }
    return { apiKey, appId };
  } finally {
    await app.close();
  }
}

function get(port: number, url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: url, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function load(port: number, label: string, pathName: string, headers: Record<string, string> = {}, seconds = SECONDS) {
  const r = await autocannon({ url: `http://127.0.0.1:${port}${pathName}`, connections: CONNECTIONS, duration: seconds, headers });
  const codes = r.statusCodeStats
    ? Object.entries(r.statusCodeStats)
        .map(([k, v]) => `${k}×${v.count}`)
        .join(' ')
    : `2xx×${r['2xx']} other×${r.non2xx}`;
  log(
    `${label.padEnd(28)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p99 ${String(r.latency.p99).padStart(4)} ms   (${codes}${r.errors ? `, ${r.errors} errors` : ''})`,
  );
  return r;
}

async function main() {
  log(
    `bench:client-config on PostgreSQL (${PG}/${dbName}), ${SERVERS} servers × ${PROFILES_PER_SERVER} profiles, ${CONNECTIONS} connections, ${SECONDS} s per run`,
  );
  await admin(`CREATE DATABASE "${dbName}"`);
  const children: ChildProcess[] = [];
  try {
    const started = performance.now();
    const { apiKey, appId } = await seed();
    log(`seeded in ${Math.round(performance.now() - started)} ms`);
    const port = await freePort();
    children.push(await startServer(port, env));

    const url = '/api/v1/apps/client/config?versionCode=100&lang=fa';
    const first = await get(port, url, { appapikey: apiKey });
    if (first.status !== 200) throw new Error(`config call failed: ${first.status} ${first.body.slice(0, 300)}`);
    const profiles = (JSON.parse(first.body).data.servers as { profiles: unknown[] }[]).reduce((n, s) => n + s.profiles.length, 0);
    log(`answer: ${profiles} profiles, ${(first.body.length / 1024).toFixed(0)} KB, ETag ${first.headers.etag}`);
    const etag = first.headers.etag as string;

    // Warm-up of all three, then the measured runs.
    for (const [p, h] of [
      ['/api/health', {}],
      [url, { appapikey: apiKey }],
      [url, { appapikey: apiKey, 'if-none-match': etag }],
    ] as const) {
      await autocannon({ url: `http://127.0.0.1:${port}${p}`, connections: CONNECTIONS, duration: 1, headers: h });
    }
    const health = await load(port, 'GET /api/health', '/api/health');
    const full = await load(port, 'config 200 (full answer)', url, { appapikey: apiKey });
    const notModified = await load(port, 'config 304 (If-None-Match)', url, { appapikey: apiKey, 'if-none-match': etag });
    const fullBr = await load(port, 'config 200, br-encoded', url, { appapikey: apiKey, 'accept-encoding': 'br' });
    const ratio = (r: AutocannonResult) => r.requests.average / health.requests.average;
    const verdict = (ok: boolean) => (ok ? 'meets' : 'MISSES');
    log('');
    log(
      `full 200s: ${(ratio(full) * 100).toFixed(0)} % of health (target ≥ 50 %: ${verdict(ratio(full) >= 0.5)}), p99 ${full.latency.p99} ms (≤ 20 ms: ${verdict(full.latency.p99 <= 20)})`,
    );
    log(
      `304s:      ${(ratio(notModified) * 100).toFixed(0)} % of health (target ≥ 70 %: ${verdict(ratio(notModified) >= 0.7)}), p99 ${notModified.latency.p99} ms (≤ 20 ms: ${verdict(notModified.latency.p99 <= 20)})`,
    );
    log(`br 200s:   ${(ratio(fullBr) * 100).toFixed(0)} % of health, p99 ${fullBr.latency.p99} ms`);

    if (INSTANCES >= 2) await twoInstances(children, port, apiKey, appId);
  } finally {
    for (const c of children) await stopProcess(c);
    await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------------
// Several instances: two on one database behind HAProxy.

async function twoInstances(children: ChildProcess[], portA: number, apiKey: string, appId: number) {
  log('\n— two instances behind HAProxy —');
  const portB = await freePort();
  const b = await startServer(portB, env);
  children.push(b);
  const lbPort = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-haproxy-'));
  const cfg = haproxyConfig(lbPort, [portA, portB]);
  writeFileSync(path.join(dir, 'haproxy.cfg'), cfg);
  const lb = spawn('haproxy', ['-f', path.join(dir, 'haproxy.cfg'), '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    for (let i = 0; i < 50 && (await get(lbPort, '/api/health').catch(() => ({ status: 0 }))).status !== 200; i++) await new Promise((r) => setTimeout(r, 100));
    log(`HAProxy on :${lbPort} → :${portA} (A), :${portB} (B)`);

    // A setting saved through A is served by B on its next call (B's cache warmed first).
    const url = '/api/v1/apps/client/config?versionCode=100';
    await get(portB, url, { appapikey: apiKey });
    const signIn = await post(portA, '/api/v1/users/signin', { email: 'admin', password: env.ADMIN_PASSWORD });
    const token = JSON.parse(signIn.body).token as string;
    const marker = 1000 + Math.floor(Math.random() * 1000);
    const saved = await post(portA, `/api/v1/apps/updateSettings/${appId}`, { connectDelay: marker }, { authorization: `JWT ${token}` });
    const onB = JSON.parse((await get(portB, url, { appapikey: apiKey })).body).data.settings.connectDelay;
    log(`setting saved through A (${saved.status}), next call on B sees connectDelay=${onB}: ${onB === marker ? 'coherent' : 'STALE'}`);

    // addDevice and the config call through the balancer; A is killed with SIGKILL mid-load.
    let n = 0;
    const acked = new Set<string>();
    const tag = randomBytes(3).toString('hex');
    const running = autocannon({
      url: `http://127.0.0.1:${lbPort}`,
      connections: 8,
      duration: 6,
      requests: [
        {
          method: 'POST',
          path: '/api/v1/apps/addDevice',
          headers: { 'content-type': 'application/json', appapikey: apiKey },
          setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => {
            const id = `${tag}-${n++}`;
            context.id = id;
            return { ...req, body: JSON.stringify({ uniqueDeviceId: id, fcmToken: `fcm-${id}` }) };
          },
          onResponse: (status: number, _b: string, context: Record<string, unknown>) => {
            if (status === 200) acked.add(context.id as string);
          },
        },
        { method: 'GET', path: url, headers: { appapikey: apiKey } },
      ],
    });
    await new Promise((r) => setTimeout(r, 2500));
    await stopProcess(children[0], 'SIGKILL');
    log('instance A killed (SIGKILL) mid-load');
    const r = await running;
    const stats = r.statusCodeStats
      ? Object.entries(r.statusCodeStats)
          .map(([k, v]) => `${k}×${v.count}`)
          .join(' ')
      : '';
    log(`through the balancer: ${r.requests.total} requests, ${r.requests.average.toFixed(0)} req/s, ${stats}, ${r.errors} errors`);
    const afterKill = await get(lbPort, url, { appapikey: apiKey });
    log(`after the kill, a call through the balancer: ${afterKill.status} (B keeps serving: ${afterKill.status === 200 ? 'yes' : 'NO'})`);
    const c = new Client({ connectionString: databaseUrl });
    await c.connect();
    const { rows } = await c.query('SELECT unique_device_id FROM devices WHERE unique_device_id LIKE $1', [`${tag}-%`]);
    await c.end();
    const stored = new Set(rows.map((x: { unique_device_id: string }) => x.unique_device_id));
    const lost = [...acked].filter((id) => !stored.has(id));
    log(`acknowledged registrations: ${acked.size}, stored: ${stored.size}, lost: ${lost.length}`);
    log('\nHAProxy configuration used:\n' + cfg);
  } finally {
    await stopProcess(lb);
    rmSync(dir, { recursive: true, force: true });
  }
}

function post(port: number, url: string, body: object, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request({ host: '127.0.0.1', port, path: url, method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (ch) => chunks.push(ch));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

export function haproxyConfig(port: number, backends: number[]): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  option http-server-close',
    // A request that met a dead instance is sent again to the other one (GETs and, with
    // retry-on conn-failure, requests that never reached the dead server).
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response response-timeout',
    'frontend api',
    `  bind 127.0.0.1:${port}`,
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk GET /api/health',
    '  default-server inter 500ms fall 2 rise 2',
    ...backends.map((p, i) => `  server i${i} 127.0.0.1:${p} check`),
    '',
  ].join('\n');
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
