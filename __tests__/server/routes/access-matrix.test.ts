// The access table (server/src/auth/access.ts) as callers meet it: every changing route that declares the
// records it acts on, generated from the app's own table, called by the record's owner, by a stranger,
// by the co-owner of a shared server and by the top admin, each on records made fresh for the call.
// A route added to the table without a sample here fails the first test, so no route escapes the matrix.
// A refused call changes nothing: the records' rows are compared before and after.
import { eq, inArray } from 'drizzle-orm';
import type { AccessCheck, AccessEntry } from '../../../server/src/auth/access';
import { appMirrors, apps, appVersions, countries, devices, profiles, serverApps, servers, subscriptions } from '../../../server/src/db/schema';
import { mirrorTokenContext } from '../../../server/src/services/mirror-publisher';
import { multipart } from '../helpers/multipart';
import { api, callers, seedApp, seedServer, type Caller, type Callers } from '../helpers/seed';
import { createTestApp, type TestApp } from '../helpers/test-app';

const UUID = '8a2b6c1e-1f2d-4c3b-9a8e-7d6c5b4a3f21';
const MIRROR_URL = 'http://127.0.0.1:9/mirror.git';
const VLESS = `vless://${UUID}@cdn.example.com:443?encryption=none&security=tls&sni=cdn.example.com&type=ws&path=%2Fws#WS`;

let t: TestApp;
let c: Callers;
/** Owns the records; co-owns the shared server with `coOwner`. */
let owner: Caller;
let stranger: Caller;
let coOwner: Caller;
let country: number;

beforeAll(async () => {
  t = await createTestApp();
  c = await callers(t);
  owner = c.owner;
  stranger = c.other;
  const { user, token } = await t.signedInUser({ role_id: 2 });
  coOwner = { id: user.id, token, headers: t.auth(token) };
  [{ id: country }] = await t.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'DE'));
});
afterAll(() => t.close());

interface Fixture {
  app: number;
  server: number;
  profile: number;
  device: number;
  activeVersion: number;
  blockedVersion: number;
  mirror: number;
  subscription: number;
}

let made = 0;
/** Fresh records of `owner`: an app with keys, a server linked to it (and to `alsoLinkedTo`), a profile, a device, two versions. */
async function fixture(alsoLinkedTo?: number): Promise<Fixture> {
  made += 1;
  const app = await seedApp(t, owner.id, { keys: true });
  const server = await seedServer(t, alsoLinkedTo ? [app.id, alsoLinkedTo] : [app.id]);
  const [profile] = await t.db
    .insert(profiles)
    .values({ name: `p${made}`, addressEnc: 'sealed', operator: 'mci', protocol: 'vless', serverId: server })
    .returning({ id: profiles.id });
  const phone = await t.app.inject({
    method: 'POST',
    url: api('apps/addDevice'),
    headers: { appapikey: app.apiKey },
    payload: { uniqueDeviceId: `matrix-${made}`, fcmToken: `fcm-${made}`, appVersionCode: 2 },
  });
  expect(phone.statusCode).toBe(200);
  const [active] = await t.db.select({ id: appVersions.id }).from(appVersions).where(eq(appVersions.appId, app.id));
  const [blocked] = await t.db.insert(appVersions).values({ appId: app.id, appVersion: '1', status: false }).returning({ id: appVersions.id });
  // A mirror on a closed loopback port: its test call fails at once, and nothing publishes here.
  const [mirror] = await t.db
    .insert(appMirrors)
    .values({ appId: app.id, url: MIRROR_URL, branch: 'main', path: 'b.json', tokenSealed: t.app.secrets.seal('t0ken', mirrorTokenContext(app.id)) })
    .returning({ id: appMirrors.id });
  const [subscription] = await t.db
    .insert(subscriptions)
    .values({ label: `s${made}`, serverId: server, tokenHash: `hash-${made}` })
    .returning({ id: subscriptions.id });
  return {
    app: app.id,
    server,
    profile: profile.id,
    device: phone.json().data.id,
    activeVersion: active.id,
    blockedVersion: blocked.id,
    subscription: subscription.id,
    mirror: mirror.id,
  };
}

