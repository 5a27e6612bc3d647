// The device list's page planner (server/src/repositories/devices/planner.ts, docs/product.md §7 "Devices") against
// plain SQL: every page of a filtered, sorted list, concatenated, is exactly what one ORDER BY
// query over the same rows answers, on each path the planner takes (thresholds lowered so that a
// few thousand rows reach the paths meant for a million); the model dictionary the model runs' plan
// reads; and the FCM token's part of the filter.
import { sql, type SQL } from 'drizzle-orm';
import { devicesRepository } from '../../../server/src/repositories/devices';
import { devicesQuerySchema, type DeviceSortKey } from '../../../src/contract';
import { seedApp } from '../helpers/seed';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let adminToken: string;
const appIds: number[] = [];
const N = 1_500;
const MODELS = ['Pixel 7', 'Galaxy S23', 'galaxy a54', 'Redmi Note 12', null];
const VERSIONS = [1, 2, 10, 1.5, null];

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.signIn(ADMIN.username, ADMIN.password);
  const owner = await t.createUser({ role_id: 2 });
  for (let i = 0; i < 3; i++) appIds.push((await seedApp(t, owner.id, { keys: true })).id);
  // Registered in a shuffled order, so that the id order says nothing about the other keys.
  await t.repos.devices.insertMany(
    Array.from({ length: N }, (_, n) => {
      const i = (n * 7919) % N;
      return {
        appId: appIds[i % 3],
        uniqueDeviceId: `${((i * 2_654_435_761) % 2 ** 32).toString(16).padStart(8, '0')}-${i}`,
        model: MODELS[i % MODELS.length],
        // the fragment "cafe" in the token's first 32 characters, or only past them
        fcmToken:
          i % 7 === 0
            ? `${'x'.repeat(20)}cafe${i}:APA91b${'y'.repeat(60)}`
            : i % 7 === 1
              ? `${'x'.repeat(40)}:APA91b-cafe-${i}`
              : `t${i}:APA91b${'z'.repeat(60)}`,
        appVersionCode: VERSIONS[i % VERSIONS.length],
      };
    }),
  );
  await t.db.execute(sql`ANALYZE devices`);
});
afterAll(() => t?.close());

const KEYS: Record<DeviceSortKey, SQL> = {
  id: sql`id`,
  model: sql`model`,
  uniqueDeviceId: sql`unique_device_id`,
  appVersionCode: sql`(app_version_code::numeric)`,
};

/** The whole list as one plain query: the filter's meaning spelled out, then ORDER BY key, id. */
async function plainOrder(where: SQL, sort: DeviceSortKey, ascending: boolean): Promise<number[]> {
  const dir = sql.raw(ascending ? 'ASC' : 'DESC');
  const res = await t.db.execute(sql`SELECT id FROM devices WHERE ${where} ORDER BY ${KEYS[sort]} ${dir}, id ${dir}`);
  return (res as unknown as { rows: { id: unknown }[] }).rows.map((r) => Number(r.id));
}

const textWhere = (fragment: string) => {
  const p = `%${fragment}%`;
  return sql`(unique_device_id ILIKE ${p} OR model ILIKE ${p} OR left(fcm_token, 32) ILIKE ${p})`;
};

