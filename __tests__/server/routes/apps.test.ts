// docs/product.md §7 application records against a real app: GET apps, getApp, storeApp, updateApp,
// changeStatus and destroy, as the top admin, a separate admin-named role, app admins (own app vs
// another's) and role_id 5.
import { and, count, eq } from 'drizzle-orm';
import { SECRET_SETTINGS as CONTRACT_SECRET_SETTINGS, SETTINGS_GROUPS, SOURCE_HOSTS } from '../../../src/contract';
import { adSettings, appSettings, appVersions, apps, countries, devices, roles, serverApps, servers, users } from '../../../server/src/db/schema';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { api, appBody, callers, makeApp, type Caller, type Callers } from '../helpers/seed';

let t: TestApp;
let c: Callers;
beforeAll(async () => {
  t = await createTestApp();
  c = await callers(t);
});
afterAll(() => t?.close());

const get = (path: string, who: Caller) => t.app.inject({ method: 'GET', url: api(path), headers: who.headers });
const send = (method: 'POST' | 'PUT' | 'DELETE', path: string, who: Caller, payload?: object) =>
  t.app.inject({ method, url: api(path), headers: who.headers, ...(payload && { payload }) });
const appRow = async (id: number) => (await t.db.select().from(apps).where(eq(apps.id, id)))[0];
const rowsOf = async (table: typeof appSettings | typeof adSettings | typeof appVersions | typeof devices | typeof serverApps, appId: number) =>
  Number((await t.db.select({ n: count() }).from(table).where(eq(table.appId, appId)))[0].n);

const ALL_SETTINGS = Object.values(SETTINGS_GROUPS).flat();
const SECRET_SETTINGS: readonly string[] = CONTRACT_SECRET_SETTINGS;

describe('GET apps', () => {
  let own: Awaited<ReturnType<typeof makeApp>>;
  let others: Awaited<ReturnType<typeof makeApp>>;
  let restricted: Awaited<ReturnType<typeof makeApp>>;
  beforeAll(async () => {
    own = await makeApp(t, c, c.owner, { name: 'Zephyr VPN' });
    others = await makeApp(t, c, c.other);
    restricted = await makeApp(t, c, c.restricted);
  });

  it('gives the top admin every app, with the five encrypted source-host values', async () => {
    const res = await get('apps', c.top);
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.map((a: { id: number }) => a.id);
    expect(ids).toEqual(expect.arrayContaining([own.id, others.id, restricted.id]));
    const item = res.json().data.find((a: { id: number }) => a.id === own.id);
    const [owner] = await t.db.select().from(users).where(eq(users.id, c.owner.id));
    expect(item).toEqual({
      id: own.id,
      name: 'Zephyr VPN',
      packageName: own.packageName,
      adminId: c.owner.id,
      adminName: `${owner.name} ${owner.family}`,
      sign: expect.any(String),
      cppSign: null,
      description: null,
      firebaseConfig: null,
      email: null,
      active: true,
      apiKey: own.apiKey,
      googlePlayLink: null,
      repoName: null,
      hasRobotApiKey: false,
      createdAt: expect.any(String),
      github: null,
      gitlab: null,
      gitea: null,
      codeberg: null,
      bitbucket: null,
    });
  });

  it('gives an app admin and role_id 5 only their own apps, without the source-host values', async () => {
    for (const [who, app] of [
      [c.owner, own],
      [c.restricted, restricted],
    ] as const) {
      const data = (await get('apps', who)).json().data;
      expect(data.map((a: { id: number }) => a.id)).toEqual([app.id]);
      for (const h of SOURCE_HOSTS) expect(data[0]).not.toHaveProperty(h);
    }
    // ?state=appAdmin is the same for them
    expect((await get('apps?state=appAdmin', c.owner)).json().data.map((a: { id: number }) => a.id)).toEqual([own.id]);
  });

  it('limits anyone to their own apps with ?state=appAdmin, the top admin included', async () => {
    const mine = await makeApp(t, c, c.top);
    const data = (await get('apps?state=appAdmin', c.top)).json().data;
    expect(data.map((a: { id: number }) => a.id)).toEqual([mine.id]);
  });

  it('filters by search (name, package, admin name, API key) and by status', async () => {
    const ids = async (query: string) => (await get(`apps?${query}`, c.top)).json().data.map((a: { id: number }) => a.id);
    expect(await ids('search=zephyr')).toEqual([own.id]);
    expect(await ids(`search=${encodeURIComponent(others.packageName.toUpperCase())}`)).toEqual([others.id]);
    expect(await ids(`search=${own.apiKey.slice(10, 30)}`)).toEqual([own.id]);
    await t.db.update(users).set({ family: 'یگانه' }).where(eq(users.id, c.other.id));
    const otherApps = (await t.db.select({ id: apps.id }).from(apps).where(eq(apps.adminId, c.other.id))).map((r) => r.id);
    expect(await ids(`search=${encodeURIComponent('یگانه')}`)).toEqual(otherApps);
    // % and _ are literal characters, not wildcards
    expect(await ids('search=%25')).toEqual([]);

    await t.db.update(apps).set({ active: false }).where(eq(apps.id, others.id));
    expect(await ids('active=false')).toEqual([others.id]);
    expect(await ids('active=true')).not.toContain(others.id);
    expect(await ids('active=all')).toContain(others.id);
    await t.db.update(apps).set({ active: true }).where(eq(apps.id, others.id));
  });

  it('refuses unknown filter values with 400 and requires a session', async () => {
    expect((await get('apps?state=all', c.top)).json()).toMatchObject({ errors: { state: 'validation.oneOf' } });
    expect((await get('apps?active=maybe', c.top)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: api('apps') })).statusCode).toBe(401);
  });
});

