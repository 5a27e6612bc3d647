// CSV profile import budget (docs/architecture.md §8): 10,000 rows in ≤ 2 s on PGlite, 100,000 rows in
// ≤ 20 s on PostgreSQL. Builds the real app, signs in, and posts generated CSV files through
// `app.inject` as multipart — the whole path: upload, papaparse, share-link checks, AES-GCM
// sealing per row, batched INSERTs in one transaction. Prints figures; asserts nothing.
//
// While each import runs, GET /api/health is asked again and again (the next one 5 ms after each
// answer), and the answers' latency is printed (p50, p99, max): the import yields to the event loop
// between slices of rows (server/src/domain/cooperative.ts), so other requests keep being answered.
// `health idle` is the same measure with no import running, for comparison.
//
// Usage: npm run bench:profiles-import
//        DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:profiles-import
// PGlite runs in a temporary folder. With DATABASE_URL, a temporary database is created on that
// server and dropped afterwards (or, without CREATE DATABASE rights, the given database is used
// and the bench's rows are removed).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { Client } from 'pg';
import { CSV_MAX_BYTES } from '../src/contract';
import { buildBenchApp } from './lib/app';
import { hashPassword } from '../server/src/domain/passwords';
import { loadConfig, type DatabaseTarget } from '../server/src/config';
import { apps, countries, users } from '../server/src/db/schema';

const SIZES = [10_000, 100_000];
const BUDGETS: Record<DatabaseTarget['kind'], Record<number, number>> = { pglite: { 10_000: 2 }, postgres: { 100_000: 20 } };
const PASSWORD = 'Bench#Pass1';

/** A compact but realistic row (a 100,000-row file must stay under the 10 MB limit); every 20th is vmess. */
function row(n: number): string {
  const id = `${randomBytes(4).toString('hex')}-${randomBytes(2).toString('hex')}-4${randomBytes(2).toString('hex').slice(1)}-8${randomBytes(2).toString('hex').slice(1)}-${randomBytes(6).toString('hex')}`;
  if (n % 20 === 0) {
    const json = JSON.stringify({ v: '2', add: `v${n % 97}.ex.io`, port: 443, id, net: 'ws', tls: 'tls' });
    return `vmess://${Buffer.from(json).toString('base64')},S-${n},vmess,normal`;
  }
  return `vless://${id}@s${n % 97}.ex.io:443?type=ws,S-${n},vless,normal`;
}

function csvFile(rows: number): Buffer {
  const lines = ['address,name,protocol,type'];
  for (let n = 1; n <= rows; n++) lines.push(row(n));
  return Buffer.from(lines.join('\n') + '\n');
}

