// docs/product.md §7 "Devices" against a real app: the server-paged list over 10,000 devices (page sizes,
// counts, text and app filters, ownership, sorting by each column on every path), registration by API key and by staff token (including
// 200 concurrent registrations of 100 devices), edit and delete.
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { appVersions, apps, devices } from '../../../server/src/db/schema';
import { generateApiKey } from '../../../server/src/domain/word-crypto';
import { COUNT_EXACT_LIMIT, WALK_LIMIT, devicesRepository } from '../../../server/src/repositories/devices';
import { devicesQuerySchema } from '../../../src/contract';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';
import { seedApp, type SeededApp } from '../helpers/seed';

let t: TestApp;
let adminToken: string;
let adminA: { id: number; token: string };
let adminB: { id: number; token: string };
let restricted: { id: number; token: string };

let appA1: SeededApp;
let appA2: SeededApp;
let appB: SeededApp;

/** What was seeded, to compute expected counts independently of the server. */
interface SeededDevice {
  appId: number;
  uniqueDeviceId: string;
  model: string | null;
  fcmToken: string;
}
const seeded: SeededDevice[] = [];
const SEED_COUNT = 10_000;

const MODELS = ['Pixel 7', 'Galaxy S23', 'Redmi Note 12', 'Xperia 10', null];

const list = (token: string, query: Record<string, string | number> = {}) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/apps/devices',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: t.auth(token),
  });

const register = (body: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/apps/addDevice', payload: body, headers });

const deviceCount = async (appId: number) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(devices)
      .where(eq(devices.appId, appId))
  )[0].n;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.signIn(ADMIN.username, ADMIN.password);
  const a = await t.signedInUser({ role_id: 2 });
  const b = await t.signedInUser({ role_id: 2 });
  const r = await t.signedInUser({ role_id: 5 });
  adminA = { id: a.user.id, token: a.token };
  adminB = { id: b.user.id, token: b.token };
  restricted = { id: r.user.id, token: r.token };
  appA1 = await seedApp(t, adminA.id, { keys: true });
  appA2 = await seedApp(t, adminA.id, { keys: true });
  appB = await seedApp(t, adminB.id, { keys: true });

  // 10,000 devices spread 5:3:2 over the apps; a few carry the needles the filter tests look for.
  const appFor = (i: number) => (i % 10 < 5 ? appA1 : i % 10 < 8 ? appA2 : appB);
  for (let i = 0; i < SEED_COUNT; i++) {
    seeded.push({
      appId: appFor(i).id,
      uniqueDeviceId: i % 1000 === 7 ? `dev-${i}-NeedleOne` : `dev-${String(i).padStart(5, '0')}`,
      model: i === 4242 ? 'Phone 100%_pro' : i % 997 === 3 ? 'needleone edition' : MODELS[i % MODELS.length],
      fcmToken: i % 1500 === 11 ? `tok:NEEDLEONE:${i}` : `tok-${i.toString(36)}-${(i * 7919).toString(16)}`,
    });
  }
  await t.repos.devices.insertMany(seeded);
});
afterAll(() => t?.close());

const seededMatching = (needle: string, appIds?: number[]) =>
  seeded.filter(
    (d) => (!appIds || appIds.includes(d.appId)) && [d.uniqueDeviceId, d.model ?? '', d.fcmToken].some((v) => v.toLowerCase().includes(needle.toLowerCase())),
  );