describe('GET apps/getApp/{id}', () => {
  it('answers the app with every settings field, the keys for role_id 1 only', async () => {
    const own = await makeApp(t, c, c.owner);
    const top = (await get(`apps/getApp/${own.id}`, c.top)).json().data;
    expect(top).toMatchObject({ id: own.id, apiKey: own.apiKey, adminId: c.owner.id });
    expect(Object.keys(top.settings).sort()).toEqual([...ALL_SETTINGS].sort());
    expect(top.settings.newCoreKey).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(top.settings.newCoreIv).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(top.settings.cppKey).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(top.settings.cppIv).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(top.settings).toMatchObject({ appVersion: 0, detectLocationBy: 'Timezone', configsActive: true, selectedCountries: '', autoConnectPing: null });
    expect(top).not.toHaveProperty('robotApiKey');
    expect(top).not.toHaveProperty('robotApiKeyHash');

    const mine = await get(`apps/getApp/${own.id}`, c.owner);
    expect(mine.statusCode).toBe(200);
    expect(Object.keys(mine.json().data.settings).sort()).toEqual(ALL_SETTINGS.filter((k) => !SECRET_SETTINGS.includes(k)).sort());
  });

  it("answers 404 for another admin's app, for role_id 5 too, and for a missing app", async () => {
    const others = await makeApp(t, c, c.other);
    const restricted = await makeApp(t, c, c.restricted);
    expect((await get(`apps/getApp/${others.id}`, c.owner)).statusCode).toBe(404);
    expect((await get(`apps/getApp/${others.id}`, c.restricted)).statusCode).toBe(404);
    expect((await get(`apps/getApp/${restricted.id}`, c.restricted)).statusCode).toBe(200);
    expect((await get('apps/getApp/999999', c.top)).statusCode).toBe(404);
    expect((await get('apps/getApp/abc', c.top)).statusCode).toBe(400);
  });
});