function multipart(fields: Record<string, string>, file: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----bench-${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="csvFile"; filename="profiles.csv"\r\nContent-Type: text/csv\r\n\r\n`));
  parts.push(file, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** GET /api/health over and over until `done` settles; the latencies in ms. */
async function healthWhile(app: FastifyInstance, done: Promise<unknown>): Promise<number[]> {
  let finished = false;
  void done.finally(() => (finished = true));
  const latencies: number[] = [];
  while (!finished) {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    latencies.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`health answered ${res.statusCode}`);
    await sleep(5);
  }
  return latencies;
}

function percentiles(ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
  return `p50 ${at(50).toFixed(1)} ms, p99 ${at(99).toFixed(1)} ms, max ${at(100).toFixed(1)} ms (${sorted.length} requests)`;
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function run(label: string, target: DatabaseTarget, files: Map<number, Buffer>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-profiles-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    SECRETS_KEY: randomBytes(32).toString('hex'),
    ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'silent',
  });
  config.database = target;
  config.staticDir = path.join(dataDir, 'no-panel');
  const started = performance.now();
  const { app, db, repos } = await buildBenchApp(config);
  await app.ready();
  console.log(`\n${label}: app ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // A top admin and an app of the bench's own, so an existing database is left as it was found.
  const tag = randomBytes(4).toString('hex');
  const user = await repos.users.insert({
    name: 'بنچ',
    family: 'بنچ',
    username: `bench_${tag}`,
    email: `bench_${tag}@bench.local`,
    roleId: 1,
    passwordHash: await hashPassword(PASSWORD),
  });
  const [benchApp] = await db
    .insert(apps)
    .values({ name: `Bench ${tag}`, packageName: `bench.${tag}`, adminId: user.id, sign: 'bench', apiKey: randomBytes(32).toString('hex') })
    .returning({ id: apps.id });
  const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'DE'));
  try {
    const signIn = await app.inject({ method: 'POST', url: '/api/v1/users/signin', payload: { email: user.username, password: PASSWORD } });
    const auth = { authorization: `JWT ${signIn.json().token}` };
    console.log(`  health idle: ${percentiles(await healthWhile(app, sleep(1_000)))}`);
    for (const [rows, file] of files) {
      const server = await app.inject({
        method: 'POST',
        url: '/api/v1/apps/addServer',
        headers: auth,
        payload: { appId: [benchApp.id], countryId: country.id, ip: `bench-${rows}.ex.io`, port: 443 },
      });
      const serverId: number = server.json().data.id;
      const { payload, headers } = multipart({ serverId: String(serverId) }, file);
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      const t0 = performance.now();
      const importing = app.inject({ method: 'POST', url: '/api/v1/apps/group/addProfiles', headers: { ...headers, ...auth }, payload });
      const health = await healthWhile(app, importing);
      const res = await importing;
      const seconds = (performance.now() - t0) / 1000;
      loop.disable();
      const inserted = res.statusCode === 200 ? res.json().data.inserted : 0;
      const budget = BUDGETS[target.kind][rows];
      const verdict = budget === undefined ? '' : seconds <= budget ? `  (budget ${budget} s: met)` : `  (budget ${budget} s: MISSED)`;
      console.log(
        `  ${rows.toLocaleString('en').padStart(7)} rows  ${(file.length / 1e6).toFixed(1).padStart(4)} MB  ${seconds.toFixed(2).padStart(6)} s  ` +
          `${Math.round(inserted / seconds)
            .toLocaleString('en')
            .padStart(7)} rows/s  HTTP ${res.statusCode}${verdict}`,
      );
      console.log(`           health during the import: ${percentiles(health)}`);
      console.log(`           event loop held at most ${(loop.max / 1e6).toFixed(0)} ms at a time (p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms)`);
      if (inserted !== rows) console.log(`  unexpected answer: ${res.body.slice(0, 300)}`);
      await app.inject({ method: 'DELETE', url: `/api/v1/apps/destroyServer/${serverId}`, headers: auth });
    }
  } finally {
    await db.delete(apps).where(eq(apps.id, benchApp.id));
    await db.delete(users).where(eq(users.id, user.id));
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const files = new Map(SIZES.map((n) => [n, csvFile(n)]));
  for (const [n, f] of files) if (f.length > CSV_MAX_BYTES) throw new Error(`${n}-row file is ${f.length} bytes, over the limit`);

  const pgliteDir = mkdtempSync(path.join(tmpdir(), 'bench-pglite-'));
  try {
    await run('PGlite', { kind: 'pglite', dir: path.join(pgliteDir, 'db') }, files);
  } finally {
    rmSync(pgliteDir, { recursive: true, force: true });
  }

  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log('\nPostgreSQL: skipped (set DATABASE_URL to run it)');
    return;
  }
  const name = `bench_profiles_${randomBytes(4).toString('hex')}`;
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  let created = false;
  try {
    await adminQuery(url, `CREATE DATABASE "${name}"`);
    created = true;
  } catch (err) {
    console.log(`\nPostgreSQL: cannot create a temporary database (${(err as Error).message}); using DATABASE_URL itself`);
  }
  try {
    await run('PostgreSQL', { kind: 'postgres', url: created ? fresh.toString() : url }, files);
  } finally {
    if (created) await adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