describe('GET apps/devices', () => {
  it('answers the first page of 30, newest first, with the exact count and the documented row shape', async () => {
    const res = await list(adminToken);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['count', 'countEstimated', 'rows']);
    expect(body.count).toBe(SEED_COUNT);
    expect(body.countEstimated).toBe(false);
    expect(body.rows).toHaveLength(30);
    const ids = body.rows.map((r: { id: number }) => r.id);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);
    const [maxId] = await t.db.select({ m: sql<number>`max(${devices.id})::int` }).from(devices);
    expect(ids[0]).toBe(maxId.m);
    const newest = seeded[SEED_COUNT - 1];
    const appName = [appA1, appA2, appB].find((a) => a.id === newest.appId)!.name;
    expect(body.rows[0]).toEqual({
      id: maxId.m,
      app: { id: newest.appId, name: appName },
      model: newest.model,
      uniqueDeviceId: newest.uniqueDeviceId,
      fcmToken: newest.fcmToken,
      appVersionCode: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('pages through every device exactly once with size 100, and answers the short last page and empty pages past it', async () => {
    const seen = new Set<number>();
    let previousLast = Infinity;
    for (let page = 1; page <= SEED_COUNT / 100; page++) {
      const { rows, count } = (await list(adminToken, { page, size: 100 })).json();
      expect(count).toBe(SEED_COUNT);
      expect(rows).toHaveLength(100);
      // Stable order across pages: each page starts below where the previous one ended.
      expect(rows[0].id).toBeLessThan(previousLast);
      previousLast = rows[rows.length - 1].id;
      for (const r of rows) seen.add(r.id);
    }
    expect(seen.size).toBe(SEED_COUNT);
    const last = (await list(adminToken, { page: Math.ceil(SEED_COUNT / 30), size: 30 })).json();
    expect(last.rows).toHaveLength(SEED_COUNT % 30);
    const past = (await list(adminToken, { page: 1000, size: 50 })).json();
    expect(past).toEqual({ rows: [], count: SEED_COUNT, countEstimated: false });
  });

  it('refuses page sizes and pages out of range with 400 naming the field', async () => {
    for (const [query, field] of [
      [{ size: 101 }, 'size'],
      [{ size: 0 }, 'size'],
      [{ page: 0 }, 'page'],
      [{ page: 'x' }, 'page'],
      [{ appId: -1 }, 'appId'],
      [{ filter: 'x'.repeat(201) }, 'filter'],
    ] as const) {
      const res = await list(adminToken, query);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
  });

  it('filters case-insensitively on uniqueDeviceId, model and fcmToken', async () => {
    const expected = seededMatching('needleone');
    // Hits in each of the three columns, so a missing column would change the count.
    expect(expected.some((d) => d.uniqueDeviceId.includes('NeedleOne'))).toBe(true);
    expect(expected.some((d) => d.model?.includes('needleone'))).toBe(true);
    expect(expected.some((d) => d.fcmToken.includes('NEEDLEONE'))).toBe(true);
    for (const filter of ['needleone', 'NEEDLEONE', '  NeedleOne  ']) {
      const { rows, count } = (await list(adminToken, { filter, size: 100 })).json();
      expect(count).toBe(expected.length);
      expect(rows.map((r: { uniqueDeviceId: string }) => r.uniqueDeviceId).sort()).toEqual(expected.map((d) => d.uniqueDeviceId).sort());
    }
  });

  it("can serve the filter from the three pg_trgm GIN indexes (the list's ILIKE shape, the token's start only)", async () => {
    // At 10,000 rows a sequential scan is cheaper, so the planner is told to avoid one: this checks
    // that the migration's indexes apply to the query. (Over 1,000,000 rows the planner picks them
    // by itself for a selective filter; see bench/devices.ts.)
    const p = '%needleone%';
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const res = await tx.execute(
        sql`EXPLAIN (FORMAT JSON) SELECT id FROM devices WHERE unique_device_id ILIKE ${p} OR model ILIKE ${p} OR left(fcm_token, 32) ILIKE ${p}`,
      );
      return JSON.stringify((res as unknown as { rows: unknown[] }).rows);
    });
    expect(plan).toContain('Bitmap Index Scan');
    for (const index of ['devices_unique_device_id_trgm', 'devices_model_trgm', 'devices_fcm_token_start_trgm']) expect(plan).toContain(index);
  });

  it('matches % and _ literally', async () => {
    const res = (await list(adminToken, { filter: '100%_' })).json();
    expect(res.count).toBe(1);
    expect(res.rows[0].model).toBe('Phone 100%_pro');
    expect((await list(adminToken, { filter: '%' })).json().count).toBe(1);
    expect((await list(adminToken, { filter: 'e_e' })).json().count).toBe(seededMatching('e_e').length);
  });

  it('combines the app filter with the text filter', async () => {
    const { count, rows } = (await list(adminToken, { appId: appA2.id, size: 100 })).json();
    expect(count).toBe(seeded.filter((d) => d.appId === appA2.id).length);
    expect(rows.every((r: { app: { id: number } }) => r.app.id === appA2.id)).toBe(true);
    const both = (await list(adminToken, { appId: appB.id, filter: 'XPERIA', size: 100 })).json();
    expect(both.count).toBe(seededMatching('xperia', [appB.id]).length);
    expect(both.count).toBeGreaterThan(0);
  });

  it('shows an app admin only the devices of their apps; another app id gives an empty list', async () => {
    const own = (await list(adminA.token)).json();
    expect(own.count).toBe(seeded.filter((d) => d.appId !== appB.id).length);
    const b = (await list(adminB.token, { size: 100 })).json();
    expect(b.count).toBe(seeded.filter((d) => d.appId === appB.id).length);
    expect(b.rows.every((r: { app: { id: number } }) => r.app.id === appB.id)).toBe(true);
    expect((await list(adminB.token, { appId: appA1.id })).json()).toEqual({ rows: [], count: 0, countEstimated: false });
    expect((await list(adminA.token, { filter: 'needleone' })).json().count).toBe(seededMatching('needleone', [appA1.id, appA2.id]).length);
    // A user administering no app sees nothing.
    expect((await list(restricted.token)).json().count).toBe(0);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/apps/devices' });
    expect(res.statusCode).toBe(401);
  });

  // Each page follows the session check made on this very request.
  it('answers each page to the reach of the call: a role change or a sign-out applies at the next call', async () => {
    const top = await t.signedInUser({ role_id: 1 });
    expect((await list(top.token)).json().count).toBe(seeded.length);
    expect((await list(top.token, { filter: 'needleone' })).json().count).toBe(seededMatching('needleone').length);
    // Demoted to an app admin of no app: no device.
    await t.db.execute(sql`UPDATE users SET role_id = 2 WHERE id = ${top.user.id}`);
    expect((await list(top.token)).json()).toEqual({ rows: [], count: 0, countEstimated: false });
    await t.db.execute(sql`UPDATE users SET role_id = 1 WHERE id = ${top.user.id}`);
    expect((await list(top.token, { size: 100 })).json().rows).toHaveLength(100);
    // Signed out: refused, with no rows, and again on the next call.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/logout', headers: t.auth(top.token) })).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      const res = await list(top.token);
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('uniqueDeviceId');
    }
  });
});