/** Every row the fixture's records are made of, to compare before and after a refused call. */
async function rows(fx: Fixture) {
  return {
    app: await t.db.select().from(apps).where(eq(apps.id, fx.app)),
    server: await t.db.select().from(servers).where(eq(servers.id, fx.server)),
    links: await t.db.select().from(serverApps).where(eq(serverApps.serverId, fx.server)).orderBy(serverApps.appId),
    profiles: await t.db.select().from(profiles).where(eq(profiles.serverId, fx.server)).orderBy(profiles.id),
    device: await t.db.select().from(devices).where(eq(devices.id, fx.device)),
    versions: await t.db
      .select()
      .from(appVersions)
      .where(inArray(appVersions.appId, [fx.app]))
      .orderBy(appVersions.id),
  };
}

interface Sample {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

/** One valid call per changing route of the access table, on a fixture's records. */
const SAMPLES: Record<string, (fx: Fixture) => Sample> = {
  'PUT /api/v1/apps/updateServer/:id': (fx) => ({
    url: `apps/updateServer/${fx.server}`,
    payload: { appId: [fx.app], countryId: country, ip: 'attacker.example.net', username: null, port: 22, password: '' },
  }),
  'DELETE /api/v1/apps/destroyServer/:id': (fx) => ({ url: `apps/destroyServer/${fx.server}` }),
  'POST /api/v1/apps/destroyMultipleServers': (fx) => ({ url: 'apps/destroyMultipleServers', payload: { ids: [fx.server] } }),
  'POST /api/v1/apps/addProfile': (fx) => ({
    url: 'apps/addProfile',
    payload: { name: 'Injected', address: VLESS, operator: 'mci', protocol: 'vless', type: 'normal', serverId: fx.server },
  }),
  'PUT /api/v1/apps/updateProfile/:id': (fx) => ({
    url: `apps/updateProfile/${fx.profile}`,
    payload: { name: 'Rewritten', address: VLESS, operator: 'mci', protocol: 'vless', serverId: fx.server },
  }),
  'DELETE /api/v1/apps/destroyProfile/:id': (fx) => ({ url: `apps/destroyProfile/${fx.profile}` }),
  'POST /api/v1/apps/destroyMultipleProfiles': (fx) => ({ url: 'apps/destroyMultipleProfiles', payload: { ids: [fx.profile] } }),
  'POST /api/v1/apps/group/addProfiles': (fx) => {
    const form = multipart({
      serverId: String(fx.server),
      csvFile: { filename: 'p.csv', contentType: 'text/csv', content: `address,name,protocol,type\n${VLESS},Imported,vless,normal\n` },
    });
    return { url: 'apps/group/addProfiles', payload: form.payload, headers: form.headers };
  },
  'POST /api/v1/apps/showAds/:id': (fx) => ({ url: `apps/showAds/${fx.app}`, payload: { key: 'adMob', state: true } }),
  'POST /api/v1/apps/updateSettingsAdmob/:id': (fx) => ({ url: `apps/updateSettingsAdmob/${fx.app}`, payload: { adMobActive: true } }),
  'POST /api/v1/apps/robotApiKey/:id': (fx) => ({ url: `apps/robotApiKey/${fx.app}` }),
  'POST /api/v1/apps/updateSettings/:id': (fx) => ({ url: `apps/updateSettings/${fx.app}`, payload: { updateText: 'به‌روزرسانی کنید' } }),
  'PUT /api/v1/apps/updateApp/:id': (fx) => ({
    url: `apps/updateApp/${fx.app}`,
    payload: {
      name: 'Hijacked',
      packageName: `com.example.hijacked${fx.app}`,
      sign: 's',
      adminId: owner.id,
      cppSign: null,
      firebaseConfig: null,
      email: null,
      description: null,
    },
  }),
  'PUT /api/v1/apps/changeStatus/:id/:state': (fx) => ({ url: `apps/changeStatus/${fx.app}/false` }),
  'DELETE /api/v1/apps/destroy/:id': (fx) => ({ url: `apps/destroy/${fx.app}` }),
  'POST /api/v1/apps/addDevice': (fx) => ({ url: 'apps/addDevice', payload: { appId: fx.app, uniqueDeviceId: `staff-${fx.app}`, fcmToken: 'fcm-staff' } }),
  'PUT /api/v1/apps/updateDevice/:id': (fx) => ({
    url: `apps/updateDevice/${fx.device}`,
    payload: { appId: fx.app, uniqueDeviceId: `moved-${fx.device}`, fcmToken: 'fcm-moved', model: null, appVersionCode: null },
  }),
  'DELETE /api/v1/apps/destroyDevice/:id': (fx) => ({ url: `apps/destroyDevice/${fx.device}` }),
  'POST /api/v1/apps/versionBlock': (fx) => ({ url: 'apps/versionBlock', payload: { appId: fx.app, appVersion: 9 } }),
  'DELETE /api/v1/apps/version/:id': (fx) => ({ url: `apps/version/${fx.activeVersion}` }),
  'DELETE /api/v1/apps/versionBlock/:id': (fx) => ({ url: `apps/versionBlock/${fx.blockedVersion}` }),
  'POST /api/v1/apps/wordEncryption': (fx) => ({ url: 'apps/wordEncryption', payload: { appId: fx.app, word: 'example.com' } }),
  'POST /api/v1/apps/decryptDomain/:appId': (fx) => ({ url: `apps/decryptDomain/${fx.app}` }),
  'POST /api/v1/apps/bundleKeys/:appId/rotate': (fx) => ({ url: `apps/bundleKeys/${fx.app}/rotate` }),
  'POST /api/v1/apps/profileHealth/show': (fx) => ({ url: 'apps/profileHealth/show', payload: { appId: fx.app, profileId: fx.profile, operator: 'mci' } }),
  'POST /api/v1/apps/subscriptions': (fx) => ({ url: 'apps/subscriptions', payload: { serverId: fx.server, label: 'matrix' } }),
  'DELETE /api/v1/apps/subscriptions/:id': (fx) => ({ url: `apps/subscriptions/${fx.subscription}` }),
  'POST /api/v1/apps/bundleSettings/:appId': (fx) => ({ url: `apps/bundleSettings/${fx.app}`, payload: { apiBases: ['https://attacker.example.net/api/v1'] } }),
  'POST /api/v1/apps/mirrors/:appId': (fx) => ({
    url: `apps/mirrors/${fx.app}`,
    payload: { url: MIRROR_URL, branch: 'main', path: 'x.json', token: 'attacker' },
  }),
  'PUT /api/v1/apps/mirrors/:appId/:mirrorId': (fx) => ({
    url: `apps/mirrors/${fx.app}/${fx.mirror}`,
    payload: { url: MIRROR_URL, branch: 'evil', path: 'x.json' },
  }),
  'DELETE /api/v1/apps/mirrors/:appId/:mirrorId': (fx) => ({ url: `apps/mirrors/${fx.app}/${fx.mirror}` }),
  'POST /api/v1/apps/mirrors/:appId/:mirrorId/publish': (fx) => ({ url: `apps/mirrors/${fx.app}/${fx.mirror}/publish` }),
  'POST /api/v1/apps/mirrors/:appId/:mirrorId/test': (fx) => ({ url: `apps/mirrors/${fx.app}/${fx.mirror}/test` }),
};

const READS = new Set(['GET', 'HEAD']);
const key = (e: AccessEntry) => `${e.method} ${e.url}`;
const checksOf = (e: AccessEntry): readonly AccessCheck[] => (Array.isArray(e.access) ? (e.access as readonly AccessCheck[]) : []);
const changing = () => t.app.accessTable.filter((e) => !READS.has(e.method) && checksOf(e).length > 0);
/** Routes that change a server or its profiles (reading one, as a subscription made of it does, is no change to it). */
const onServers = (e: AccessEntry) => checksOf(e).some((check) => (check.kind === 'server' || check.kind === 'profile') && check.need !== 'read');

/** The status is one of `allowed`; a failure names the route. */
const expectOneOf = (route: string, status: number, allowed: number[]) =>
  expect({ route, status }).toEqual({ route, status: allowed.includes(status) ? status : `one of ${allowed.join(', ')}` });

async function call(e: AccessEntry, who: Caller, fx: Fixture) {
  const sample = SAMPLES[key(e)](fx);
  return t.app.inject({ method: e.method as 'POST', url: api(sample.url), headers: { ...who.headers, ...sample.headers }, payload: sample.payload as string });
}

describe('the access table', () => {
  it('has a sample for every changing route that acts on records, and declares one for every route with a record in its path', () => {
    expect(
      changing()
        .map(key)
        .filter((k) => !SAMPLES[k]),
    ).toEqual([]);
    expect(Object.keys(SAMPLES).filter((k) => !changing().some((e) => key(e) === k))).toEqual([]);
    // A route under apps/ that names a record in its path says which record it is.
    const undeclared = t.app.accessTable.filter((e) => e.url.startsWith('/api/v1/apps/') && /:\w/.test(e.url) && checksOf(e).length === 0);
    expect(undeclared.map(key)).toEqual([]);
  });

  it('lets the owner and the top admin act, and refuses a stranger with 404 (or 403 by role) leaving every row as it was', async () => {
    const outcomes: Record<string, [number, number, number]> = {};
    for (const e of changing()) {
      const denied = await fixture();
      const before = await rows(denied);
      const strangerRes = await call(e, stranger, denied);
      expectOneOf(key(e), strangerRes.statusCode, [403, 404]);
      expect(await rows(denied)).toEqual(before);
      const ownerRes = await call(e, owner, await fixture());
      const topRes = await call(e, c.top, await fixture());
      outcomes[key(e)] = [ownerRes.statusCode, topRes.statusCode, strangerRes.statusCode];
    }
    for (const [route, [ownerStatus, topStatus]] of Object.entries(outcomes)) {
      // The top admin may do everything; the owner everything their role allows (403 is the role's rule, not ownership).
      expect({ route, topStatus }).toEqual({ route, topStatus: 200 });
      expectOneOf(route, ownerStatus, [200, 403]);
    }
    // The owner's role (an app admin) may change its own servers, profiles, devices and versions.
    const ownerRefused = Object.entries(outcomes)
      .filter(([, [o]]) => o === 403)
      .map(([route]) => route);
    expect(ownerRefused.filter((route) => /Server|Profile|Device|version/.test(route))).toEqual([]);
  });

  it('refuses the co-owner of a shared server every change to it and its profiles (409 SERVER_SHARED), and lets the top admin', async () => {
    const coOwnedApp = await seedApp(t, coOwner.id);
    const tried: string[] = [];
    for (const e of changing().filter(onServers)) {
      tried.push(key(e));
      // The owner of the records is the co-owner here: the server is also linked to another admin's app.
      const shared = await fixture(coOwnedApp.id);
      const before = await rows(shared);
      const res = await call(e, owner, shared);
      expect({ route: key(e), status: res.statusCode, code: res.json().code }).toEqual({ route: key(e), status: 409, code: 'SERVER_SHARED' });
      expect(await rows(shared)).toEqual(before);
      expect({ route: key(e), status: (await call(e, c.top, await fixture(coOwnedApp.id))).statusCode }).toEqual({ route: key(e), status: 200 });
    }
    expect(tried.length).toBeGreaterThanOrEqual(8);
  });

  it('still lets a co-owner unlink their app from a shared server, sending its fields as stored', async () => {
    const coOwnedApp = await seedApp(t, coOwner.id);
    const fx = await fixture(coOwnedApp.id);
    const [stored] = await t.db.select().from(servers).where(eq(servers.id, fx.server));
    const unlink = { appId: [], countryId: stored.countryId, ip: stored.ip, username: stored.username, port: stored.port, password: '' };
    const res = await t.call(owner.token, 'PUT', `apps/updateServer/${fx.server}`, unlink);
    expect(res.statusCode).toBeLessThan(300);
    expect((await t.db.select().from(serverApps).where(eq(serverApps.serverId, fx.server))).map((l) => l.appId)).toEqual([coOwnedApp.id]);
    // The same unlink with one field changed is a change of a shared server.
    const fx2 = await fixture(coOwnedApp.id);
    const [stored2] = await t.db.select().from(servers).where(eq(servers.id, fx2.server));
    const sneaky = { appId: [], countryId: stored2.countryId, ip: 'attacker.example.net', username: stored2.username, port: stored2.port, password: '' };
    expect((await t.call(owner.token, 'PUT', `apps/updateServer/${fx2.server}`, sneaky)).json().code).toBe('SERVER_SHARED');
  });
});
