// GET apps/client/config and apps/client/privacy (docs/product.md §7 "Mobile apps"), on both engines: the key and query
// rules (401, 403 APP_INACTIVE, 409 APP_KEYS_MISSING, 400), the answer's fields with each profile
// encrypted like apps/wordEncryption, no secret anywhere, the strong ETag and 304, every kind of
// panel change visible on the very next call, answers served from memory between changes, two
// instances on one database staying coherent, and lastSeenAt written in batches.
import { and, eq, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { buildApp } from '../../../server/src/app';
import type { DbHandle } from '../../../server/src/db/client';
import { appSettings, devices, servers } from '../../../server/src/db/schema';
import { decryptWord } from '../../../server/src/domain/word-crypto';
import { createTestApp, isPostgresMode, type TestApp } from '../helpers/test-app';
import { multipart } from '../helpers/multipart';
import { api, callers, makeApp, type Callers } from '../helpers/seed';

const UUID = '3f1c9a6e-2b4d-4c8e-9f7a-1d2e3f4a5b6c';
const VLESS = `vless://${UUID}@cdn.example.com:443?encryption=none&security=tls&sni=cdn.example.com&type=ws&path=%2Fws#WS-TLS`;
const VMESS =
  'vmess://' +
  Buffer.from(
    JSON.stringify({ v: '2', ps: 'vm', add: 'vm.example.org', port: '2053', id: UUID, net: 'ws', path: '/vm', tls: 'tls', sni: 'vm.example.org' }),
  ).toString('base64');
const SERVER_PASSWORD = 'S3rver-Pa55word-xyz';
const SERVER_USER = 'rootuser-qq';

let t: TestApp;
let c: Callers;
let theApp: { id: number; apiKey: string; name: string; packageName: string };
let keys: { newCoreKey: string; newCoreIv: string; cppKey: string; cppIv: string };
let countryDe: number;
let countryFr: number;
let serverId: number;
let vlessId: number;
let vmessId: number;

const config = (query = 'versionCode=10', headers: Record<string, string> = {}, target = t) =>
  target.app.inject({ method: 'GET', url: api(`apps/client/config?${query}`), headers: { appapikey: theApp.apiKey, ...headers } });
const asTop = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
  t.app.inject({ method, url: api(path), headers: c.top.headers, ...(payload && { payload }) });
async function ok(res: { statusCode: number; body: string }) {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return JSON.parse(res.body);
}

beforeAll(async () => {
  t = await createTestApp();
  c = await callers(t);
  theApp = await makeApp(t, c, c.owner);
  const detail = await ok(await asTop('GET', `apps/getApp/${theApp.id}`));
  keys = detail.data.settings;
  const countries = (await ok(await asTop('GET', 'apps/countries'))).data as { id: number; code: string }[];
  countryDe = countries.find((x) => x.code === 'DE')!.id;
  countryFr = countries.find((x) => x.code === 'FR')!.id;
  const server = await ok(
    await asTop('POST', 'apps/addServer', {
      appId: [theApp.id],
      countryId: countryDe,
      ip: '10.1.2.3',
      username: SERVER_USER,
      password: SERVER_PASSWORD,
      port: 2222,
    }),
  );
  serverId = server.data.id;
  vlessId = (
    await ok(await asTop('POST', 'apps/addProfile', { name: 'P-vless', address: VLESS, operator: 'mci', protocol: 'vless', type: 'normal', serverId }))
  ).data.id;
  vmessId = (
    await ok(await asTop('POST', 'apps/addProfile', { name: 'P-vmess', address: VMESS, operator: 'irancell', protocol: 'vmess', type: 'smart', serverId }))
  ).data.id;
});

afterAll(async () => {
  await t.close();
});

describe('who may call and with what', () => {
  it('401 without a key or with an unknown one, before looking at the query', async () => {
    const none = await t.app.inject({ method: 'GET', url: api('apps/client/config?versionCode=1') });
    expect(none.statusCode).toBe(401);
    const unknown = await t.app.inject({ method: 'GET', url: api('apps/client/config?operator=bad'), headers: { appapikey: 'f'.repeat(64) } });
    expect(unknown.statusCode).toBe(401);
  });

  it('400 on a bad query', async () => {
    for (const q of ['', 'versionCode=abc', 'versionCode=1.5', 'versionCode=-1', 'versionCode=1&operator=mtn', 'versionCode=1&lang=de']) {
      const res = await config(q);
      expect({ q, status: res.statusCode }).toEqual({ q, status: 400 });
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('403 APP_INACTIVE while the app is inactive', async () => {
    await ok(await asTop('PUT', `apps/changeStatus/${theApp.id}/false`));
    try {
      const res = await config();
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('APP_INACTIVE');
    } finally {
      await ok(await asTop('PUT', `apps/changeStatus/${theApp.id}/true`));
    }
    expect((await config()).statusCode).toBe(200);
  });

  it('409 APP_KEYS_MISSING when the app has no newCoreKey/newCoreIv: no plain link is ever sent', async () => {
    const other = await makeApp(t, c, c.owner);
    await t.db.insert(servers).values({ ip: '10.9.9.9', countryId: countryDe, port: 22 });
    await t.db.update(appSettings).set({ newCoreKey: null }).where(eq(appSettings.appId, other.id));
    const res = await t.app.inject({ method: 'GET', url: api('apps/client/config?versionCode=1'), headers: { appapikey: other.apiKey } });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('APP_KEYS_MISSING');
  });
});

describe('the answer', () => {
  it('carries the app, update, settings, ads, operators and the servers with encrypted profiles', async () => {
    const res = await config('versionCode=10&lang=en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const { data } = res.json();
    expect(data.app).toEqual({ name: theApp.name, packageName: theApp.packageName });
    expect(data.update).toEqual({ appVersion: expect.any(Number), forceUpdate: false, blocked: false, text: null, storeLink: null });
    expect(data.settings).toMatchObject({ connectDelay: expect.any(Number), configsActive: true, detectLocationBy: 'Timezone', selectedCountries: [] });
    expect(Object.keys(data.ads.slots).sort()).toEqual([
      'appOpen',
      'intCon',
      'intDis',
      'rew',
      'rew2',
      'rewIntCon',
      'rewIntDis',
      'rewIntServerlist',
      'smartIntCon',
      'smartIntDis',
    ]);
    expect(data.operators).toEqual({ irancell: expect.any(String), mci: expect.any(String), wifi: expect.any(String), others: expect.any(String) });
    expect(data.privacyUrl).toBe('/api/v1/apps/client/privacy?lang=en');
    expect(data.servers).toHaveLength(1);
    const [srv] = data.servers;
    expect(srv).toEqual({ id: serverId, country: { code: 'DE', name: expect.any(String) }, flagUrl: '/api/v1/flags/de.svg', profiles: expect.any(Array) });
    expect(srv.profiles.map((p: { id: number }) => p.id)).toEqual([vlessId, vmessId]);
    const [pv, pm] = srv.profiles;
    expect(pv).toEqual({ id: vlessId, name: 'P-vless', protocol: 'vless', type: 'normal', operator: 'mci', config: expect.any(String) });
    expect(pm).toMatchObject({ id: vmessId, protocol: 'vmess', type: 'smart', operator: 'irancell' });
    // Exactly what apps/wordEncryption answers for the same text, and it decrypts to the stored link.
    expect(decryptWord(pv.config, keys.newCoreKey, keys.newCoreIv)).toBe(VLESS);
    expect(decryptWord(pm.config, keys.newCoreKey, keys.newCoreIv)).toBe(VMESS);
    const viaPanel = await ok(await asTop('POST', 'apps/wordEncryption', { appId: theApp.id, word: VLESS }));
    expect(JSON.stringify(viaPanel)).toContain(pv.config);
  });

  it('filters profiles by operator and picks the update text by language', async () => {
    await ok(await asTop('POST', `apps/updateSettings/${theApp.id}`, { updateText: 'به‌روزرسانی', englishUpdateText: 'Please update' }));
    const mci = (await config('versionCode=10&operator=mci')).json().data;
    expect(mci.servers[0].profiles.map((p: { id: number }) => p.id)).toEqual([vlessId]);
    expect(mci.update.text).toBe('به‌روزرسانی');
    const wifi = (await config('versionCode=10&operator=wifi&lang=en')).json().data;
    expect(wifi.servers[0].profiles).toEqual([]);
    expect(wifi.update.text).toBe('Please update');
  });

  it('never carries a secret: keys, robot key, robotIp, repoName, server credentials or a plain link', async () => {
    await ok(await asTop('POST', `apps/updateSettings/${theApp.id}`, { robotIp: '203.0.113.77', repoName: 'secret-org/secret-repo' }));
    const robot = await ok(await asTop('POST', `apps/updateSettings/${theApp.id}`, { robotApiKey: true }));
    const bodies = [(await config('versionCode=10')).body, (await config('versionCode=10&operator=mci&lang=en')).body];
    for (const body of bodies) {
      for (const secret of [
        keys.newCoreKey,
        keys.newCoreIv,
        keys.cppKey,
        keys.cppIv,
        robot.data.robotApiKey,
        '203.0.113.77',
        'secret-repo',
        SERVER_PASSWORD,
        SERVER_USER,
        '2222',
        UUID,
        'cdn.example.com',
        'vless://',
        'vmess://',
      ]) {
        expect(secret && body.includes(secret) ? secret : null).toBeNull();
      }
      expect(body).not.toMatch(/newCoreKey|newCoreIv|cppKey|cppIv|robotApiKey|robotIp|repoName|password|username/);
    }
  });
});

describe('caching', () => {
  it('has a strong ETag and caching headers, and answers 304 with no body to If-None-Match', async () => {
    const first = await config();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.vary).toMatch(/appapikey/i);
    const again = await config('versionCode=10', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await config('versionCode=10', { 'if-none-match': `"x", W/${etag}` })).statusCode).toBe(304);
    expect((await config('versionCode=10', { 'if-none-match': '"other"' })).statusCode).toBe(200);
    // Another choice is another body, hence another tag.
    expect((await config('versionCode=10&operator=mci')).headers.etag).not.toBe(etag);
  });

  it('builds once per config version and serves from memory until it changes', async () => {
    await config();
    const before = t.app.clientConfig.cache.builds;
    for (let i = 0; i < 5; i++) await config(i % 2 ? 'versionCode=10&operator=mci' : 'versionCode=11&lang=en');
    expect(t.app.clientConfig.cache.builds).toBe(before);
    await ok(await asTop('POST', `apps/updateSettings/${theApp.id}`, { connectDelay: 7 }));
    await config();
    await config('versionCode=10&operator=mci');
    expect(t.app.clientConfig.cache.builds).toBe(before + 1);
  });
});

describe('freshness: every kind of change is in the very next answer', () => {
  const data = async (q = 'versionCode=10') => (await config(q)).json().data;

  it('settings', async () => {
    await data();
    await ok(await asTop('POST', `apps/updateSettings/${theApp.id}`, { connectDelay: 13, selectedCountries: 'DE,FR' }));
    const d = await data();
    expect(d.settings.connectDelay).toBe(13);
    expect(d.settings.selectedCountries).toEqual(['DE', 'FR']);
  });

  it('ads: the master and a slot', async () => {
    expect((await data()).ads.active).toBe(false);
    await ok(await asTop('POST', `apps/showAds/${theApp.id}`, { key: 'adMob', state: true }));
    await ok(await asTop('POST', `apps/updateSettingsAdmob/${theApp.id}`, { intConActive: true, intConInterval: 45 }));
    let d = await data();
    expect(d.ads.active).toBe(true);
    expect(d.ads.slots.intCon).toMatchObject({ active: true, interval: 45 });
    await ok(await asTop('POST', `apps/showAds/${theApp.id}`, { key: 'adMob', state: false }));
    d = await data();
    expect(d.ads.active).toBe(false);
    expect(Object.values(d.ads.slots).every((s) => !(s as { active: boolean }).active)).toBe(true);
  });

  it('blocked versions', async () => {
    expect((await data('versionCode=42')).update.blocked).toBe(false);
    await ok(await asTop('POST', 'apps/versionBlock', { appId: theApp.id, appVersion: 42 }));
    expect((await data('versionCode=42')).update.blocked).toBe(true);
    expect((await data('versionCode=43')).update.blocked).toBe(false);
    const versions = (await ok(await asTop('GET', `apps/versionBlock/${theApp.id}`))).data as { id: number; appVersion: number; status: boolean }[];
    const blocked = versions.find((v) => v.appVersion === 42 && !v.status)!;
    await ok(await asTop('DELETE', `apps/versionBlock/${blocked.id}`));
    expect((await data('versionCode=42')).update.blocked).toBe(false);
  });

  it('operator names', async () => {
    await data();
    await ok(
      await asTop('POST', 'apps/settings/operators', {
        wifiOperatorName: 'WiFi-X',
        mciOperatorName: 'MCI-X',
        irancellOperatorName: 'MTN-X',
        othersOperatorName: 'Other-X',
      }),
    );
    expect((await data()).operators).toEqual({ wifi: 'WiFi-X', mci: 'MCI-X', irancell: 'MTN-X', others: 'Other-X' });
  });

  it('the privacy policy: its page, and the config version moves', async () => {
    const before = (await t.repos.clientConfig.versionOf(theApp.id))!.version;
    await ok(await asTop('POST', 'apps/setPrivacy', { privacy: '<p>Policy one</p><script>alert(1)</script>' }));
    expect((await t.repos.clientConfig.versionOf(theApp.id))!.version).toBeGreaterThan(before);
    const page = await t.app.inject({ method: 'GET', url: api('apps/client/privacy?lang=en') });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<p>Policy one</p>');
    expect(page.body).not.toContain('<script');
    expect(page.body).toMatch(/<html lang="en" dir="ltr">/);
    expect((await t.app.inject({ method: 'GET', url: api('apps/client/privacy') })).body).toMatch(/<html lang="fa" dir="rtl">/);
    const again = await t.app.inject({ method: 'GET', url: api('apps/client/privacy?lang=en'), headers: { 'if-none-match': page.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    await ok(await asTop('POST', 'apps/setPrivacy', { privacy: '<p>Policy two</p>' }));
    expect((await t.app.inject({ method: 'GET', url: api('apps/client/privacy?lang=en') })).body).toContain('Policy two');
  });

  it('the app itself (its name)', async () => {
    await data();
    const body = {
      name: 'Renamed App',
      packageName: theApp.packageName,
      sign: 'sign-x',
      adminId: c.owner.id,
      cppSign: null,
      firebaseConfig: null,
      email: null,
      description: null,
    };
    await ok(await asTop('PUT', `apps/updateApp/${theApp.id}`, body));
    expect((await data()).app.name).toBe('Renamed App');
  });

  it('a server of the app (its country)', async () => {
    await data();
    await ok(
      await asTop('PUT', `apps/updateServer/${serverId}`, {
        appId: [theApp.id],
        countryId: countryFr,
        ip: '10.1.2.3',
        username: SERVER_USER,
        password: '',
        port: 2222,
      }),
    );
    expect((await data()).servers[0].country.code).toBe('FR');
  });

  it('profiles: add, edit, delete, CSV import', async () => {
    await data();
    const added = (
      await ok(await asTop('POST', 'apps/addProfile', { name: 'P-new', address: VLESS, operator: 'wifi', protocol: 'vless', type: 'normal', serverId }))
    ).data.id;
    expect((await data()).servers[0].profiles.map((p: { id: number }) => p.id)).toContain(added);
    await ok(await asTop('PUT', `apps/updateProfile/${added}`, { name: 'P-renamed', address: '', operator: 'wifi', protocol: 'vless', serverId }));
    expect((await data()).servers[0].profiles.find((p: { id: number }) => p.id === added).name).toBe('P-renamed');
    await ok(await asTop('DELETE', `apps/destroyProfile/${added}`));
    expect((await data()).servers[0].profiles.map((p: { id: number }) => p.id)).not.toContain(added);

    const csv = `address,name,protocol,type\n"${VLESS}",Csv-1,vless,normal\n`;
    const { payload, headers } = multipart({
      serverId: String(serverId),
      operator: 'others',
      duplicates: 'import',
      csvFile: { filename: 'p.csv', content: csv, contentType: 'text/csv' },
    });
    await ok(await t.app.inject({ method: 'POST', url: api('apps/group/addProfiles'), headers: { ...headers, ...c.top.headers }, payload }));
    expect((await data()).servers[0].profiles.map((p: { name: string }) => p.name)).toContain('Csv-1');
  });

  it('linking and unlinking a server, and deleting one', async () => {
    await data();
    const second = (
      await ok(await asTop('POST', 'apps/addServer', { appId: [theApp.id], countryId: countryDe, ip: '10.7.7.7', username: null, password: null, port: 22 }))
    ).data.id;
    expect((await data()).servers.map((s: { id: number }) => s.id)).toEqual([serverId, second]);
    const other = await makeApp(t, c, c.owner);
    await ok(
      await asTop('PUT', `apps/updateServer/${second}`, { appId: [other.id], countryId: countryDe, ip: '10.7.7.7', username: null, password: null, port: 22 }),
    );
    expect((await data()).servers.map((s: { id: number }) => s.id)).toEqual([serverId]);
    await ok(
      await asTop('PUT', `apps/updateServer/${second}`, {
        appId: [other.id, theApp.id],
        countryId: countryDe,
        ip: '10.7.7.7',
        username: null,
        password: null,
        port: 22,
      }),
    );
    expect((await data()).servers.map((s: { id: number }) => s.id)).toEqual([serverId, second]);
    await ok(await asTop('DELETE', `apps/destroyServer/${second}`));
    expect((await data()).servers.map((s: { id: number }) => s.id)).toEqual([serverId]);
  });

  it('names the last change in the version row', async () => {
    await ok(await asTop('POST', `apps/updateSettings/${theApp.id}`, { connectDelay: 21 }));
    expect((await t.repos.clientConfig.versionOf(theApp.id))!.changedBy).toBe('app_settings:update');
  });
});

describe('two instances on one database', () => {
  let second: { app: TestApp['app']; close(): Promise<void> };

  beforeAll(async () => {
    if (isPostgresMode()) {
      const b = await createTestApp({ database: t.config.database });
      second = { app: b.app, close: () => b.close() };
    } else {
      // One PGlite database belongs to one process: the second instance shares the handle, and
      // still has its own cache, which is what is under test.
      const handle: DbHandle = { db: t.db, kind: 'pglite', migrate: async (_dir, after) => after?.(t.db), close: async () => undefined };
      const b = await buildApp({ config: t.config, db: handle, announce: () => undefined });
      await b.ready();
      second = { app: b, close: () => b.close() };
    }
  });
  afterAll(async () => {
    await second?.close();
  });

  it('a change saved through one is served by the other on its next call, and both agree on the ETag', async () => {
    const viaB = () => config('versionCode=10', {}, { ...t, app: second.app });
    const warmB = await viaB();
    const warmA = await config();
    expect(warmB.headers.etag).toBe(warmA.headers.etag);
    await ok(await asTop('POST', `apps/updateSettings/${theApp.id}`, { disconnectDelay: 99 }));
    const nextB = await viaB();
    expect(nextB.json().data.settings.disconnectDelay).toBe(99);
    expect(nextB.headers.etag).not.toBe(warmB.headers.etag);
    expect((await config()).headers.etag).toBe(nextB.headers.etag);
    // The old tag no longer gets a 304 from B.
    const stale = await second.app.inject({
      method: 'GET',
      url: api('apps/client/config?versionCode=10'),
      headers: { appapikey: theApp.apiKey, 'if-none-match': warmB.headers.etag as string },
    });
    expect(stale.statusCode).toBe(200);
  });
});

describe('lastSeenAt', () => {
  it('is written in batches, not once per call', async () => {
    const reg = await t.app.inject({
      method: 'POST',
      url: api('apps/addDevice'),
      headers: { appapikey: theApp.apiKey },
      payload: { uniqueDeviceId: 'dev-seen-1', fcmToken: 'fcm-token-1' },
    });
    expect(reg.statusCode).toBe(200);
    const seenOf = async () =>
      (
        await t.db
          .select({ at: devices.lastSeenAt })
          .from(devices)
          .where(and(eq(devices.appId, theApp.id), eq(devices.uniqueDeviceId, 'dev-seen-1')))
      )[0].at;
    await t.app.clientConfig.flushSeen();
    expect(await seenOf()).toBeNull();
    // What the database is sent: the UPDATEs of last_seen_at, each with the devices it touches.
    const spy = jest.spyOn(t.db, 'execute');
    const dialect = new PgDialect();
    const touches = () => spy.mock.calls.map(([q]) => dialect.sqlToQuery(q as SQL)).filter((q) => /UPDATE devices d SET last_seen_at/.test(q.sql));
    try {
      for (let i = 0; i < 10; i++) expect((await config('versionCode=10&deviceId=dev-seen-1')).statusCode).toBe(200);
      await config('versionCode=10&deviceId=unknown-device');
      expect(touches()).toHaveLength(0);
      await t.app.clientConfig.flushSeen();
      expect(touches()).toHaveLength(1);
      // one entry per device seen, however many calls it made: the app ids and the device ids side by side
      expect(touches()[0].params).toEqual([`{"${theApp.id}","${theApp.id}"}`, '{"dev-seen-1","unknown-device"}']);
      const at = await seenOf();
      expect(at).toBeInstanceOf(Date);
      expect(Date.now() - at!.getTime()).toBeLessThan(60_000);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('compression', () => {
  it('sends the body brotli- or gzip-compressed once per variant, and the same bytes every time', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const plain = await config('versionCode=10');
    const br1 = await config('versionCode=10', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br1.headers['content-encoding']).toBe('br');
    expect(br1.headers.etag).toBe(plain.headers.etag);
    expect(brotliDecompressSync(br1.rawPayload).toString('utf8')).toBe(plain.body);
    const br2 = await config('versionCode=10', { 'accept-encoding': 'br' });
    expect(br2.rawPayload.equals(br1.rawPayload)).toBe(true);
    const gz = await config('versionCode=10', { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });
});

describe('what the app receives (the panel tab)', () => {
  const preview = (headers: Record<string, string>, q = 'lang=en&operator=mci') =>
    t.app.inject({ method: 'GET', url: api(`apps/clientConfigPreview/${theApp.id}?${q}`), headers });

  it('shows role_id 1 the decoded config with readable links, and the history of changes', async () => {
    await ok(await asTop('POST', `apps/updateSettings/${theApp.id}`, { connectDelay: 31 }));
    const res = await preview(c.top.headers);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.keysMissing).toBe(false);
    expect(data.config.settings.connectDelay).toBe(31);
    const mine = data.config.servers.find((s: { id: number }) => s.id === serverId);
    expect(mine.profiles.find((p: { id: number }) => p.id === vlessId)).toEqual({
      id: vlessId,
      name: 'P-vless',
      protocol: 'vless',
      type: 'normal',
      operator: 'mci',
      link: VLESS,
    });
    expect(mine.profiles.every((p: { operator: string }) => p.operator === 'mci')).toBe(true);
    expect(data.version).toEqual({ version: expect.any(Number), changedAt: expect.any(String), changedBy: 'app_settings:update' });
    expect(data.history[0]).toEqual({ version: data.version.version, changedAt: data.version.changedAt, changedBy: 'app_settings:update' });
    expect(data.history.length).toBeGreaterThan(3);
    expect(data.history[1].version).toBeLessThan(data.history[0].version);
  });

  it("hides the links from the app's own admin and refuses other admins", async () => {
    const own = await preview(c.owner.headers);
    expect(own.statusCode).toBe(200);
    const profiles = own.json().data.config.servers.flatMap((s: { profiles: unknown[] }) => s.profiles) as { link: string | null }[];
    expect(profiles.length).toBeGreaterThan(0);
    expect(profiles.every((p) => p.link === null)).toBe(true);
    expect(own.body).not.toContain('vless://');
    expect((await preview(c.other.headers)).statusCode).toBe(404);
  });
});