describe('POST apps/addDevice', () => {
  let app: SeededApp;
  beforeAll(async () => {
    app = await seedApp(t, adminB.id, { keys: true });
  });

  it('registers 200 concurrent requests for 100 devices as exactly 100 rows, one id per device', async () => {
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        register({ uniqueDeviceId: `conc-${i % 100}`, fcmToken: `fcm-${i}`, model: 'Pixel', appVersionCode: 3 }, { appapikey: app.apiKey }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(200).fill(200));
    expect(await deviceCount(app.id)).toBe(100);
    const idOf = new Map<string, number>();
    responses.forEach((r, i) => {
      const body = r.json();
      expect(body).toEqual({ success: true, data: { id: expect.any(Number) } });
      const key = `conc-${i % 100}`;
      if (idOf.has(key)) expect(body.data.id).toBe(idOf.get(key));
      idOf.set(key, body.data.id);
    });
    expect(new Set(idOf.values()).size).toBe(100);
    // The version was recorded once.
    const versions = await t.db.select().from(appVersions).where(eq(appVersions.appId, app.id));
    expect(versions.map((v) => [v.appVersion, v.status])).toEqual([['3', true]]);
  });

  it('updates the device on re-registration, keeping model and version when they are not sent', async () => {
    const first = (await register({ uniqueDeviceId: 'again-1', fcmToken: 'old', model: 'Galaxy', appVersionCode: 1.2 }, { appapikey: app.apiKey })).json();
    const second = (await register({ uniqueDeviceId: 'again-1', fcmToken: 'new' }, { appapikey: app.apiKey })).json();
    expect(second.data.id).toBe(first.data.id);
    const [row] = await t.db
      .select()
      .from(devices)
      .where(and(eq(devices.appId, app.id), eq(devices.uniqueDeviceId, 'again-1')));
    expect(row).toMatchObject({ fcmToken: 'new', model: 'Galaxy', appVersionCode: '1.2' });
    expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(row.createdAt.getTime());
    // "1.20" is the version 1.2 already recorded; 1.3 is new.
    await register({ uniqueDeviceId: 'again-1', fcmToken: 'new', appVersionCode: '1.20' }, { appapikey: app.apiKey });
    await register({ uniqueDeviceId: 'again-2', fcmToken: 'x', appVersionCode: 1.3 }, { appapikey: app.apiKey });
    const versions = await t.db.select({ v: appVersions.appVersion }).from(appVersions).where(eq(appVersions.appId, app.id));
    expect(versions.map((v) => v.v).sort()).toEqual(['1.2', '1.3', '3']);
    const listed = (await list(adminB.token, { filter: 'again-1' })).json().rows[0];
    expect(listed).toMatchObject({ uniqueDeviceId: 'again-1', fcmToken: 'new', model: 'Galaxy', appVersionCode: 1.2 });
  });

  it('answers 401 without a key or with an unknown key, and 403 for an inactive app, storing nothing', async () => {
    const body = { uniqueDeviceId: 'nokey-1', fcmToken: 'f' };
    const none = await register(body);
    const blank = await register(body, { appapikey: '  ' });
    const unknown = await register(body, { appapikey: generateApiKey() });
    expect([none.statusCode, blank.statusCode, unknown.statusCode]).toEqual([401, 401, 401]);
    expect(unknown.json()).toEqual({ message: expect.any(String), code: 'UNAUTHORIZED' });
    // Who is calling is settled before the body: no key with a bad body is still a 401.
    expect((await register({ model: 1 })).statusCode).toBe(401);
    expect((await register({}, { authorization: 'JWT nonsense' })).statusCode).toBe(401);
    const inactive = await seedApp(t, adminB.id, { keys: true, active: false });
    const off = await register(body, { appapikey: inactive.apiKey });
    expect(off.statusCode).toBe(403);
    expect(await deviceCount(inactive.id)).toBe(0);
    const [{ n }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(devices)
      .where(eq(devices.uniqueDeviceId, 'nokey-1'));
    expect(n).toBe(0);
  });

  it('ignores a staff token and appId when the key is present: the key picks the app', async () => {
    const res = await register({ uniqueDeviceId: 'keywins', fcmToken: 'f', appId: appA1.id }, { appapikey: app.apiKey, ...t.auth(adminToken) });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select({ appId: devices.appId }).from(devices).where(eq(devices.uniqueDeviceId, 'keywins'));
    expect(row.appId).toBe(app.id);
  });

  it('validates the body with 400 naming each field', async () => {
    const res = await register({ model: 'x', appVersionCode: 1.234 }, { appapikey: app.apiKey });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ uniqueDeviceId: 'validation.required', fcmToken: 'validation.required', appVersionCode: 'validation.step' });
  });

  it('lets signed-in staff register for an app they may access by appId, without the key', async () => {
    const own = await register({ appId: app.id, uniqueDeviceId: 'staff-1', fcmToken: 'f', model: 'M' }, t.auth(adminB.token));
    expect(own.statusCode).toBe(200);
    const [row] = await t.db.select().from(devices).where(eq(devices.id, own.json().data.id));
    expect(row).toMatchObject({ appId: app.id, uniqueDeviceId: 'staff-1', model: 'M' });
    // The top admin may use any app.
    expect((await register({ appId: appA1.id, uniqueDeviceId: 'staff-2', fcmToken: 'f' }, t.auth(adminToken))).statusCode).toBe(200);
    // Another admin's app, a missing app, no appId, a bad token.
    const other = await register({ appId: app.id, uniqueDeviceId: 'staff-3', fcmToken: 'f' }, t.auth(adminA.token));
    expect(other.statusCode).toBe(404);
    expect((await register({ appId: 999_999, uniqueDeviceId: 'staff-3', fcmToken: 'f' }, t.auth(adminToken))).statusCode).toBe(404);
    const noApp = await register({ uniqueDeviceId: 'staff-3', fcmToken: 'f' }, t.auth(adminB.token));
    expect(noApp.statusCode).toBe(400);
    expect(noApp.json().errors).toEqual({ appId: 'validation.required' });
    expect((await register({ appId: app.id, uniqueDeviceId: 'staff-3', fcmToken: 'f' }, { authorization: 'JWT nonsense' })).statusCode).toBe(401);
    const [{ n }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(devices)
      .where(eq(devices.uniqueDeviceId, 'staff-3'));
    expect(n).toBe(0);
  });
});

