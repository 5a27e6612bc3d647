// Migration 0006 (the dashboard's device counters, docs/product.md §7 "Dashboard") fills the counters from the devices already
// stored: a database migrated up to 0005 gets devices of various ages and versions, then the
// remaining migrations run, and the counters equal a count over the rows; later changes keep them so.
// The same for the device list's id buckets (0013) and model buckets (0014).
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type DbHandle } from '../../../server/src/db/client';
import { freshDatabase, tempDir } from '../helpers/test-app';

const MIGRATIONS = path.resolve(__dirname, '../../../server/src/db/migrations');
const folder = tempDir('migrations-');
let handle: DbHandle;
let drop: (() => Promise<void>) | undefined;

/** A copy of the migrations folder whose journal stops before 0006. */
function migrationsBefore0006(): string {
  cpSync(MIGRATIONS, folder.dir, { recursive: true });
  const journalPath = path.join(folder.dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
  journal.entries = journal.entries.filter((e: { idx: number }) => e.idx < 6);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder.dir;
}

const rows = async <T>(q: ReturnType<typeof sql>) => ((await handle.db.execute(q)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  const created = await freshDatabase();
  drop = created?.drop;
  handle = await openDatabase(created?.target ?? { kind: 'pglite', dir: 'memory://' });
  await handle.migrate(migrationsBefore0006());
  await handle.db.execute(sql`INSERT INTO roles (id, name) VALUES (1, 'admin')`);
  await handle.db.execute(sql`INSERT INTO users (name, family, username, email, role_id, password_hash) VALUES ('a', 'b', 'u', 'u@x', 1, 'x')`);
  await handle.db.execute(
    sql`INSERT INTO apps (name, package_name, admin_id, sign, api_key) SELECT 'App ' || g, 'p' || g, (SELECT id FROM users), 's', 'k' || g FROM generate_series(1, 3) g`,
  );
  // 600 devices over 3 apps, 5 versions (one of them none) and the last 40 days.
  await handle.db.execute(sql`
    INSERT INTO devices (app_id, unique_device_id, fcm_token, app_version_code, model, created_at)
    SELECT (SELECT min(id) FROM apps) + g % 3, 'd' || g, 'f', (ARRAY['1', '1.1', '2', NULL, '3'])[1 + g % 5], (ARRAY['a', NULL, 'B', ''])[1 + g % 4], now() - g * interval '97 minutes'
    FROM generate_series(1, 600) g`);
  await handle.migrate(MIGRATIONS);
}, 60_000);

afterAll(async () => {
  await handle?.close();
  await drop?.();
  folder.remove();
});

async function expectCountersMatchRows() {
  const byVersion = await rows<{ app_id: number; v: string; counted: string; stored: string }>(sql`
    SELECT coalesce(d.app_id, c.app_id) AS app_id, coalesce(d.v, c.app_version) AS v, coalesce(d.n, 0)::text AS counted, coalesce(c.n, 0)::text AS stored
    FROM (SELECT app_id, coalesce(app_version_code, '') AS v, count(*) AS n FROM devices GROUP BY 1, 2) d
    FULL JOIN (SELECT app_id, app_version, sum(n) AS n FROM device_version_counts GROUP BY 1, 2) c ON c.app_id = d.app_id AND c.app_version = d.v`);
  expect(byVersion.length).toBeGreaterThanOrEqual(12);
  for (const r of byVersion) expect([r.app_id, r.v, r.stored]).toEqual([r.app_id, r.v, r.counted]);

  const byHour = await rows<{ hour: string; counted: string; stored: string }>(sql`
    SELECT coalesce(d.h, c.hour)::text AS hour, coalesce(d.n, 0)::text AS counted, coalesce(c.n, 0)::text AS stored
    FROM (SELECT app_id, date_trunc('hour', created_at AT TIME ZONE 'Asia/Tehran') AS h, count(*) AS n FROM devices
          WHERE date_trunc('hour', created_at AT TIME ZONE 'Asia/Tehran') >= date_trunc('hour', now() AT TIME ZONE 'Asia/Tehran') - interval '31 days' GROUP BY 1, 2) d
    FULL JOIN (SELECT app_id, hour, sum(n) AS n FROM device_hour_counts GROUP BY 1, 2) c ON c.app_id = d.app_id AND c.hour = d.h`);
  expect(byHour.length).toBeGreaterThan(100);
  for (const r of byHour) expect([r.hour, r.stored]).toEqual([r.hour, r.counted]);

  // Migration 0013: the device list's counts per app, version and id bucket.
  const byBucket = await rows<{ key: string; counted: string; stored: string }>(sql`
    SELECT concat_ws('/', coalesce(d.app_id, c.app_id), coalesce(d.v, c.app_version), coalesce(d.b, c.bucket)) AS key, coalesce(d.n, 0)::text AS counted, coalesce(c.n, 0)::text AS stored
    FROM (SELECT app_id, coalesce(app_version_code, '') AS v, id >> 12 AS b, count(*) AS n FROM devices GROUP BY 1, 2, 3) d
    FULL JOIN (SELECT app_id, app_version, bucket, sum(n) AS n FROM device_id_buckets GROUP BY 1, 2, 3) c ON c.app_id = d.app_id AND c.app_version = d.v AND c.bucket = d.b`);
  expect(byBucket.length).toBeGreaterThanOrEqual(12);
  for (const r of byBucket) expect([r.key, r.stored]).toEqual([r.key, r.counted]);

  // Migration 0014: per app, model and id bucket.
  const byModel = await rows<{ key: string; counted: string; stored: string }>(sql`
    SELECT concat_ws('/', coalesce(d.app_id, c.app_id), coalesce(d.no_model, c.no_model), coalesce(d.model, c.model), coalesce(d.b, c.bucket)) AS key, coalesce(d.n, 0)::text AS counted, coalesce(c.n, 0)::text AS stored
    FROM (SELECT app_id, model IS NULL AS no_model, coalesce(model, '') AS model, id >> 12 AS b, count(*) AS n FROM devices GROUP BY 1, 2, 3, 4) d
    FULL JOIN (SELECT app_id, no_model, model, bucket, sum(n) AS n FROM device_model_buckets GROUP BY 1, 2, 3, 4) c
      ON c.app_id = d.app_id AND c.no_model = d.no_model AND c.model = d.model AND c.bucket = d.b`);
  expect(byModel.length).toBeGreaterThanOrEqual(12);
  for (const r of byModel) expect([r.key, r.stored]).toEqual([r.key, r.counted]);
}

test('the migration fills the counters from the stored devices', async () => {
  await expectCountersMatchRows();
  // Nothing older than the 31 days kept.
  const [old] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM device_hour_counts WHERE hour < device_stats_cutoff()`);
  expect(old.n).toBe(0);
});

test('the triggers keep them after the migration', async () => {
  await handle.db.execute(sql`UPDATE devices SET app_version_code = '9' WHERE id % 7 = 0`);
  await handle.db.execute(sql`UPDATE devices SET model = CASE WHEN id % 2 = 0 THEN NULL ELSE 'c' END WHERE id % 5 = 1`);
  await handle.db.execute(sql`DELETE FROM devices WHERE id % 11 = 0`);
  await handle.db.execute(sql`INSERT INTO devices (app_id, unique_device_id, fcm_token, app_version_code) SELECT min(id), 'new', 'f', '1' FROM apps`);
  await expectCountersMatchRows();
});
