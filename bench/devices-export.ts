// The device list exported whole (GET apps/devices/export): rows per second through the
// real server over loopback HTTP, and the server's memory while it streams a million rows, which
// must stay flat (the export is read and written a keyset batch of 2,000 rows at a time, and the
// next batch is asked for only when the socket has taken the last one).
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_devices npm run bench:devices-export
//
// With DATABASE_URL it seeds 1,000,000 devices (BENCH_DEVICES overrides) into that PostgreSQL
// database unless it already holds them (the database bench:devices seeds is reused as it is) —
// use a database made for the purpose; the bench never drops it. Without it, a smaller run
// (100,000 devices) on a temporary PGlite folder, said so.
//
// Each export is read as the browser reads it (a stream, counting lines) but not kept. The server's
// resident memory (VmRSS of its process) is sampled every 50 ms: before, at its highest during,
// and after each export. The floor, where DATABASE_URL is set, is the same rows in the same order
// (joined to their app), each turned into text inside PostgreSQL and counted there, nothing sent:
// what the database alone takes. Figures are printed, never asserted.
//
// A default V8 heap grows before it collects, so the RSS rises by up to ~140 MB whatever the size of
// the export (200,000 rows reach the same ceiling as 1,000,000); to see that the export itself holds
// nothing, run it with a small heap: NODE_OPTIONS=--max-old-space-size=96 (the server inherits it).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { buildBenchApp } from './lib/app';
import { hashPassword } from '../server/src/domain/passwords';
import { loadConfig } from '../server/src/config';
import type { Db } from '../server/src/db/client';
import { apps, devices, users } from '../server/src/db/schema';
import { generateApiKey } from '../server/src/domain/word-crypto';
import { freePort, startServer, stopProcess } from './lib/server-process';

const root = path.resolve(__dirname, '..');
const postgresUrl = process.env.DATABASE_URL;
const TARGET_DEVICES = Number(process.env.BENCH_DEVICES ?? (postgresUrl ? 1_000_000 : 100_000));
const PASSWORD = 'Bench#Pass1';
const APP_WEIGHTS = [0.4, 0.25, 0.15, 0.12, 0.08];
const MODELS = ['Pixel 7', 'Pixel 8 Pro', 'Galaxy S23', 'Galaxy A54', 'Galaxy A14', 'Redmi Note 12', 'Redmi 12C', 'Poco X5', 'Mi 11 Lite', 'Xperia 10 V'];

