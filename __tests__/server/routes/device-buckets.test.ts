// Deep pages of the unfiltered device list placed by the id buckets, the model buckets and the
// device id marks (migrations 0013 and 0014, repositories/devices/positions.ts and device-marks.ts):
// over devices whose ids spread unevenly over many buckets (full ones, sparse ones, single far
// ones), with tied and missing versions and models (an empty model too, and models that differ in
// case only), device ids shared by two apps and a crowd of them sharing a long prefix, then
// changed by re-registrations (new devices, version and model changes), a panel delete and plain
// SQL (deletes, version and model changes, devices moved to another app), every
// page, in each order, both ways, for all devices, one app and an app admin's two apps, is exactly
// the same slice of one ORDER BY statement over the rows, before and after the stretches between marks are
// cut (pages walked from either edge of their bucket or stretch, whichever is nearer, and pages
// running past it); and the counters equal a count over the rows.
import { sql, type SQL } from 'drizzle-orm';
import { cutsSettled, cutStretch } from '../../../server/src/repositories/devices/marks';
import { PLACED_FROM } from '../../../server/src/repositories/devices/planner';
import { devicesRepository } from '../../../server/src/repositories/devices';
import { nearerEdge } from '../../../server/src/repositories/devices/positions';
import { devicesQuerySchema, type DeviceSortKey } from '../../../src/contract';
import { seedApp, type SeededApp } from '../helpers/seed';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
const apps: SeededApp[] = [];
const N = 1_200;
const VERSIONS = ['1', '1.5', '2', '10', null];
const rows = async <T>(q: SQL) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.createUser({ role_id: 2 });
  for (let i = 0; i < 3; i++) apps.push(await seedApp(t, owner.id, { keys: true }));
  const appIds = `ARRAY[${apps.map((a) => a.id).join(',')}]`;
  // Ids 1 + i + ⌊i²/40⌋: the first buckets of 4,096 ids full, later ones ever sparser, then four
  // far ones alone in theirs; apps and versions interleaved, ties in every version.
  await t.db.execute(
    sql.raw(`
    INSERT INTO devices (id, app_id, unique_device_id, model, fcm_token, app_version_code)
    SELECT id, (${appIds})[1 + (g * 7) % 3], 'u' || lpad(((g * 7919) % 1000)::text, 5, '0'),
           CASE WHEN g % 11 = 0 THEN NULL WHEN g % 13 = 0 THEN '' ELSE (ARRAY['m0', 'M1', 'm1', 'b 2', 'Zz'])[1 + g % 5] END, 'f' || g, (ARRAY[${VERSIONS.map((v) => (v ? `'${v}'` : 'NULL')).join(',')}])[1 + (g * 3) % 5]
    FROM (SELECT g, 1 + g + g * g / 40 AS id FROM generate_series(0, ${N - 1}) g
          UNION ALL SELECT ${N} + k, 100000 * k + 17 * k FROM generate_series(1, 4) k) AS s`),
  );
  // A crowd of device ids sharing a long prefix, which one stretch holds until it is cut.
  await t.db.execute(
    sql.raw(`
    INSERT INTO devices (id, app_id, unique_device_id, fcm_token, app_version_code)
    SELECT 500000 + k, (${appIds})[1 + k % 3], 'zz-run-' || ((k * 31) % 2500), 'f', (ARRAY['2', NULL, '10'])[1 + k % 3] FROM generate_series(0, 2499) k`),
  );
  await t.db.execute(sql`SELECT setval('devices_id_seq', (SELECT max(id) FROM devices))`);

  // Re-registrations: new devices (at the top of the ids) and version changes of stored ones.
  const register = (app: SeededApp, uniqueDeviceId: string, appVersionCode?: number, model?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/apps/addDevice',
      headers: { appapikey: app.apiKey! },
      payload: { uniqueDeviceId, fcmToken: `tok-${uniqueDeviceId}`, appVersionCode, model },
    });
  for (let i = 0; i < 40; i++) {
    const res = await register(
      apps[i % 3],
      i % 2 ? `new-${i}` : `u${String((i * 7919 * 13) % 1000).padStart(5, '0')}`,
      [1, 2.5, 10][i % 3],
      [undefined, 'm0', 'Zz', 'new model'][i % 4],
    );
    expect(res.statusCode).toBe(200);
  }
  // A panel delete, deletes over several buckets, and version changes made in SQL.
  const [one] = await rows<{ id: string; app_id: number }>(sql`SELECT id, app_id FROM devices ORDER BY id LIMIT 1 OFFSET 500`);
  await t.repos.devices.remove({ id: Number(one.id), appId: one.app_id });
  await t.db.execute(sql`DELETE FROM devices WHERE id % 13 = 0 OR id = 400017`);
  await t.db.execute(sql`UPDATE devices SET app_version_code = NULL WHERE id % 17 = 1`);
  await t.db.execute(sql`UPDATE devices SET app_version_code = '1.5' WHERE id % 19 = 2`);
  await t.db.execute(sql`UPDATE devices SET model = CASE WHEN id % 2 = 0 THEN NULL ELSE 'b 2' END WHERE id % 23 = 4`);
  await t.db.execute(sql`UPDATE devices SET model = 'm1' WHERE model IS NULL AND id % 7 = 3`);
  await t.db.execute(
    sql.raw(`UPDATE devices SET app_id = ${apps[1].id}, unique_device_id = unique_device_id || '-moved' WHERE app_id <> ${apps[1].id} AND id % 29 = 6`),
  );
  await t.db.execute(sql`ANALYZE devices`);
});
afterAll(() => t?.close());