describe('every page of a filtered, sorted list, against one ORDER BY query', () => {
  const cases: { name: string; query: Record<string, unknown>; where: () => SQL; scope?: () => number[] }[] = [
    { name: 'no filter', query: {}, where: () => sql`TRUE` },
    { name: 'a broad text filter', query: { filter: 'a' }, where: () => textWhere('a') },
    { name: 'a model filter', query: { filter: 'galaxy' }, where: () => textWhere('galaxy') },
    { name: 'an app filter', query: { appId: 'app1' }, where: () => sql`app_id = ${appIds[1]}` },
    { name: 'an app and a text filter', query: { appId: 'app0', filter: 'ca' }, where: () => sql`app_id = ${appIds[0]} AND ${textWhere('ca')}` },
    { name: "an app admin's two apps", query: {}, where: () => sql`app_id IN (${appIds[0]}, ${appIds[2]})`, scope: () => [appIds[0], appIds[2]] },
    // Names no model: its first look collects it, or finds too many and the walks take over.
    { name: 'a device id fragment', query: { filter: 'b' }, where: () => textWhere('b') },
    // A model name that is also in some device ids ("a5…" is hex): the model runs merge with the other matches.
    { name: 'a model filter that device ids match too', query: { filter: 'a5' }, where: () => textWhere('a5') },
    { name: 'an app and a model filter', query: { appId: 'app2', filter: 'GALAXY' }, where: () => sql`app_id = ${appIds[2]} AND ${textWhere('GALAXY')}` },
    {
      name: "an app admin's two apps and a model filter",
      query: { filter: 'e' },
      where: () => sql`app_id IN (${appIds[0]}, ${appIds[2]}) AND ${textWhere('e')}`,
      scope: () => [appIds[0], appIds[2]],
    },
  ];

  // Default thresholds (the list is collected whole, by the first look or after the estimate),
  // and thresholds lowered so that the same rows take the model runs (merged with the other matches), the index-ordered walks (the model
  // runs' plan off, or giving way to too many other matches), the walk's second look and the
  // fallback to sorting.
  const paths = [
    ['collected', {}],
    ['model runs', { walkLimit: 40, exactLimit: 100 }],
    ['walked', { walkLimit: 40, exactLimit: 100, modelRunsLimit: 0 }],
    ['model runs giving way', { walkLimit: 40, exactLimit: 100, otherMatchesLimit: 3 }],
  ] as const;
  const expectedOrders = new Map<string, number[]>();
  for (const [label, limits] of paths) {
    it(`matches for each sort key, both ways (${label})`, async () => {
      const repo = devicesRepository(t.db, limits);
      for (const c of cases) {
        const query = { ...c.query, ...(c.query.appId ? { appId: appIds[Number(String(c.query.appId).slice(3))] } : {}) };
        for (const sort of Object.keys(KEYS) as DeviceSortKey[]) {
          for (const ascending of [true, false]) {
            // the rows do not change between the paths: each case's order is asked for once
            const key = `${c.name}|${sort}|${ascending}`;
            if (!expectedOrders.has(key)) expectedOrders.set(key, await plainOrder(c.where(), sort, ascending));
            const expected = expectedOrders.get(key)!;
            const got: number[] = [];
            for (let page = 1; page <= Math.ceil(expected.length / 100) + 1; page++) {
              const q = devicesQuerySchema.validateSync({ ...query, sort, ascending, page, size: 100 });
              const res = await repo.list(c.scope ? { appIds: c.scope() } : {}, q);
              got.push(...res.rows.map((r) => r.id));
            }
            expect({ case: c.name, sort, ascending, ids: got }).toEqual({ case: c.name, sort, ascending, ids: expected });
          }
        }
      }
    });
  }
});

describe('the model dictionary (device_models)', () => {
  const models = async () =>
    ((await t.db.execute(sql`SELECT model FROM device_models ORDER BY model`)) as unknown as { rows: { model: string }[] }).rows.map((r) => r.model);

  it('lists every stored model, kept by inserts and by model changes', async () => {
    const stored = ((await t.db.execute(sql`SELECT DISTINCT model FROM devices WHERE model IS NOT NULL`)) as unknown as { rows: { model: string }[] }).rows.map(
      (r) => r.model,
    );
    expect(new Set(await models())).toEqual(new Set(stored));

    const key = (await t.db.execute(sql`SELECT api_key FROM apps WHERE id = ${appIds[1]}`)) as unknown as { rows: { api_key: string }[] };
    const register = (model: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/apps/addDevice',
        headers: { appapikey: key.rows[0].api_key },
        payload: { uniqueDeviceId: 'dict-1', fcmToken: 'tok', model },
      });
    expect((await register('Zeta One')).statusCode).toBe(200);
    expect((await register('Zeta Two')).statusCode).toBe(200); // the re-registration's update changes the model
    expect(await models()).toEqual(expect.arrayContaining(['Zeta One', 'Zeta Two']));

    // The list finds it under its new model only (the small list's plan off: the model runs' first).
    const repo = devicesRepository(t.db, { exactLimit: 0, walkLimit: 1, otherMatchesLimit: 0 });
    for (const sort of Object.keys(KEYS).filter((k) => k !== 'uniqueDeviceId') as DeviceSortKey[]) {
      const list = async (filter: string) =>
        (await repo.list({}, devicesQuerySchema.validateSync({ filter, sort, page: 1, size: 30 }))).rows.map((r) => [r.uniqueDeviceId, r.model]);
      expect(await list('zeta')).toEqual([['dict-1', 'Zeta Two']]);
      expect(await list('zeta one')).toEqual([]);
    }
    await t.db.execute(sql`DELETE FROM devices WHERE unique_device_id = 'dict-1'`);
  });
});

describe('the FCM token part of the text filter', () => {
  const listIds = async (filter: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/apps/devices', query: { filter, size: '100' }, headers: t.auth(adminToken) });
    expect(res.statusCode).toBe(200);
    return res.json().rows.map((r: { fcmToken: string }) => r.fcmToken) as string[];
  };

  it('matches within the first 32 characters of a token, case-insensitively, and not past them', async () => {
    const found = await listIds('CAFE7:');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((token) => token.toLowerCase().indexOf('cafe7:') < 32)).toBe(true);
    // "-cafe-" appears only past the 32nd character
    expect(await listIds('-cafe-')).toEqual([]);
  });

  it('finds a device by its whole token pasted, and not by a longer text the token only starts with', async () => {
    const res = await t.db.execute(sql`SELECT fcm_token AS token FROM devices WHERE fcm_token LIKE 't%' ORDER BY id LIMIT 1`);
    const { token } = (res as unknown as { rows: { token: string }[] }).rows[0];
    expect(token.length).toBeGreaterThan(32);
    expect(await listIds(token)).toEqual([token]);
    expect(await listIds(`${token}!`)).toEqual([]);
  });
});