describe('POST apps/storeApp', () => {
  it('creates the app with its generated keys, settings row and ad settings row', async () => {
    const body = appBody(c.owner.id, { cppSign: 'cpp', firebaseConfig: '{"a":1}', email: 'app@example.com', description: 'about' });
    const res = await send('POST', 'apps/storeApp', c.top, body);
    expect(res.statusCode).toBe(200);
    const { success, data } = res.json();
    expect(success).toBe(true);
    expect(data).toMatchObject({
      name: body.name,
      packageName: body.packageName,
      adminId: c.owner.id,
      cppSign: 'cpp',
      firebaseConfig: '{"a":1}',
      email: 'app@example.com',
      description: 'about',
      active: true,
    });
    expect(data.apiKey).toMatch(/^[0-9a-f]{64}$/);
    expect(await rowsOf(appSettings, data.id)).toBe(1);
    expect(await rowsOf(adSettings, data.id)).toBe(1);

    const second = (await send('POST', 'apps/storeApp', c.top, appBody(c.owner.id))).json().data;
    const keyOf = async (appId: number) => (await t.db.select().from(appSettings).where(eq(appSettings.appId, appId)))[0];
    const [k1, k2] = [await keyOf(data.id), await keyOf(second.id)];
    expect(second.apiKey).not.toBe(data.apiKey);
    expect(k1.newCoreKey).not.toBe(k2.newCoreKey);
    expect(k1.newCoreIv).not.toBe(k2.newCoreIv);
    expect(k1.cppKey).not.toBe(k1.newCoreKey);
  });

  it('trims text and stores empty optional fields as null', async () => {
    const body = appBody(c.owner.id, { name: '  Spaced  ', cppSign: '', email: '' });
    const { data } = (await send('POST', 'apps/storeApp', c.top, body)).json();
    expect(data).toMatchObject({ name: 'Spaced', cppSign: null, email: null });
  });

  it('refuses app admins and role_id 5 (403) and creates nothing', async () => {
    const before = (await t.db.select({ n: count() }).from(apps))[0].n;
    for (const who of [c.owner, c.restricted]) {
      const res = await send('POST', 'apps/storeApp', who, appBody(who.id));
      expect(res.statusCode).toBe(403);
    }
    expect((await t.db.select({ n: count() }).from(apps))[0].n).toBe(before);
  });

  it('needs adminId to name an active app admin', async () => {
    const inactive = await t.createUser({ role_id: 2, active: false });
    const inactiveRestricted = await t.createUser({ role_id: 5, active: false });
    for (const adminId of [c.top.id, inactive.id, inactiveRestricted.id, 999999]) {
      const res = await send('POST', 'apps/storeApp', c.top, appBody(adminId));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ adminId: 'validation.oneOf' });
    }
  });

  it('gives an app to a role_id 5 user directly: a restricted app admin sees it among their own', async () => {
    const res = await send('POST', 'apps/storeApp', c.top, appBody(c.restricted.id));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.adminId).toBe(c.restricted.id);
    const mine = (await get('apps?state=appAdmin', c.restricted)).json().data.map((a: { id: number }) => a.id);
    expect(mine).toContain(res.json().data.id);
    const moved = await send('PUT', `apps/updateApp/${res.json().data.id}`, c.top, appBody(c.owner.id));
    expect(moved.statusCode).toBe(200);
    const back = await send('PUT', `apps/updateApp/${res.json().data.id}`, c.top, appBody(c.restricted.id));
    expect(back.json().data.adminId).toBe(c.restricted.id);
  });

  it('answers 409 on packageName for a package name in use, and 400 for a malformed one', async () => {
    const first = await makeApp(t, c, c.owner);
    const dup = await send('POST', 'apps/storeApp', c.top, appBody(c.other.id, { packageName: first.packageName }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'CONFLICT', errors: { packageName: 'validation.taken' } });
    const bad = await send('POST', 'apps/storeApp', c.top, appBody(c.owner.id, { packageName: 'nodots', name: ' ', sign: '' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ packageName: 'validation.packageName', name: 'validation.required', sign: 'validation.required' });
  });

  it('gives racing creates of one package name exactly one success and one 409', async () => {
    const body = appBody(c.owner.id);
    const results = await Promise.all([send('POST', 'apps/storeApp', c.top, body), send('POST', 'apps/storeApp', c.top, { ...body, name: 'twin' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await t.db.select().from(apps).where(eq(apps.packageName, body.packageName))).length).toBe(1);
  });
});

describe('PUT apps/updateApp/{id}', () => {
  it('lets the top admin edit the record; generated keys stay', async () => {
    const app = await makeApp(t, c, c.owner);
    const before = await appRow(app.id);
    const body = appBody(c.other.id, { name: 'Renamed', description: 'new text' });
    const res = await send('PUT', `apps/updateApp/${app.id}`, c.top, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: app.id, name: 'Renamed', adminId: c.other.id, packageName: body.packageName, description: 'new text' });
    const after = await appRow(app.id);
    expect(after.apiKey).toBe(before.apiKey);
  });

  it('refuses app admins and role_id 5 on their own apps (403), leaving the record', async () => {
    const own = await makeApp(t, c, c.owner);
    const restricted = await makeApp(t, c, c.restricted);
    for (const [who, app] of [
      [c.owner, own],
      [c.restricted, restricted],
    ] as const) {
      const res = await send('PUT', `apps/updateApp/${app.id}`, who, appBody(c.owner.id, { name: 'Hijacked' }));
      expect(res.statusCode).toBe(403);
      expect((await appRow(app.id)).name).toBe(app.name);
    }
  });

  it("keeps its own package name, but not another app's (409)", async () => {
    const a = await makeApp(t, c, c.owner);
    const b = await makeApp(t, c, c.owner);
    expect((await send('PUT', `apps/updateApp/${a.id}`, c.top, appBody(c.owner.id, { packageName: a.packageName }))).statusCode).toBe(200);
    const res = await send('PUT', `apps/updateApp/${a.id}`, c.top, appBody(c.owner.id, { packageName: b.packageName }));
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ packageName: 'validation.taken' });
    expect((await appRow(a.id)).packageName).toBe(a.packageName);
  });

  it('may keep an admin who was deactivated, but not switch to one', async () => {
    const gone = await t.createUser({ role_id: 2 });
    const app = await makeApp(t, c, c.owner);
    await t.db.update(apps).set({ adminId: gone.id }).where(eq(apps.id, app.id));
    await t.db.update(users).set({ active: false }).where(eq(users.id, gone.id));
    expect((await send('PUT', `apps/updateApp/${app.id}`, c.top, appBody(gone.id, { packageName: app.packageName }))).statusCode).toBe(200);
    const other = await makeApp(t, c, c.owner);
    const res = await send('PUT', `apps/updateApp/${other.id}`, c.top, appBody(gone.id));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ adminId: 'validation.oneOf' });
  });

  it('answers 404 for a missing app', async () => {
    expect((await send('PUT', 'apps/updateApp/999999', c.top, appBody(c.owner.id))).statusCode).toBe(404);
  });
});