async function expectCountsMatchRows() {
  const byBucket = await rows<{ app_id: number; v: string; bucket: string; counted: string; stored: string }>(sql`
    SELECT coalesce(d.app_id, c.app_id) AS app_id, coalesce(d.v, c.app_version) AS v, coalesce(d.b, c.bucket)::text AS bucket,
           coalesce(d.n, 0)::text AS counted, coalesce(c.n, 0)::text AS stored
    FROM (SELECT app_id, coalesce(app_version_code, '') AS v, id >> 12 AS b, count(*) AS n FROM devices GROUP BY 1, 2, 3) d
    FULL JOIN (SELECT app_id, app_version, bucket, sum(n) AS n FROM device_id_buckets GROUP BY 1, 2, 3) c
      ON c.app_id = d.app_id AND c.app_version = d.v AND c.bucket = d.b`);
  expect(new Set(byBucket.map((r) => r.bucket)).size).toBeGreaterThan(12);
  expect(byBucket.filter((r) => r.counted !== r.stored)).toEqual([]);
  // Migration 0014: per app, model (a missing one apart from '') and id bucket.
  const byModel = await rows<{ app_id: number; no_model: boolean; model: string; bucket: string; counted: string; stored: string }>(sql`
    SELECT coalesce(d.app_id, c.app_id) AS app_id, coalesce(d.no_model, c.no_model) AS no_model, coalesce(d.model, c.model) AS model, coalesce(d.b, c.bucket)::text AS bucket,
           coalesce(d.n, 0)::text AS counted, coalesce(c.n, 0)::text AS stored
    FROM (SELECT app_id, model IS NULL AS no_model, coalesce(model, '') AS model, id >> 12 AS b, count(*) AS n FROM devices GROUP BY 1, 2, 3, 4) d
    FULL JOIN (SELECT app_id, no_model, model, bucket, sum(n) AS n FROM device_model_buckets GROUP BY 1, 2, 3, 4) c
      ON c.app_id = d.app_id AND c.no_model = d.no_model AND c.model = d.model AND c.bucket = d.b`);
  expect(new Set(byModel.map((r) => `${r.no_model}/${r.model}`)).size).toBeGreaterThanOrEqual(8);
  expect(byModel.filter((r) => r.counted !== r.stored)).toEqual([]);
  // Each device under the greatest mark not above its device id.
  const byMark = await rows<{ app_id: number; mark: string; counted: string; stored: string }>(sql`
    SELECT coalesce(d.app_id, c.app_id) AS app_id, coalesce(d.mark, c.mark) AS mark, coalesce(d.n, 0)::text AS counted, coalesce(c.n, 0)::text AS stored
    FROM (SELECT app_id, (SELECT max(mark) FROM device_id_marks WHERE mark <= unique_device_id) AS mark, count(*) AS n FROM devices GROUP BY 1, 2) d
    FULL JOIN (SELECT app_id, mark, sum(n) AS n FROM device_mark_counts GROUP BY 1, 2) c ON c.app_id = d.app_id AND c.mark = d.mark`);
  expect(byMark.filter((r) => r.counted !== r.stored)).toEqual([]);
  return { marks: new Set(byMark.map((r) => r.mark)).size };
}

it('a page is walked from the edge of its stretch with fewer rows between', () => {
  // a stretch of 1,000 rows, pages of 30: 600 rows skipped from the near edge, 370 from the far one
  expect(nearerEdge(600, 1_000, 30)).toBe('far');
  expect(nearerEdge(400, 1_000, 30)).toBe('near');
  expect(nearerEdge(485, 1_000, 30)).toBe('near'); // 485 either way
  expect(nearerEdge(0, 1_000, 30)).toBe('near');
  // a page that runs past the far edge reads the stretch's last rows from that edge
  expect(nearerEdge(990, 1_000, 30)).toBe('far');
  expect(nearerEdge(10, 20, 30)).toBe('far');
  expect(nearerEdge(0, 20, 30)).toBe('near');
});

it('the counters equal a count over the rows', async () => {
  expect((await expectCountsMatchRows()).marks).toBe(1); // the crowd is all under '' until it is cut
});

