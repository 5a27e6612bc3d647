// docs/product.md §7 POST apps/updateSettings/{id} against a real app: the docs/product.md §6 rights (403 on each role_id
// 1-only field), ownership, the robot API key shown once and stored hashed, the encrypted
// source-host URLs that follow repoName and the core key, and the version record of appVersion.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { EVERYONE_SETTINGS, SOURCE_HOSTS, TOP_ADMIN_ONLY_SETTINGS } from '../../../src/contract';
import { appSettings, appVersions, apps } from '../../../server/src/db/schema';
import { decryptWord, sourceHostUrls } from '../../../server/src/domain/word-crypto';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { api, callers, makeApp, type Caller, type Callers } from '../helpers/seed';

let t: TestApp;
let c: Callers;
beforeAll(async () => {
  t = await createTestApp();
  c = await callers(t);
});
afterAll(() => t?.close());

const save = (id: number, who: Caller, payload: object) =>
  t.app.inject({ method: 'POST', url: api(`apps/updateSettings/${id}`), headers: who.headers, payload });
const settingsOf = async (id: number, who: Caller = c.top) =>
  (await t.app.inject({ method: 'GET', url: api(`apps/getApp/${id}`), headers: who.headers })).json().data.settings;
const storedRow = async (id: number) => (await t.db.select().from(appSettings).where(eq(appSettings.appId, id)))[0];
const appRow = async (id: number) => (await t.db.select().from(apps).where(eq(apps.id, id)))[0];

/** A valid value, different from the default, for every role_id 1-only field. */
const TOP_ONLY_VALUES: Record<(typeof TOP_ADMIN_ONLY_SETTINGS)[number], unknown> = {
  instagram: '@acme',
  telegram: 'https://t.me/acme',
  youtube: 'https://youtube.com/@acme',
  googlePlayLink: 'https://play.google.com/store/apps/details?id=com.acme',
  adsForceByVPN: true,
  adsForceByVPNInForeign: true,
  adsForceByVPNInIran: true,
  configsActive: false,
  autoConnect: true,
  delaySmart: 7,
  detectLocationBy: 'IP',
  activeEncryptSetting: true,
  connectionPing: 150,
  autoConnectPing: 250,
  clickToContinue: true,
  dnsServer: '1.1.1.1',
  foreignSmart: true,
  repoName: 'acme/vpn-config',
  restartTimeLimit: 60,
  restartTimeLimitEnabled: true,
  robotIp: '10.1.2.3',
  loadSmartTogether: true,
  selectedCountries: 'IR,DE',
  blockedCountries: 'US',
  newCoreKey: 'K'.repeat(32),
  newCoreIv: 'I'.repeat(16),
  staticConfigDelay: 9,
  cppKey: 'cpp-key',
  cppIv: 'cpp-iv',
  hideFailing: true,
  healthWindowMinutes: 60,
  healthMinDevices: 3,
  healthWorkingPercent: 90,
  healthFailingPercent: 30,
  healthProbationMinutes: 15,
  alertWebhookUrl: 'https://hooks.example.com/alerts',
  alertWebhookSecret: 'hook-secret-1',
  robotApiKey: true,
};

/** Values every role may set (docs/product.md §6's list plus the four fields the contract adds). */
const EVERYONE_VALUES: Record<(typeof EVERYONE_SETTINGS)[number], unknown> = {
  email: 'support@example.com',
  UserConnectionLimit: 5400,
  connectDelay: 2,
  disconnectDelay: 3,
  policyLink: 'https://example.com/policy',
  aboutLink: 'https://example.com/about',
  appVersion: 2.15,
  forceUpdate: true,
  activeBlockVersion: true,
  updateText: 'نسخه جدید',
  englishUpdateText: 'New version',
  blockVersion: 1.9,
  smartActive: true,
};