describe('PUT apps/changeStatus/{id}/{state}', () => {
  it('switches an app off and on for the top admin, with true/false and 1/0', async () => {
    const app = await makeApp(t, c, c.other);
    for (const [state, active] of [
      ['false', false],
      ['true', true],
      ['0', false],
      ['1', true],
    ] as const) {
      const res = await send('PUT', `apps/changeStatus/${app.id}/${state}`, c.top);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      expect((await appRow(app.id)).active).toBe(active);
    }
    expect((await send('PUT', `apps/changeStatus/${app.id}/maybe`, c.top)).statusCode).toBe(400);
  });

  it("lets app admins and role_id 5 switch their own apps, and answers 404 on another's, unchanged", async () => {
    const own = await makeApp(t, c, c.owner);
    const restricted = await makeApp(t, c, c.restricted);
    const others = await makeApp(t, c, c.other);
    expect((await send('PUT', `apps/changeStatus/${own.id}/false`, c.owner)).statusCode).toBe(200);
    expect((await appRow(own.id)).active).toBe(false);
    expect((await send('PUT', `apps/changeStatus/${restricted.id}/false`, c.restricted)).statusCode).toBe(200);
    expect((await appRow(restricted.id)).active).toBe(false);
    for (const who of [c.owner, c.restricted]) {
      expect((await send('PUT', `apps/changeStatus/${others.id}/false`, who)).statusCode).toBe(404);
    }
    expect((await appRow(others.id)).active).toBe(true);
  });
});