describe('PUT apps/updateDevice/{id} and DELETE apps/destroyDevice/{id}', () => {
  const addFor = async (app: SeededApp, uniqueDeviceId: string) =>
    (await register({ uniqueDeviceId, fcmToken: 'f0', model: 'm0' }, { appapikey: app.apiKey })).json().data.id as number;
  const update = (token: string, id: number, body: object) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/apps/updateDevice/${id}`, payload: body, headers: t.auth(token) });
  const destroy = (token: string, id: number) => t.app.inject({ method: 'DELETE', url: `/api/v1/apps/destroyDevice/${id}`, headers: t.auth(token) });

  it('replaces the fields and answers the updated device', async () => {
    const id = await addFor(appA1, 'edit-1');
    const res = await update(adminA.token, id, { appId: appA1.id, uniqueDeviceId: 'edit-1b', fcmToken: 'f1', model: '', appVersionCode: 2.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: expect.objectContaining({
        id,
        app: { id: appA1.id, name: appA1.name },
        uniqueDeviceId: 'edit-1b',
        fcmToken: 'f1',
        model: null,
        appVersionCode: 2.5,
      }),
    });
    const versions = await t.db
      .select()
      .from(appVersions)
      .where(and(eq(appVersions.appId, appA1.id), eq(appVersions.appVersion, '2.5')));
    expect(versions).toHaveLength(1);
  });

  it('moves a device to another app of the caller under the same id, keeping its creation time', async () => {
    const id = await addFor(appA1, 'move-1');
    const [before] = await t.db.select().from(devices).where(eq(devices.id, id));
    const res = await update(adminA.token, id, { appId: appA2.id, uniqueDeviceId: 'move-1', fcmToken: 'f' });
    expect(res.statusCode).toBe(200);
    const rows = await t.db.select().from(devices).where(eq(devices.id, id));
    expect(rows).toHaveLength(1);
    expect(rows[0].appId).toBe(appA2.id);
    expect(rows[0].createdAt.getTime()).toBe(before.createdAt.getTime());
    expect(res.json().data.app).toEqual({ id: appA2.id, name: appA2.name });
  });

  it('answers 409 when the target app already has that device id', async () => {
    await addFor(appA1, 'dup-a');
    const id = await addFor(appA1, 'dup-b');
    const res = await update(adminA.token, id, { appId: appA1.id, uniqueDeviceId: 'dup-a', fcmToken: 'f' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ uniqueDeviceId: 'validation.taken' });
    const [row] = await t.db.select().from(devices).where(eq(devices.id, id));
    expect(row.uniqueDeviceId).toBe('dup-b');
  });

  it("answers 404 for another admin's device or app, changing nothing", async () => {
    const id = await addFor(appA1, 'owned-1');
    expect((await update(adminB.token, id, { appId: appB.id, uniqueDeviceId: 'x', fcmToken: 'f' })).statusCode).toBe(404);
    expect((await update(adminA.token, id, { appId: appB.id, uniqueDeviceId: 'x', fcmToken: 'f' })).statusCode).toBe(404);
    expect((await destroy(adminB.token, id)).statusCode).toBe(404);
    expect((await update(adminA.token, 987_654_321, { appId: appA1.id, uniqueDeviceId: 'x', fcmToken: 'f' })).statusCode).toBe(404);
    const [row] = await t.db.select().from(devices).where(eq(devices.id, id));
    expect(row).toMatchObject({ appId: appA1.id, uniqueDeviceId: 'owned-1', fcmToken: 'f0' });
  });

  it('validates the edit body', async () => {
    const id = await addFor(appA1, 'val-1');
    const res = await update(adminA.token, id, { uniqueDeviceId: ' ', fcmToken: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ appId: 'validation.required', uniqueDeviceId: 'validation.required', fcmToken: 'validation.required' });
  });

  it("deletes the caller's device; the top admin may delete any", async () => {
    const id = await addFor(appA1, 'del-1');
    expect((await destroy(adminA.token, id)).json()).toEqual({ success: true });
    expect(await t.db.select().from(devices).where(eq(devices.id, id))).toHaveLength(0);
    expect((await destroy(adminA.token, id)).statusCode).toBe(404);
    const other = await addFor(appB, 'del-2');
    expect((await destroy(adminToken, other)).statusCode).toBe(200);
  });
});

describe('counts past the exact limit', () => {
  it('answers the planner estimate, flagged, once more than COUNT_EXACT_LIMIT devices match', async () => {
    const big = await seedApp(t, adminB.id, { keys: true });
    // Twice the limit, so an estimate stuck at the limit would be far off.
    const n = 2 * COUNT_EXACT_LIMIT;
    await t.repos.devices.insertMany(Array.from({ length: n }, (_, i) => ({ appId: big.id, uniqueDeviceId: `big-${i}`, fcmToken: 'f' })));
    await t.db.execute(sql`ANALYZE devices`);
    const res = (await list(adminToken, { appId: big.id })).json();
    expect(res.countEstimated).toBe(true);
    expect(res.count).toBeGreaterThan(COUNT_EXACT_LIMIT);
    expect(Math.abs(res.count - n) / n).toBeLessThan(0.2);
    expect(res.rows.map((r: { uniqueDeviceId: string }) => r.uniqueDeviceId)).toEqual(Array.from({ length: 30 }, (_, i) => `big-${n - 1 - i}`));
    // Deep pages come from the index-ordered path; the short last page pins the exact total.
    const deep = (await list(adminToken, { appId: big.id, page: 400, size: 30 })).json();
    expect(deep.rows.map((r: { uniqueDeviceId: string }) => r.uniqueDeviceId)).toEqual(Array.from({ length: 30 }, (_, i) => `big-${n - 1 - 399 * 30 - i}`));
    const last = (await list(adminToken, { appId: big.id, page: Math.ceil(n / 30), size: 30 })).json();
    expect(last.rows).toHaveLength(n % 30);
    expect(last.rows[last.rows.length - 1].uniqueDeviceId).toBe('big-0');
    expect([last.count, last.countEstimated]).toEqual([n, false]);

    // The app admin owning the big app: pages are merged from each of their apps, newest first.
    const ownApps = (await t.db.select({ id: apps.id }).from(apps).where(eq(apps.adminId, adminB.id))).map((a) => a.id);
    expect(ownApps.length).toBeGreaterThan(2);
    const allIds = (await t.db.select({ id: devices.id }).from(devices).where(inArray(devices.appId, ownApps)).orderBy(desc(devices.id))).map((r) =>
      Number(r.id),
    );
    for (const page of [1, 2, 150]) {
      const res = (await list(adminB.token, { page, size: 100 })).json();
      expect(res.countEstimated).toBe(true);
      expect(res.rows.map((r: { id: number }) => r.id)).toEqual(allIds.slice((page - 1) * 100, page * 100));
    }
  });
});

describe('sorting (sort, ascending)', () => {
  // Runs last: besides the 10,000 devices above, the big app of the previous block holds 20,000
  // (big-0 …, no model, no version), so the lists of role_id 1 and of adminB are large (index-
  // ordered walks) while one small app's list is collected whole. The sort app adds devices with
  // tied, missing and mixed-case models and versions whose text order is not their number order.
  interface Truth {
    id: number;
    appId: number;
    model: string | null;
    uniqueDeviceId: string;
    fcmToken: string | null;
    appVersionCode: string | null;
  }
  type Key = 'id' | 'model' | 'uniqueDeviceId' | 'appVersionCode';
  let sortApp: SeededApp;
  let truth: Truth[];
  /** The database's collation order of the distinct texts of a column (PGlite: C, PostgreSQL: the cluster's). */
  let rank: { model: Map<string, number>; uniqueDeviceId: Map<string, number> };

  const SORT_MODELS = ['alpha', 'Beta', 'beta', 'Gamma 2', 'gamma 10', null];
  const SORT_VERSIONS = [2, 10, 1.5, 10.25, null, 0.5, 2];

  beforeAll(async () => {
    sortApp = await seedApp(t, adminA.id, { keys: true });
    // Registered in a shuffled order, so that id order is unrelated to the keys.
    const order = Array.from({ length: 600 }, (_, i) => (i * 7919) % 600);
    await t.repos.devices.insertMany(
      order.map((i) => ({
        appId: sortApp.id,
        uniqueDeviceId: `s-${((i * 104_729) % 600).toString(36).padStart(3, '0')}`,
        fcmToken: `sort-${i}`,
        model: SORT_MODELS[i % SORT_MODELS.length],
        appVersionCode: SORT_VERSIONS[i % SORT_VERSIONS.length],
      })),
    );
    await t.db.execute(sql`ANALYZE devices`);
    const rows = await t.db
      .select({
        id: devices.id,
        appId: devices.appId,
        model: devices.model,
        uniqueDeviceId: devices.uniqueDeviceId,
        fcmToken: devices.fcmToken,
        appVersionCode: devices.appVersionCode,
      })
      .from(devices);
    truth = rows.map((r) => ({ ...r, id: Number(r.id) }));
    const ranks = async (column: typeof devices.model | typeof devices.uniqueDeviceId) => {
      const values = await t.db.selectDistinct({ v: column }).from(devices).orderBy(column);
      return new Map(values.map((r, i) => [r.v as string, i]));
    };
    rank = { model: await ranks(devices.model), uniqueDeviceId: await ranks(devices.uniqueDeviceId) };
  });

  /** The expected order, computed here: the key (a missing one counts as largest), then the id, one direction. */
  function expected(rows: Truth[], key: Key, ascending: boolean): number[] {
    const value = (r: Truth): number | null => {
      if (key === 'id') return r.id;
      if (key === 'appVersionCode') return r.appVersionCode === null ? null : Number(r.appVersionCode);
      return r[key] === null ? null : rank[key].get(r[key] as string)!;
    };
    const sorted = [...rows].sort((a, b) => {
      const va = value(a);
      const vb = value(b);
      const byKey = va === vb ? 0 : va === null ? 1 : vb === null ? -1 : va - vb;
      return byKey || a.id - b.id;
    });
    return (ascending ? sorted : sorted.reverse()).map((r) => r.id);
  }

  const ids = (body: { rows: { id: number }[] }) => body.rows.map((r) => r.id);
  const KEYS: Key[] = ['id', 'model', 'uniqueDeviceId', 'appVersionCode'];
  const DIRECTIONS = [true, false];

  it("sorts one app's devices by each column, both ways, the id breaking ties (the collected, exact path)", async () => {
    const own = truth.filter((d) => d.appId === sortApp.id);
    // Ties and gaps the order has to handle: repeated models and versions, missing ones, and
    // versions whose text order differs from their number order ("10" < "2").
    expect(new Set(own.map((d) => d.appVersionCode))).toEqual(new Set(['2', '10', '1.5', '10.25', null, '0.5']));
    for (const sort of KEYS) {
      for (const ascending of DIRECTIONS) {
        const got: number[] = [];
        for (let page = 1; page <= 6; page++) {
          const res = await list(adminA.token, { appId: sortApp.id, sort, ascending: String(ascending), page, size: 100 });
          expect(res.statusCode).toBe(200);
          const body = res.json();
          expect([body.count, body.countEstimated]).toEqual([600, false]);
          got.push(...ids(body));
        }
        expect({ sort, ascending, ids: got }).toEqual({ sort, ascending, ids: expected(own, sort, ascending) });
      }
    }
  });

  it('orders versions as numbers and puts devices without one last ascending, first descending', async () => {
    const versions = async (ascending: boolean) => {
      const out: (number | null)[] = [];
      for (let page = 1; page <= 6; page++) {
        const body = (await list(adminToken, { appId: sortApp.id, sort: 'appVersionCode', ascending: String(ascending), page, size: 100 })).json();
        out.push(...body.rows.map((r: { appVersionCode: number | null }) => r.appVersionCode));
      }
      return out;
    };
    const own = truth.filter((d) => d.appId === sortApp.id);
    const numbers = own
      .filter((d) => d.appVersionCode !== null)
      .map((d) => Number(d.appVersionCode))
      .sort((a, b) => a - b);
    const missing = own.filter((d) => d.appVersionCode === null).map(() => null);
    expect(numbers.indexOf(10)).toBeGreaterThan(numbers.lastIndexOf(2));
    expect(await versions(true)).toEqual([...numbers, ...missing]);
    expect(await versions(false)).toEqual([...missing, ...numbers.reverse()]);
  });

  it('walks the large lists in index order: role_id 1 over every device, page 1 and a deep page, each column both ways', async () => {
    expect(truth.length).toBeGreaterThan(3 * COUNT_EXACT_LIMIT);
    for (const sort of KEYS) {
      for (const ascending of DIRECTIONS) {
        const all = expected(truth, sort, ascending);
        for (const page of [1, 150]) {
          const body = (await list(adminToken, { sort, ascending: String(ascending), page, size: 100 })).json();
          expect(body.countEstimated).toBe(true);
          expect({ sort, ascending, page, ids: ids(body) }).toEqual({ sort, ascending, page, ids: all.slice((page - 1) * 100, page * 100) });
        }
      }
    }
  });

  it("walks one big app's devices (the app filter) and merges an app admin's apps, in the asked order", async () => {
    const [big] = await t.db
      .select({ id: apps.id })
      .from(apps)
      .innerJoin(devices, eq(devices.appId, apps.id))
      .groupBy(apps.id)
      .orderBy(desc(sql`count(*)`))
      .limit(1);
    const ofBig = truth.filter((d) => d.appId === big.id);
    expect(ofBig.length).toBeGreaterThanOrEqual(2 * COUNT_EXACT_LIMIT);
    const adminBApps = (await t.db.select({ id: apps.id }).from(apps).where(eq(apps.adminId, adminB.id))).map((a) => a.id);
    expect(adminBApps.length).toBeGreaterThan(1);
    const ofB = truth.filter((d) => adminBApps.includes(d.appId));
    for (const [sort, ascending] of [
      ['uniqueDeviceId', false],
      ['model', true],
      ['appVersionCode', false],
      ['id', true],
    ] as const) {
      for (const page of [1, 120]) {
        const query = { sort, ascending: String(ascending), page, size: 100 };
        const one = (await list(adminToken, { ...query, appId: big.id })).json();
        expect({ sort, page, ids: ids(one) }).toEqual({ sort, page, ids: expected(ofBig, sort, ascending).slice((page - 1) * 100, page * 100) });
        const merged = (await list(adminB.token, query)).json();
        expect({ sort, page, ids: ids(merged) }).toEqual({ sort, page, ids: expected(ofB, sort, ascending).slice((page - 1) * 100, page * 100) });
      }
    }
  });

  it('sorts a large text-filtered list, whether the matches come early in the order or lie past the walk limit', async () => {
    const matching = (needle: string) => truth.filter((d) => [d.uniqueDeviceId, d.model ?? '', d.fcmToken ?? ''].some((v) => v.toLowerCase().includes(needle)));
    // "big-" matches the 20,000 devices of the big app. Ascending by device id they come almost
    // first; descending, every "dev-…" and "s-…" device (over WALK_LIMIT of them) comes before
    // them, so the walk stops short and the matches are sorted instead, with their exact count.
    const big = matching('big-');
    expect(truth.filter((d) => d.uniqueDeviceId > 'big-' && !d.uniqueDeviceId.startsWith('big-')).length).toBeGreaterThan(WALK_LIMIT);
    for (const ascending of DIRECTIONS) {
      const all = expected(big, 'uniqueDeviceId', ascending);
      for (const page of [1, 2, 67]) {
        const body = (await list(adminToken, { filter: 'big-', sort: 'uniqueDeviceId', ascending: String(ascending), page, size: 30 })).json();
        expect({ ascending, page, ids: ids(body) }).toEqual({ ascending, page, ids: all.slice((page - 1) * 30, page * 30) });
        if (!ascending) expect([body.count, body.countEstimated]).toEqual([big.length, false]);
      }
    }
    // A filter nearly every device matches: the walk settles the page, deep ones too.
    const dashed = matching('-');
    for (const [sort, ascending] of [
      ['model', false],
      ['appVersionCode', true],
    ] as const) {
      for (const page of [1, 200]) {
        const body = (await list(adminToken, { filter: '-', sort, ascending: String(ascending), page, size: 50 })).json();
        expect({ sort, page, ids: ids(body) }).toEqual({ sort, page, ids: expected(dashed, sort, ascending).slice((page - 1) * 50, page * 50) });
      }
    }
  });

  it('walks further when a first walk found some matches but too few (a lower walk limit, to reach it with little data)', async () => {
    const repo = devicesRepository(t.db, 50);
    const hasE = truth.filter((d) => [d.uniqueDeviceId, d.model ?? '', d.fcmToken ?? ''].some((v) => v.toLowerCase().includes('e')));
    expect(hasE.length).toBeGreaterThan(COUNT_EXACT_LIMIT);
    const newestFirst = expected(hasE, 'id', false);
    // The first walk of page 1 (size 100) reads the newest 200 devices: some match, too few for the page.
    const inFirstWalk = expected(truth, 'id', false)
      .slice(0, 200)
      .filter((id) => newestFirst.includes(id)).length;
    expect(inFirstWalk).toBeGreaterThan(3);
    expect(inFirstWalk).toBeLessThan(100);
    for (const page of [1, 2]) {
      const res = await repo.list({}, devicesQuerySchema.validateSync({ filter: 'e', size: 100, page }));
      expect({ page, ids: res.rows.map((r) => r.id) }).toEqual({ page, ids: newestFirst.slice((page - 1) * 100, page * 100) });
      // from the walk (an estimated count), not from sorting every match (their exact count)
      expect(res.countEstimated).toBe(true);
    }
  });

  it('serves every order from an index, without sorting, for all devices and for one app', async () => {
    const cases: [string, SQL, string, string][] = [
      ['model', sql`model`, 'devices_model_idx', 'devices_app_model_idx'],
      ['uniqueDeviceId', sql`unique_device_id`, 'devices_unique_device_id_idx', 'devices_app_unique_device_id_idx'],
      ['appVersionCode', sql`(app_version_code::numeric)`, 'devices_version_idx', 'devices_app_version_idx'],
    ];
    for (const [name, key, global, perApp] of cases) {
      for (const dir of [sql.raw('ASC'), sql.raw('DESC')]) {
        // Index only: a deep page then reads no table rows (an expression index needs its column
        // in the key for that, see schema/devices.ts).
        const all = await explain(sql`SELECT id FROM devices ORDER BY ${key} ${dir}, id ${dir} LIMIT 30 OFFSET 3000`);
        expect({ name, plan: all }).toEqual({ name, plan: expect.stringMatching(new RegExp(`"Index Only Scan",[^{}]*"Index Name": "${global}"`)) });
        const one = await explain(sql`SELECT id FROM devices WHERE app_id = ${sortApp.id} ORDER BY ${key} ${dir}, id ${dir} LIMIT 30`);
        expect({ name, plan: one }).toEqual({ name, plan: expect.stringMatching(new RegExp(`"Index Only Scan",[^{}]*"Index Name": "${perApp}"`)) });
        expect(all + one).not.toMatch(/"Node Type": "(Incremental )?Sort"/);
      }
    }
  });

  it('refuses an unknown sort or a non-boolean ascending with 400 naming the field', async () => {
    for (const [query, field, message] of [
      [{ sort: 'app' }, 'sort', 'validation.oneOf'],
      [{ sort: 'fcmToken' }, 'sort', 'validation.oneOf'],
      [{ sort: 'model; DROP TABLE devices' }, 'sort', 'validation.oneOf'],
      [{ ascending: 'up' }, 'ascending', 'validation.checkInput'],
    ] as const) {
      const res = await list(adminToken, query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String), code: 'VALIDATION_FAILED', errors: { [field]: message } });
    }
  });
});

/** EXPLAIN (FORMAT JSON) of `query`, as text, with sequential scans priced out (a small table would prefer them). */
async function explain(query: SQL): Promise<string> {
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    const res = await tx.execute(sql`EXPLAIN (FORMAT JSON) ${query}`);
    return JSON.stringify((res as unknown as { rows: unknown[] }).rows, null, 1);
  });
}