const dataDir = postgresUrl ? undefined : mkdtempSync(path.join(tmpdir(), 'bench-devices-export-'));
const env: Record<string, string> = {
  JWT_SECRET: randomBytes(32).toString('hex'),
  SECRETS_KEY: randomBytes(32).toString('hex'),
  ADMIN_PASSWORD: PASSWORD,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  ...(postgresUrl ? { DATABASE_URL: postgresUrl } : { DATA_DIR: dataDir! }),
};
const log = (text: string) => process.stdout.write(`${text}\n`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

interface Seeded {
  adminLogin: string;
  appAdminLogin: string;
  appIds: number[];
}

/** Two staff users and, unless the database holds them already, the apps and the devices (as bench:devices seeds them). */
async function seed(db: Db): Promise<Seeded> {
  const passwordHash = await hashPassword(PASSWORD);
  const tag = randomBytes(3).toString('hex');
  const [admin] = await db
    .insert(users)
    .values({ name: 'Bench', family: 'Admin', username: `bench_admin_${tag}`, email: `bench_admin_${tag}@bench.local`, roleId: 1, passwordHash })
    .returning();
  const [appAdmin] = await db
    .insert(users)
    .values({ name: 'Bench', family: 'AppAdmin', username: `bench_app_${tag}`, email: `bench_app_${tag}@bench.local`, roleId: 2, passwordHash })
    .returning();
  let benchApps = await db
    .select({ id: apps.id })
    .from(apps)
    .where(sql`${apps.packageName} like 'bench.devices.app%'`)
    .orderBy(apps.id);
  if (benchApps.length < APP_WEIGHTS.length) {
    benchApps = [];
    for (let i = 0; i < APP_WEIGHTS.length; i++) {
      const [row] = await db
        .insert(apps)
        .values({ name: `Bench app ${i + 1}`, packageName: `bench.devices.app${i + 1}.${tag}`, adminId: admin.id, sign: 'bench', apiKey: generateApiKey() })
        .returning({ id: apps.id });
      benchApps.push(row);
    }
  }
  const appIds = benchApps.map((a) => a.id);
  await db
    .update(apps)
    .set({ adminId: appAdmin.id })
    .where(inArray(apps.id, appIds.slice(-2)));
  const [{ n: existing }] = await db.select({ n: sql<number>`count(*)::int` }).from(devices);
  if (existing >= TARGET_DEVICES) log(`devices: ${existing.toLocaleString()} already present, not seeding`);
  else {
    const started = Date.now();
    let acc = 0;
    const bands = APP_WEIGHTS.map((w, i) => `WHEN (g * 7919 % 1000) < ${Math.round((acc += w) * 1000)} THEN ${appIds[i]}`).join(' ');
    const models = `ARRAY[${MODELS.map((m) => `'${m}'`).join(',')}]`;
    for (let lo = existing + 1; lo <= TARGET_DEVICES; lo += 100_000) {
      const hi = Math.min(TARGET_DEVICES, lo + 99_999);
      await db.execute(
        sql.raw(`
          INSERT INTO devices (app_id, unique_device_id, model, fcm_token, app_version_code, created_at, updated_at)
          SELECT CASE ${bands} ELSE ${appIds.at(-1)} END, md5('device' || g), (${models})[1 + (g * 31 % ${MODELS.length})],
                 md5('fcm-a' || g) || ':APA91b' || md5('fcm-b' || g) || md5('fcm-c' || g), (ARRAY['1', '1.1', '1.2', '2', '2.05'])[1 + g % 5],
                 now() - (${TARGET_DEVICES} - g) * interval '1 second', now() - (${TARGET_DEVICES} - g) * interval '1 second'
          FROM generate_series(${lo}::bigint, ${hi}::bigint) AS g`),
      );
      process.stdout.write(`\rdevices: ${hi.toLocaleString()} / ${TARGET_DEVICES.toLocaleString()} inserted (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
    process.stdout.write('\n');
    await db.execute(sql`VACUUM ANALYZE devices`);
  }
  return { adminLogin: admin.username, appAdminLogin: appAdmin.username, appIds };
}

function signIn(port: number, login: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ email: login, password: PASSWORD });
    const req = http.request(
      { host: '127.0.0.1', port, method: 'POST', path: '/api/v1/users/signin', headers: { 'content-type': 'application/json' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          res.statusCode === 200 ? resolve(JSON.parse(Buffer.concat(chunks).toString()).token) : reject(new Error(`sign-in ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The resident memory of a process, from /proc (Linux). */
const rssOf = (pid: number): number => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) * 1024;
};

interface ExportFigure {
  rows: number;
  bytes: number;
  seconds: number;
  firstByteMs: number;
  rssBefore: number;
  rssPeak: number;
  rssAfter: number;
}

/** Streams one export, counting its lines and bytes, sampling the server's memory meanwhile. */
async function timeExport(port: number, pid: number, token: string, query: Record<string, string | number>): Promise<ExportFigure> {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const rssBefore = rssOf(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssOf(pid))), 50);
  const started = process.hrtime.bigint();
  let firstByteMs = -1;
  try {
    const { lines, bytes } = await new Promise<{ lines: number; bytes: number }>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, path: `/api/v1/apps/devices/export${search ? `?${search}` : ''}`, headers: { authorization: `JWT ${token}` } },
        (res) => {
          if (res.statusCode !== 200) reject(new Error(`export: HTTP ${res.statusCode}`));
          let n = 0;
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            if (firstByteMs < 0) firstByteMs = Number(process.hrtime.bigint() - started) / 1e6;
            size += chunk.length;
            for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) n++;
          });
          res.on('end', () => resolve({ lines: n, bytes: size }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end();
    });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    await new Promise((r) => setTimeout(r, 300));
    return { rows: lines - 1, bytes, seconds, firstByteMs, rssBefore, rssPeak, rssAfter: rssOf(pid) };
  } finally {
    clearInterval(sampler);
  }
}