describe('DELETE apps/destroy/{id}', () => {
  async function appWithEverything(owner: Caller) {
    const app = await makeApp(t, c, owner);
    await send('POST', 'apps/versionBlock', c.top, { appId: app.id, appVersion: 1.5 });
    await t.db.insert(devices).values([
      { appId: app.id, uniqueDeviceId: `dev-a-${app.id}` },
      { appId: app.id, uniqueDeviceId: `dev-b-${app.id}` },
    ]);
    const [country] = await t.db.select().from(countries).limit(1);
    const [server] = await t.db
      .insert(servers)
      .values({ ip: `10.0.0.${app.id % 250}`, countryId: country.id })
      .returning();
    await t.db.insert(serverApps).values({ serverId: server.id, appId: app.id });
    return { app, server };
  }

  it('removes the settings, ads, versions, devices and server links; the server stays', async () => {
    const { app, server } = await appWithEverything(c.owner);
    const keep = await appWithEverything(c.owner);
    // the kept app shares the server too
    await t.db.insert(serverApps).values({ serverId: server.id, appId: keep.app.id });
    for (const table of [appSettings, adSettings, appVersions, devices, serverApps]) expect(await rowsOf(table, app.id)).toBeGreaterThan(0);

    const res = await send('DELETE', `apps/destroy/${app.id}`, c.top);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await appRow(app.id)).toBeUndefined();
    for (const table of [appSettings, adSettings, appVersions, devices, serverApps]) expect(await rowsOf(table, app.id)).toBe(0);
    expect((await t.db.select().from(servers).where(eq(servers.id, server.id))).length).toBe(1);
    // the other app keeps everything, including its link to the shared server
    for (const table of [appSettings, adSettings, appVersions, devices]) expect(await rowsOf(table, keep.app.id)).toBeGreaterThan(0);
    expect(
      (
        await t.db
          .select()
          .from(serverApps)
          .where(and(eq(serverApps.appId, keep.app.id), eq(serverApps.serverId, server.id)))
      ).length,
    ).toBe(1);
  });

  it('refuses app admins and role_id 5 (403) even on their own apps, and answers 404 for a missing app', async () => {
    const { app } = await appWithEverything(c.owner);
    const restricted = await makeApp(t, c, c.restricted);
    expect((await send('DELETE', `apps/destroy/${app.id}`, c.owner)).statusCode).toBe(403);
    expect((await send('DELETE', `apps/destroy/${restricted.id}`, c.restricted)).statusCode).toBe(403);
    expect(await appRow(app.id)).toBeDefined();
    expect(await rowsOf(devices, app.id)).toBe(2);
    expect((await send('DELETE', 'apps/destroy/999999', c.top)).statusCode).toBe(404);
  });
});

describe('a role named admin that is not role_id 1', () => {
  // docs/product.md §6 keeps both readings: the seed names role_id 1 `admin`, so here role 1 is renamed and a
  // separate role takes the name for the duration of these tests.
  let named: Caller;
  beforeAll(async () => {
    await t.db.update(roles).set({ name: 'top' }).where(eq(roles.id, 1));
    const [role] = await t.db.insert(roles).values({ name: 'admin' }).returning();
    const { user, token } = await t.signedInUser({ role_id: role.id });
    named = { id: user.id, token, headers: t.auth(token) };
  });
  afterAll(async () => {
    await t.db.update(users).set({ roleId: 2 }).where(eq(users.id, named.id));
    await t.db.delete(roles).where(eq(roles.name, 'admin'));
    await t.db.update(roles).set({ name: 'admin' }).where(eq(roles.id, 1));
  });

  it('may create app records (the admin role manages apps)', async () => {
    const res = await send('POST', 'apps/storeApp', named, appBody(c.owner.id));
    expect(res.statusCode).toBe(200);
  });

  it('edits, deletes and lists only within its own scope (apps it administers): others answer 404', async () => {
    const app = await makeApp(t, c, c.owner);
    expect((await send('PUT', `apps/updateApp/${app.id}`, named, appBody(c.owner.id, { name: 'X' }))).statusCode).toBe(404);
    expect((await send('DELETE', `apps/destroy/${app.id}`, named)).statusCode).toBe(404);
    expect((await appRow(app.id)).name).toBe(app.name);
    await t.db.update(apps).set({ adminId: named.id }).where(eq(apps.id, app.id));
    expect((await get('apps', named)).json().data.map((a: { id: number }) => a.id)).toEqual([app.id]);
    expect((await send('PUT', `apps/updateApp/${app.id}`, named, appBody(named.id, { name: 'Mine', packageName: app.packageName }))).statusCode).toBe(200);
    expect((await send('DELETE', `apps/destroy/${app.id}`, named)).statusCode).toBe(200);
  });

  it('leaves role_id 1 its rights under another name', async () => {
    const res = await send('POST', 'apps/storeApp', c.top, appBody(c.owner.id));
    expect(res.statusCode).toBe(200);
    expect((await get('apps', c.top)).json().data.length).toBeGreaterThan(1);
  });
});
