// docs/product.md §7 version calls against a real app: block (creating the record when new), list, and the two
// delete paths (active through apps/version, blocked through apps/versionBlock), per role and
// owner; plus ensureAppVersion, which devices call when an app reports a new version, and each
// version's device count (devices of the same app reporting the same number).
import { eq, sql } from 'drizzle-orm';
import { appVersions } from '../../../server/src/db/schema';
import { deviceCountsQuery, ensureAppVersion, versionKey } from '../../../server/src/repositories/versions';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { api, callers, makeApp, type Caller, type Callers } from '../helpers/seed';

let t: TestApp;
let c: Callers;
beforeAll(async () => {
  t = await createTestApp();
  c = await callers(t);
});
afterAll(() => t?.close());

const block = (who: Caller, payload: object) => t.app.inject({ method: 'POST', url: api('apps/versionBlock'), headers: who.headers, payload });
const list = (who: Caller, appId: number) => t.app.inject({ method: 'GET', url: api(`apps/versionBlock/${appId}`), headers: who.headers });
const del = (who: Caller, path: 'version' | 'versionBlock', id: number) =>
  t.app.inject({ method: 'DELETE', url: api(`apps/${path}/${id}`), headers: who.headers });
const stored = async (appId: number) =>
  (await t.db.select().from(appVersions).where(eq(appVersions.appId, appId)).orderBy(appVersions.id)).map((v) => ({
    id: v.id,
    appVersion: v.appVersion,
    status: v.status,
  }));

describe('POST apps/versionBlock', () => {
  it('blocks a new version by creating its record, and an existing one by flipping it', async () => {
    const app = await makeApp(t, c, c.owner);
    await ensureAppVersion(t.db, app.id, 2);
    const res = await block(c.top, { appId: app.id, appVersion: 1.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await block(c.top, { appId: app.id, appVersion: '2.00' }).then((r) => r.statusCode)).toBe(200);
    expect((await stored(app.id)).map(({ appVersion, status }) => ({ appVersion, status }))).toEqual([
      { appVersion: '2', status: false },
      { appVersion: '1.5', status: false },
    ]);
    // blocking again changes nothing
    await block(c.top, { appId: app.id, appVersion: 1.5 });
    expect((await stored(app.id)).length).toBe(2);
  });

  it("lets app admins and role_id 5 block on their own apps, and answers 404 on another's, creating nothing", async () => {
    const own = await makeApp(t, c, c.owner);
    const restricted = await makeApp(t, c, c.restricted);
    const others = await makeApp(t, c, c.other);
    expect((await block(c.owner, { appId: own.id, appVersion: 1 })).statusCode).toBe(200);
    expect((await block(c.restricted, { appId: restricted.id, appVersion: 1 })).statusCode).toBe(200);
    for (const who of [c.owner, c.restricted]) expect((await block(who, { appId: others.id, appVersion: 1 })).statusCode).toBe(404);
    expect(await stored(others.id)).toEqual([]);
    expect((await block(c.top, { appId: 999999, appVersion: 1 })).statusCode).toBe(404);
  });

  it('refuses a missing or malformed version with 400 (checkInput when none is chosen)', async () => {
    const app = await makeApp(t, c, c.owner);
    expect((await block(c.top, { appId: app.id })).json().errors).toEqual({ appVersion: 'validation.checkInput' });
    for (const appVersion of [1.234, '1.2.3', -1, true]) {
      const res = await block(c.top, { appId: app.id, appVersion });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['appVersion']);
    }
    expect((await block(c.top, { appVersion: 1 })).json().errors).toEqual({ appId: 'validation.required' });
    expect(await stored(app.id)).toEqual([]);
  });
});