const KEYS: Record<DeviceSortKey, string> = { id: 'id', model: 'model', uniqueDeviceId: 'unique_device_id', appVersionCode: '(app_version_code::numeric)' };
const scopes = [
  { name: 'all devices', scope: () => ({}), query: () => ({}), where: () => 'TRUE' },
  { name: 'an app filter', scope: () => ({}), query: () => ({ appId: apps[1].id }), where: () => `app_id = ${apps[1].id}` },
  {
    name: "an app admin's two apps",
    scope: () => ({ appIds: [apps[0].id, apps[2].id] }),
    query: () => ({}),
    where: () => `app_id IN (${apps[0].id}, ${apps[2].id})`,
  },
];

/** Every page (and one past the end), in both directions, for each scope; the walks past 3 rows left to the counters. */
async function expectPagesMatch(sort: DeviceSortKey, size: number) {
  const repo = devicesRepository(t.db, { walkLimit: 3, exactLimit: 0, firstLookLimit: 0 });
  for (const s of scopes) {
    for (const ascending of [true, false]) {
      const dir = ascending ? 'ASC' : 'DESC';
      const order = sort === 'id' ? `id ${dir}` : `${KEYS[sort]} ${dir}, id ${dir}`;
      // the whole list in one statement; page n is its n-th slice (the order is total: id breaks ties)
      const all = (await rows<{ id: string }>(sql.raw(`SELECT id FROM devices WHERE ${s.where()} ORDER BY ${order}`))).map((r) => Number(r.id));
      for (let page = 1; page <= Math.ceil(all.length / size) + 1; page++) {
        const expected = all.slice((page - 1) * size, page * size);
        const q = devicesQuerySchema.validateSync({ ...s.query(), sort, ascending, page, size });
        const got = (await repo.list(s.scope(), q)).rows.map((r) => r.id);
        expect({ scope: s.name, ascending, page, ids: got }).toEqual({ scope: s.name, ascending, page, ids: expected });
      }
    }
  }
}

it('with the default limits, pages from PLACED_FROM rows in are placed too, and equal the slices of one ORDER BY statement', async () => {
  const repo = devicesRepository(t.db, { exactLimit: 0, firstLookLimit: 0 });
  const size = 30;
  for (const sort of ['id', 'appVersionCode', 'model', 'uniqueDeviceId'] as DeviceSortKey[]) {
    for (const ascending of [true, false]) {
      const dir = ascending ? 'ASC' : 'DESC';
      const order = sort === 'id' ? `id ${dir}` : `${KEYS[sort]} ${dir}, id ${dir}`;
      const all = (await rows<{ id: string }>(sql.raw(`SELECT id FROM devices ORDER BY ${order}`))).map((r) => Number(r.id));
      expect(all.length).toBeGreaterThan(PLACED_FROM + 3 * size);
      // the last walked page, the first placed ones, and one well past them
      const lastWalked = Math.ceil(PLACED_FROM / size);
      for (const page of [lastWalked, lastWalked + 1, lastWalked + 2, Math.floor(all.length / size) - 1]) {
        const q = devicesQuerySchema.validateSync({ sort, ascending, page, size });
        const got = (await repo.list({}, q)).rows.map((r) => r.id);
        const at = (page - 1) * size;
        expect({ sort, ascending, page, ids: got }).toEqual({ sort, ascending, page, ids: all.slice(at, at + size) });
      }
    }
  }
});

describe('every page, placed by the counters, against the slices of one ORDER BY statement', () => {
  // Page sizes that straddle buckets, versions and stretches.
  for (const sort of ['id', 'appVersionCode', 'model'] as DeviceSortKey[]) {
    it(`sorted by ${sort}, both ways`, () => expectPagesMatch(sort, 31));
  }

  it('sorted by device id, both ways, while the crowded stretch is cut and after', async () => {
    await expectPagesMatch('uniqueDeviceId', 29);
    await cutsSettled(t.db);
    const { marks } = await expectCountsMatchRows();
    expect(marks).toBeGreaterThan(2);
    await expectPagesMatch('uniqueDeviceId', 29);
  });

  it('sorted by device id, after every stretch is cut into a few dozen devices', async () => {
    const marks = (await rows<{ mark: string }>(sql`SELECT mark FROM device_id_marks`)).map((r) => r.mark);
    for (const mark of marks) await cutStretch(t.db, mark, 40, 37);
    expect((await expectCountsMatchRows()).marks).toBeGreaterThan(60);
    await expectPagesMatch('uniqueDeviceId', 29);
    // New devices and deletes in the cut stretches keep the counts.
    await t.db.execute(
      sql`INSERT INTO devices (app_id, unique_device_id, fcm_token) SELECT ${apps[0].id}, 'zz-run-' || k || '-b', 'f' FROM generate_series(1, 300) k`,
    );
    await t.db.execute(sql`DELETE FROM devices WHERE unique_device_id LIKE 'u001%'`);
    await t.db.execute(sql`UPDATE devices SET unique_device_id = 'a' || unique_device_id WHERE id % 23 = 0`);
    await expectCountsMatchRows();
    await expectPagesMatch('uniqueDeviceId', 29);
  });
});