/** The same rows in the same order, each turned into text, inside PostgreSQL alone (nothing sent): what the database takes. */
async function floorSeconds(select: string): Promise<number> {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    const started = process.hrtime.bigint();
    await client.query(`SELECT count(*), sum(length(t::text)) FROM (${select}) AS t`);
    return Number(process.hrtime.bigint() - started) / 1e9;
  } finally {
    await client.end();
  }
}

async function main() {
  log(
    postgresUrl
      ? `PostgreSQL (${new URL(postgresUrl).pathname.slice(1)}): ${TARGET_DEVICES.toLocaleString()} devices`
      : `No DATABASE_URL: a smaller run on PGlite (${TARGET_DEVICES.toLocaleString()} devices) in ${dataDir}. Set DATABASE_URL for the 1,000,000-device figure.`,
  );
  const config = loadConfig({ ...process.env, ...env }, root);
  const setup = await buildBenchApp(config);
  let seeded: Seeded;
  try {
    seeded = await seed(setup.db);
  } finally {
    await setup.app.close();
  }
  const port = await freePort();
  const server = await startServer(port, env);
  try {
    const admin = await signIn(port, seeded.adminLogin);
    const appAdmin = await signIn(port, seeded.appAdminLogin);
    const cases: [string, string, Record<string, string | number>, string][] = [
      ['every device, newest first', admin, {}, 'SELECT d.*, a.name FROM devices d JOIN apps a ON a.id = d.app_id ORDER BY d.id DESC'],
      [
        'every device, by model',
        admin,
        { sort: 'model', ascending: 'true' },
        'SELECT d.*, a.name FROM devices d JOIN apps a ON a.id = d.app_id ORDER BY d.model, d.id',
      ],
      [
        'app admin (2 of 5 apps), by version',
        appAdmin,
        { sort: 'appVersionCode', ascending: 'false' },
        `SELECT d.*, a.name FROM devices d JOIN apps a ON a.id = d.app_id WHERE d.app_id IN (${seeded.appIds.slice(-2).join(',')}) ORDER BY (d.app_version_code::numeric) DESC, d.id DESC`,
      ],
      [
        'a model filter (~10%), newest first',
        admin,
        { filter: 'Galaxy S23' },
        "SELECT d.*, a.name FROM devices d JOIN apps a ON a.id = d.app_id WHERE d.unique_device_id ILIKE '%Galaxy S23%' OR d.model ILIKE '%Galaxy S23%' OR left(d.fcm_token, 32) ILIKE '%Galaxy S23%' ORDER BY d.id DESC",
      ],
    ];
    log("\nGET apps/devices/export over loopback HTTP, read as a stream and dropped; the server's resident memory sampled every 50 ms:");
    for (const [label, token, query, floorSql] of cases) {
      const f = await timeExport(port, server.pid!, token, query);
      const floor = postgresUrl ? await floorSeconds(floorSql).catch(() => undefined) : undefined;
      log(
        `  ${label.padEnd(40)} ${f.rows.toLocaleString().padStart(9)} rows in ${f.seconds.toFixed(1).padStart(5)} s = ${Math.round(f.rows / f.seconds)
          .toLocaleString()
          .padStart(7)} rows/s, ` +
          `${mb(f.bytes)} (${(f.bytes / 1024 / 1024 / f.seconds).toFixed(1)} MB/s), first byte ${f.firstByteMs.toFixed(0)} ms; ` +
          `server RSS ${mb(f.rssBefore)} before, ${mb(f.rssPeak)} at most (+${mb(f.rssPeak - f.rssBefore)}), ${mb(f.rssAfter)} after` +
          (floor === undefined ? '' : `; floor (the same rows from PostgreSQL alone) ${floor.toFixed(1)} s`),
      );
    }
  } finally {
    await stopProcess(server);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
});