describe('GET apps/versionBlock/{appId}', () => {
  it('answers every version with its status and app name, highest first', async () => {
    const app = await makeApp(t, c, c.owner, { name: 'Versioned' });
    await ensureAppVersion(t.db, app.id, 1.1);
    await ensureAppVersion(t.db, app.id, 10);
    await block(c.top, { appId: app.id, appVersion: 2.25 });
    const res = await list(c.owner, app.id);
    expect(res.statusCode).toBe(200);
    const ids = await stored(app.id);
    const idOf = (v: string) => ids.find((r) => r.appVersion === v)!.id;
    expect(res.json().data).toEqual([
      { id: idOf('10'), appVersion: 10, status: true, app: { name: 'Versioned' }, devicesCount: 0 },
      { id: idOf('2.25'), appVersion: 2.25, status: false, app: { name: 'Versioned' }, devicesCount: 0 },
      { id: idOf('1.1'), appVersion: 1.1, status: true, app: { name: 'Versioned' }, devicesCount: 0 },
    ]);
  });

  it("counts each version's devices: same app, same number (1.2 = 1.20), the latest report of each device", async () => {
    const a = await makeApp(t, c, c.owner);
    const b = await makeApp(t, c, c.owner);
    const register = (app: { apiKey: string }, uniqueDeviceId: string, appVersionCode?: number | string) =>
      t.app
        .inject({
          method: 'POST',
          url: api('apps/addDevice'),
          headers: { appapikey: app.apiKey },
          payload: { uniqueDeviceId, fcmToken: `fcm-${uniqueDeviceId}`, appVersionCode },
        })
        .then((r) => expect(r.statusCode).toBe(200));
    for (const [id, v] of [
      ['a1', 1.2],
      ['a2', '1.20'],
      ['a3', 1.2],
      ['a4', 2],
      ['a5', 2],
      ['a6', 1.1],
      ['a7', undefined],
    ] as const)
      await register(a, id, v);
    await register(a, 'a6', 2); // moved from 1.1 to 2: counts once, for 2
    for (const id of ['b1', 'b2', 'b3', 'b4']) await register(b, id, 1.2);
    await register(b, 'b5', 10);
    await block(c.owner, { appId: a.id, appVersion: 3 }); // a version no device reports

    const counts = async (appId: number) =>
      Object.fromEntries(
        ((await list(c.owner, appId)).json().data as { appVersion: number; devicesCount: number }[]).map((v) => [v.appVersion, v.devicesCount]),
      );
    expect(await counts(a.id)).toEqual({ 3: 0, 2: 3, 1.2: 3, 1.1: 0 });
    expect(await counts(b.id)).toEqual({ 10: 1, 1.2: 4 });
  });

  it('counts through devices_app_version_idx for the one app, never a scan of the devices table', async () => {
    const a = await makeApp(t, c, c.owner);
    const { sql: text, params } = deviceCountsQuery(t.db, a.id).toSQL();
    expect(params).toEqual([a.id]);
    // Tiny tables would be read whole on cost alone; with scans priced out the plan shows whether
    // an index can answer at all (a query no index can serve would still scan the table). Then,
    // with the other ways priced out too, that the GROUP BY key is the version index's own key, so
    // one app's devices come from that index alone, already in group order.
    const explain = (off: string[]) =>
      t.db.transaction(async (tx) => {
        for (const setting of off) await tx.execute(sql.raw(`SET LOCAL ${setting} = off`));
        const res = await tx.execute(sql.raw(`EXPLAIN ${text.replace('$1', String(a.id))}`));
        return (res as unknown as { rows: Record<string, string>[] }).rows.map((r) => r['QUERY PLAN']).join('\n');
      });
    const plan = await explain(['enable_seqscan']);
    expect(plan).toMatch(/Index Cond: \(app_id = \d+\)/);
    expect(plan).not.toMatch(/Seq Scan on devices/);
    const walk = await explain(['enable_seqscan', 'enable_bitmapscan', 'enable_sort', 'enable_hashagg']);
    expect(walk).toMatch(/Index Only Scan using devices_app_version_idx on devices/);
    expect(walk).not.toMatch(/Sort|Seq Scan/);
  });

  it("answers 404 for another admin's app", async () => {
    const others = await makeApp(t, c, c.other);
    for (const who of [c.owner, c.restricted]) expect((await list(who, others.id)).statusCode).toBe(404);
    expect((await list(c.top, others.id)).json().data).toEqual([]);
  });
});

describe('DELETE apps/version/{id} and apps/versionBlock/{id}', () => {
  async function twoVersions(owner: Caller) {
    const app = await makeApp(t, c, owner);
    await ensureAppVersion(t.db, app.id, 3);
    await block(c.top, { appId: app.id, appVersion: 4 });
    const [active, blocked] = await stored(app.id);
    return { app, active, blocked };
  }

  it('deletes an active version through apps/version and a blocked one through apps/versionBlock', async () => {
    const { app, active, blocked } = await twoVersions(c.owner);
    const a = await del(c.top, 'version', active.id);
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual({ success: true });
    expect((await del(c.top, 'versionBlock', blocked.id)).statusCode).toBe(200);
    expect(await stored(app.id)).toEqual([]);
  });

  it('refuses the wrong path with 409 and keeps the version', async () => {
    const { app, active, blocked } = await twoVersions(c.owner);
    const wrongActive = await del(c.top, 'versionBlock', active.id);
    expect(wrongActive.statusCode).toBe(409);
    expect(wrongActive.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('apps/version/{id}') });
    const wrongBlocked = await del(c.top, 'version', blocked.id);
    expect(wrongBlocked.statusCode).toBe(409);
    expect(wrongBlocked.json().message).toContain('apps/versionBlock/{id}');
    expect((await stored(app.id)).length).toBe(2);
  });

  it("lets app admins and role_id 5 delete on their own apps, and answers 404 on another's or a missing one", async () => {
    const own = await twoVersions(c.owner);
    const restricted = await twoVersions(c.restricted);
    const others = await twoVersions(c.other);
    expect((await del(c.owner, 'version', own.active.id)).statusCode).toBe(200);
    expect((await del(c.restricted, 'versionBlock', restricted.blocked.id)).statusCode).toBe(200);
    for (const who of [c.owner, c.restricted]) {
      expect((await del(who, 'version', others.active.id)).statusCode).toBe(404);
      expect((await del(who, 'versionBlock', others.blocked.id)).statusCode).toBe(404);
    }
    expect((await stored(others.app.id)).length).toBe(2);
    expect((await del(c.top, 'version', 99999999)).statusCode).toBe(404);
    expect((await del(c.top, 'version', 0)).statusCode).toBe(400);
  });
});

describe('ensureAppVersion', () => {
  it('records a version once, active, in its canonical spelling, and never unblocks one', async () => {
    const app = await makeApp(t, c, c.owner);
    await Promise.all([ensureAppVersion(t.db, app.id, 1.2), ensureAppVersion(t.db, app.id, 1.2), ensureAppVersion(t.db, app.id, 1.2)]);
    expect((await stored(app.id)).map(({ appVersion, status }) => ({ appVersion, status }))).toEqual([{ appVersion: '1.2', status: true }]);
    await block(c.top, { appId: app.id, appVersion: 1.2 });
    await ensureAppVersion(t.db, app.id, 1.2);
    expect((await stored(app.id))[0].status).toBe(false);
  });

  it('throws on a value that is not a version', async () => {
    const app = await makeApp(t, c, c.owner);
    for (const bad of [-1, 1.234, Number.NaN]) await expect(ensureAppVersion(t.db, app.id, bad)).rejects.toThrow(RangeError);
    expect(versionKey(3.1)).toBe('3.1');
    expect(versionKey(0.07)).toBe('0.07');
  });
});