describe('rights', () => {
  it('lets app admins and role_id 5 change every field docs/product.md §6 leaves editable, on their own apps', async () => {
    for (const who of [c.owner, c.restricted]) {
      const app = await makeApp(t, c, who);
      const res = await save(app.id, who, EVERYONE_VALUES);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      expect(await settingsOf(app.id, who)).toMatchObject(EVERYONE_VALUES);
    }
  });

  it.each(TOP_ADMIN_ONLY_SETTINGS.map((f) => [f]))('refuses %s to everyone but role_id 1 (403 naming it, nothing changed)', async (field) => {
    const app = await makeApp(t, c, c.owner);
    const restrictedApp = await makeApp(t, c, c.restricted);
    const before = await storedRow(app.id);
    for (const [who, id] of [
      [c.owner, app.id],
      [c.restricted, restrictedApp.id],
    ] as const) {
      // an allowed field alongside must not be saved either
      const res = await save(id, who, { [field]: TOP_ONLY_VALUES[field], connectDelay: 42 });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
      expect(res.json().message).toContain(field);
    }
    expect(await storedRow(app.id)).toEqual(before);
    expect((await appRow(app.id)).robotApiKeyHash).toBeNull();
    expect((await appRow(app.id)).repoName).toBeNull();
  });

  it('names every refused field at once', async () => {
    const app = await makeApp(t, c, c.owner);
    const res = await save(app.id, c.owner, { instagram: '@x', dnsServer: '8.8.8.8', appVersion: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/instagram, dnsServer/);
  });

  it('lets role_id 1 set every field at once', async () => {
    const app = await makeApp(t, c, c.owner);
    const res = await save(app.id, c.top, { ...TOP_ONLY_VALUES, ...EVERYONE_VALUES });
    expect(res.statusCode).toBe(200);
    const { robotApiKey: _action, ...stored } = TOP_ONLY_VALUES;
    expect(await settingsOf(app.id)).toMatchObject({ ...stored, ...EVERYONE_VALUES });
  });

  it("answers 404 on another admin's app and on a missing app, changing nothing", async () => {
    const others = await makeApp(t, c, c.other);
    const before = await storedRow(others.id);
    for (const who of [c.owner, c.restricted]) expect((await save(others.id, who, { connectDelay: 5 })).statusCode).toBe(404);
    expect(await storedRow(others.id)).toEqual(before);
    expect((await save(999999, c.top, { connectDelay: 5 })).statusCode).toBe(404);
  });
});

describe('validation', () => {
  it('keeps the failing threshold below the working one, against the stored value when only one is sent', async () => {
    const app = await makeApp(t, c, c.owner);
    const both = await save(app.id, c.top, { healthWorkingPercent: 50, healthFailingPercent: 50 });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors).toEqual({ healthFailingPercent: 'validation.belowWorking' });
    // The stored working threshold is 80: a failing one of 85 alone is refused, 70 is kept.
    expect((await save(app.id, c.top, { healthFailingPercent: 85 })).statusCode).toBe(400);
    expect((await save(app.id, c.top, { healthFailingPercent: 70 })).statusCode).toBe(200);
    expect((await save(app.id, c.top, { healthWorkingPercent: 60 })).json().errors).toEqual({ healthFailingPercent: 'validation.belowWorking' });
    expect(await settingsOf(app.id)).toMatchObject({ healthWorkingPercent: 80, healthFailingPercent: 70 });
  });

  it('refuses bad values with 400 naming each field', async () => {
    const app = await makeApp(t, c, c.owner);
    const res = await save(app.id, c.top, {
      appVersion: 1.234,
      connectDelay: -1,
      detectLocationBy: 'GPS',
      UserConnectionLimit: 1.5,
      newCoreKey: 'short',
      robotIp: 'not-an-ip',
      aboutLink: 'javascript:alert(1)',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      appVersion: 'validation.step',
      connectDelay: 'validation.min',
      detectLocationBy: 'validation.oneOf',
      UserConnectionLimit: 'validation.integer',
      newCoreKey: 'validation.length',
      robotIp: 'validation.ip',
      aboutLink: 'validation.url',
    });
  });

  it('accepts only known country codes, normalised', async () => {
    const app = await makeApp(t, c, c.owner);
    const bad = await save(app.id, c.top, { selectedCountries: 'IR,ZZ', blockedCountries: 'QQ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ selectedCountries: 'validation.countryCodes', blockedCountries: 'validation.countryCodes' });
    expect((await save(app.id, c.top, { selectedCountries: ' ir , de ', blockedCountries: '' })).statusCode).toBe(200);
    expect(await settingsOf(app.id)).toMatchObject({ selectedCountries: 'IR,DE', blockedCountries: '' });
  });

  it('changes only the fields sent, and an empty body changes nothing', async () => {
    const app = await makeApp(t, c, c.owner);
    await save(app.id, c.top, { connectDelay: 4, aboutLink: 'https://example.com/a' });
    const before = await settingsOf(app.id);
    expect((await save(app.id, c.owner, {})).statusCode).toBe(200);
    expect((await save(app.id, c.owner, { disconnectDelay: 8, unknownField: 1 })).statusCode).toBe(200);
    expect(await settingsOf(app.id)).toEqual({ ...before, disconnectDelay: 8 });
    // a blank optional text clears it
    await save(app.id, c.owner, { aboutLink: '' });
    expect((await settingsOf(app.id)).aboutLink).toBeNull();
  });
});

describe('robot API key', () => {
  it('is answered once and stored only as its SHA-256', async () => {
    const app = await makeApp(t, c, c.owner);
    const res = await save(app.id, c.top, { robotApiKey: true });
    expect(res.statusCode).toBe(200);
    const key = res.json().data.robotApiKey as string;
    expect(res.json()).toEqual({ success: true, data: { robotApiKey: key } });
    expect(key).toMatch(/^[0-9a-f]{64}$/);

    const row = await appRow(app.id);
    expect(row.robotApiKeyHash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(JSON.stringify(await t.db.select().from(apps).where(eq(apps.id, app.id)))).not.toContain(key);

    for (const path of [`apps/getApp/${app.id}`, 'apps']) {
      const body = (await t.app.inject({ method: 'GET', url: api(path), headers: c.top.headers })).body;
      expect(body).not.toContain(key);
      expect(body).not.toContain(row.robotApiKeyHash);
    }
    const detail = (await t.app.inject({ method: 'GET', url: api(`apps/getApp/${app.id}`), headers: c.top.headers })).json().data;
    expect(detail.hasRobotApiKey).toBe(true);

    // generating again replaces the key; the old one no longer matches
    const again = (await save(app.id, c.top, { robotApiKey: true })).json().data.robotApiKey;
    expect(again).not.toBe(key);
    expect((await appRow(app.id)).robotApiKeyHash).toBe(createHash('sha256').update(again).digest('hex'));
  });

  it("has a call of its own for role_id 1, refused to the app's own admin", async () => {
    const app = await makeApp(t, c, c.owner);
    const generate = (who: Caller, id = app.id) => t.app.inject({ method: 'POST', url: api(`apps/robotApiKey/${id}`), headers: who.headers });
    const refused = await generate(c.owner);
    expect(refused.statusCode).toBe(403);
    expect((await appRow(app.id)).robotApiKeyHash).toBeNull();

    const settingsBefore = await settingsOf(app.id);
    const res = await generate(c.top);
    expect(res.statusCode).toBe(200);
    const key = res.json().data.robotApiKey as string;
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect((await appRow(app.id)).robotApiKeyHash).toBe(createHash('sha256').update(key).digest('hex'));
    // the settings are untouched by it
    expect(await settingsOf(app.id)).toEqual(settingsBefore);
    expect((await generate(c.top, 999_999)).statusCode).toBe(404);
  });

  it('accepts only true', async () => {
    const app = await makeApp(t, c, c.owner);
    expect((await save(app.id, c.top, { robotApiKey: false })).statusCode).toBe(400);
    expect((await appRow(app.id)).robotApiKeyHash).toBeNull();
  });
});

describe('repoName and the encrypted source-host URLs', () => {
  const decryptAll = (row: Awaited<ReturnType<typeof storedRow>>) =>
    Object.fromEntries(SOURCE_HOSTS.map((h) => [h, decryptWord(row[h] as string, row.newCoreKey!, row.newCoreIv!)]));

  it('stores the repo alone and five values that decrypt to its URLs', async () => {
    const app = await makeApp(t, c, c.owner);
    const res = await save(app.id, c.top, { repoName: 'acme/vpn-config' });
    expect(res.statusCode).toBe(200);
    expect((await appRow(app.id)).repoName).toBe('acme/vpn-config');
    const row = await storedRow(app.id);
    expect(decryptAll(row)).toEqual(sourceHostUrls('acme/vpn-config'));
    expect(decryptAll(row).github).toBe('https://github.com/acme/vpn-config');

    // the list shows them to role_id 1 (the encryptor table's export)
    const listed = (await t.app.inject({ method: 'GET', url: api('apps'), headers: c.top.headers })).json().data.find((a: { id: number }) => a.id === app.id);
    expect(listed.repoName).toBe('acme/vpn-config');
    for (const h of SOURCE_HOSTS) expect(listed[h]).toBe(row[h]);
    expect((await settingsOf(app.id)).repoName).toBe('acme/vpn-config');
  });

  it('recomputes them when newCoreKey or newCoreIv changes, and clears them with the repo', async () => {
    const app = await makeApp(t, c, c.owner);
    await save(app.id, c.top, { repoName: 'acme/app' });
    const first = await storedRow(app.id);

    await save(app.id, c.top, { newCoreKey: 'A'.repeat(32) });
    const second = await storedRow(app.id);
    expect(second.newCoreKey).toBe('A'.repeat(32));
    expect(second.github).not.toBe(first.github);
    expect(decryptAll(second)).toEqual(sourceHostUrls('acme/app'));

    await save(app.id, c.top, { newCoreIv: 'B'.repeat(16) });
    const third = await storedRow(app.id);
    expect(third.gitlab).not.toBe(second.gitlab);
    expect(decryptAll(third)).toEqual(sourceHostUrls('acme/app'));

    await save(app.id, c.top, { repoName: 'acme/other' });
    expect(decryptAll(await storedRow(app.id))).toEqual(sourceHostUrls('acme/other'));

    await save(app.id, c.top, { repoName: null });
    const cleared = await storedRow(app.id);
    expect((await appRow(app.id)).repoName).toBeNull();
    for (const h of SOURCE_HOSTS) expect(cleared[h]).toBeNull();
  });

  it('leaves them alone when other fields change', async () => {
    const app = await makeApp(t, c, c.owner);
    await save(app.id, c.top, { repoName: 'acme/app' });
    const before = await storedRow(app.id);
    await save(app.id, c.top, { connectDelay: 3, cppKey: 'changed' });
    const after = await storedRow(app.id);
    for (const h of SOURCE_HOSTS) expect(after[h]).toBe(before[h]);
  });
});

describe('appVersion', () => {
  const versionsOf = async (appId: number) =>
    (await t.db.select().from(appVersions).where(eq(appVersions.appId, appId)).orderBy(appVersions.id)).map((v) => ({
      appVersion: v.appVersion,
      status: v.status,
    }));

  it('records a newly saved version as active, once per version', async () => {
    const app = await makeApp(t, c, c.owner);
    expect(await versionsOf(app.id)).toEqual([]);
    await save(app.id, c.owner, { appVersion: 1.2 });
    await save(app.id, c.owner, { appVersion: '1.20' });
    await save(app.id, c.owner, { appVersion: 1.3 });
    expect(await versionsOf(app.id)).toEqual([
      { appVersion: '1.2', status: true },
      { appVersion: '1.3', status: true },
    ]);
    expect((await settingsOf(app.id)).appVersion).toBe(1.3);
  });

  it('leaves a blocked version blocked when it is saved again', async () => {
    const app = await makeApp(t, c, c.owner);
    await t.app.inject({ method: 'POST', url: api('apps/versionBlock'), headers: c.owner.headers, payload: { appId: app.id, appVersion: 4 } });
    await save(app.id, c.owner, { appVersion: 4 });
    const rows = await t.db
      .select()
      .from(appVersions)
      .where(and(eq(appVersions.appId, app.id), eq(appVersions.appVersion, '4')));
    expect(rows.map((r) => r.status)).toEqual([false]);
  });
});
