// Application record and settings schemas (docs/product.md §3, §5 "Application create/edit" and settings numbers, §6).
import {
  EVERYONE_SETTINGS,
  SETTINGS_GROUPS,
  SETTINGS_REQUIRED_IN_FORM,
  TOP_ADMIN_ONLY_SETTINGS,
  V,
  appSchema,
  appSettingsFormSchema,
  appSettingsSchema,
  appsQuerySchema,
  changeStatusParams,
  isTopAdminOnlySetting,
  splitCountryCodes,
} from '../../../src/contract';
import { errorsOf, valid } from './validate-helper';

const APP = { name: 'Fast VPN', packageName: 'com.example.fastvpn', sign: 'AB:CD:EF', adminId: 3 };

describe('appSchema', () => {
  test('valid; empty optional fields become null (docs/product.md §5)', async () => {
    const v = await valid(appSchema, { ...APP, cppSign: '', firebaseConfig: '  ', email: '', description: '' });
    expect(v).toMatchObject({ cppSign: null, firebaseConfig: null, email: null, description: null });
  });

  test('optional fields keep their values', async () => {
    const v = await valid(appSchema, { ...APP, cppSign: 'x', firebaseConfig: '{"a":1}', email: 'dev@example.com' });
    expect(v).toMatchObject({ cppSign: 'x', firebaseConfig: '{"a":1}', email: 'dev@example.com' });
  });

  test.each(['com.example', 'a.b', 'com.Example_App.v2', 'org.a1.b_2.c3'])('package name %s is accepted', async (packageName) => {
    await valid(appSchema, { ...APP, packageName });
  });

  test.each([
    ['name blank', { name: '  ' }, 'name', V.required],
    ['packageName blank', { packageName: '' }, 'packageName', V.required],
    ['sign blank', { sign: ' ' }, 'sign', V.required],
    ['adminId missing', { adminId: undefined }, 'adminId', V.required],
    ['adminId not positive', { adminId: 0 }, 'adminId', V.min],
    ['one-segment package name', { packageName: 'fastvpn' }, 'packageName', V.packageName],
    ['package segment starting with a digit', { packageName: 'com.1example' }, 'packageName', V.packageName],
    ['package name with a dash', { packageName: 'com.fast-vpn' }, 'packageName', V.packageName],
    ['package name with an empty segment', { packageName: 'com..vpn' }, 'packageName', V.packageName],
    ['package name ending with a dot', { packageName: 'com.vpn.' }, 'packageName', V.packageName],
    ['email present but invalid', { email: 'not-an-email' }, 'email', V.email],
  ])('%s', async (_label, patch, field, messageId) => {
    expect(await errorsOf(appSchema, { ...APP, ...patch })).toEqual({ [field]: messageId });
  });
});

describe('changeStatusParams and appsQuerySchema', () => {
  test('path params are cast', async () => {
    expect(await valid(changeStatusParams, { id: '12', state: 'false' })).toEqual({ id: 12, state: false });
    expect(await valid(changeStatusParams, { id: '12', state: 'true' })).toEqual({ id: 12, state: true });
    expect(await errorsOf(changeStatusParams, { id: 'x', state: 'maybe' })).toEqual({ id: V.number, state: V.checkInput });
  });

  test('state=appAdmin or nothing', async () => {
    await valid(appsQuerySchema, {});
    await valid(appsQuerySchema, { state: 'appAdmin' });
    expect(await errorsOf(appsQuerySchema, { state: 'all' })).toEqual({ state: V.oneOf });
  });
});

describe('appSettingsSchema', () => {
  test('any subset passes, including an empty body and repoName alone', async () => {
    await valid(appSettingsSchema, {});
    await valid(appSettingsSchema, { repoName: 'acme/vpn-config' });
    await valid(appSettingsSchema, { robotApiKey: true });
  });

  test('a full settings payload passes', async () => {
    const v = await valid(appSettingsSchema, {
      aboutLink: 'https://example.com/about',
      policyLink: 'https://example.com/policy',
      googlePlayLink: 'https://play.google.com/store/apps/details?id=com.example',
      instagram: '@fastvpn',
      telegram: 'https://t.me/fastvpn',
      youtube: 'https://youtube.com/@fastvpn',
      updateText: 'نسخهٔ جدید منتشر شد',
      englishUpdateText: 'A new version is out!',
      email: 'support@example.com',
      appVersion: 1.23,
      forceUpdate: false,
      blockVersion: null,
      activeBlockVersion: true,
      adsForceByVPN: true,
      adsForceByVPNInForeign: false,
      adsForceByVPNInIran: true,
      autoConnect: true,
      configsActive: true,
      connectDelay: 3,
      disconnectDelay: 0,
      UserConnectionLimit: 5400,
      detectLocationBy: 'Timezone',
      activeEncryptSetting: true,
      repoName: 'acme/vpn',
      smartActive: true,
      autoConnectPing: 800,
      connectionPing: 1200,
      dnsServer: '1.1.1.1,8.8.8.8',
      clickToContinue: false,
      foreignSmart: true,
      delaySmart: 2,
      loadSmartTogether: false,
      restartTimeLimit: 60,
      restartTimeLimitEnabled: true,
      selectedCountries: 'ir, de ,US',
      blockedCountries: '',
      newCoreKey: 'Xk3p9Qz7Lm2Vb8Nw4Rt6Yh1Jd5Fs0Ga2',
      newCoreIv: 'Pq8Lm3Zx7Cv1Bn4K',
      staticConfigDelay: 10,
      cppKey: 'k',
      cppIv: 'i',
      robotIp: '2001:db8::10',
    });
    expect(v.selectedCountries).toBe('IR,DE,US');
    expect(splitCountryCodes(v.selectedCountries)).toEqual(['IR', 'DE', 'US']);
    expect(splitCountryCodes(v.blockedCountries)).toEqual([]);
  });

  test('appVersion: 1.23 accepted, 1.234 refused, numeric text cast, negative refused', async () => {
    expect((await valid(appSettingsSchema, { appVersion: 1.23 })).appVersion).toBe(1.23);
    expect((await valid(appSettingsSchema, { appVersion: '2.5' })).appVersion).toBe(2.5);
    expect((await valid(appSettingsSchema, { appVersion: 0.07 })).appVersion).toBe(0.07);
    expect(await errorsOf(appSettingsSchema, { appVersion: 1.234 })).toEqual({ appVersion: V.step });
    expect(await errorsOf(appSettingsSchema, { appVersion: -1 })).toEqual({ appVersion: V.min });
    expect(await errorsOf(appSettingsSchema, { appVersion: '1.2.3' })).toEqual({ appVersion: V.number });
    expect(await errorsOf(appSettingsSchema, { appVersion: null })).toEqual({ appVersion: V.required });
  });

  test.each([
    ['aboutLink not a URL', { aboutLink: 'about page' }, 'aboutLink', V.url],
    ['policyLink with javascript:', { policyLink: 'javascript:alert(1)' }, 'policyLink', V.url],
    ['telegram with javascript:', { telegram: 'javascript:alert(1)' }, 'telegram', V.url],
    ['instagram handle with spaces', { instagram: 'fast vpn' }, 'instagram', V.url],
    ['englishUpdateText in Persian', { englishUpdateText: 'نسخه جدید' }, 'englishUpdateText', V.englishOnly],
    ['email invalid', { email: 'support@' }, 'email', V.email],
    ['forceUpdate not boolean', { forceUpdate: 'yes' }, 'forceUpdate', V.checkInput],
    ['forceUpdate null', { forceUpdate: null }, 'forceUpdate', V.required],
    ['blockVersion negative', { blockVersion: -0.5 }, 'blockVersion', V.min],
    ['blockVersion three decimals', { blockVersion: 1.005 }, 'blockVersion', V.step],
    ['connectDelay fractional', { connectDelay: 1.5 }, 'connectDelay', V.integer],
    ['disconnectDelay negative', { disconnectDelay: -1 }, 'disconnectDelay', V.min],
    ['delaySmart text', { delaySmart: 'soon' }, 'delaySmart', V.number],
    ['restartTimeLimit over int range', { restartTimeLimit: 2 ** 31 }, 'restartTimeLimit', V.max],
    ['staticConfigDelay negative', { staticConfigDelay: -5 }, 'staticConfigDelay', V.min],
    ['autoConnectPing fractional', { autoConnectPing: 0.5 }, 'autoConnectPing', V.integer],
    ['connectionPing negative', { connectionPing: -1 }, 'connectionPing', V.min],
    ['UserConnectionLimit negative', { UserConnectionLimit: -3600 }, 'UserConnectionLimit', V.min],
    ['UserConnectionLimit fractional', { UserConnectionLimit: 1800.5 }, 'UserConnectionLimit', V.integer],
    ['detectLocationBy unknown', { detectLocationBy: 'GPS' }, 'detectLocationBy', V.oneOf],
    ['repoName with spaces', { repoName: 'acme vpn' }, 'repoName', V.checkInput],
    ['selectedCountries with a 3-letter code', { selectedCountries: 'IR,DEU' }, 'selectedCountries', V.countryCodes],
    ['blockedCountries with a trailing comma', { blockedCountries: 'IR,' }, 'blockedCountries', V.countryCodes],
    ['blockedCountries with digits', { blockedCountries: '12' }, 'blockedCountries', V.countryCodes],
    ['newCoreKey of 31 characters', { newCoreKey: 'a'.repeat(31) }, 'newCoreKey', V.length],
    ['newCoreKey of 32 non-ASCII characters', { newCoreKey: 'ک'.repeat(32) }, 'newCoreKey', V.length],
    ['newCoreIv of 17 characters', { newCoreIv: 'b'.repeat(17) }, 'newCoreIv', V.length],
    ['robotIp not an IP', { robotIp: 'example.com' }, 'robotIp', V.ip],
    ['robotIp IPv4 out of range', { robotIp: '256.1.1.1' }, 'robotIp', V.ip],
    ['robotApiKey false', { robotApiKey: false }, 'robotApiKey', V.checkInput],
  ])('%s', async (_label, patch, field, messageId) => {
    expect(await errorsOf(appSettingsSchema, patch)).toEqual({ [field]: messageId });
  });

  test('robotIp may be empty, IPv4 or IPv6', async () => {
    expect((await valid(appSettingsSchema, { robotIp: '' })).robotIp).toBeNull();
    await valid(appSettingsSchema, { robotIp: '203.0.113.9' });
    await valid(appSettingsSchema, { robotIp: '::ffff:203.0.113.9' });
  });

  test('the form schema also requires the docs/product.md §5 required numbers', async () => {
    const errors = await errorsOf(appSettingsFormSchema, {});
    expect(Object.keys(errors).sort()).toEqual([...SETTINGS_REQUIRED_IN_FORM].sort());
    expect(Object.values(errors).every((m) => m === V.required)).toBe(true);
  });
});

describe('settings groups and edit rights', () => {
  const schemaFields = Object.keys(appSettingsSchema.fields).sort();

  test('SETTINGS_GROUPS lists every stored field exactly once (robotApiKey is an action, not a field)', () => {
    const grouped = Object.values(SETTINGS_GROUPS).flat();
    expect(new Set(grouped).size).toBe(grouped.length);
    expect([...grouped, 'robotApiKey'].sort()).toEqual(schemaFields);
  });

  test('TOP_ADMIN_ONLY_SETTINGS and EVERYONE_SETTINGS split the fields with no overlap and no gap', () => {
    const top = new Set<string>(TOP_ADMIN_ONLY_SETTINGS);
    expect(EVERYONE_SETTINGS.filter((f) => top.has(f))).toEqual([]);
    expect([...TOP_ADMIN_ONLY_SETTINGS, ...EVERYONE_SETTINGS].sort()).toEqual(schemaFields);
  });

  test('docs/product.md §6 examples land on the right side', () => {
    for (const f of [
      'instagram',
      'telegram',
      'youtube',
      'googlePlayLink',
      'adsForceByVPN',
      'configsActive',
      'autoConnect',
      'newCoreKey',
      'robotIp',
      'selectedCountries',
    ]) {
      expect(isTopAdminOnlySetting(f)).toBe(true);
    }
    for (const f of [
      'email',
      'UserConnectionLimit',
      'connectDelay',
      'disconnectDelay',
      'policyLink',
      'aboutLink',
      'appVersion',
      'forceUpdate',
      'activeBlockVersion',
    ]) {
      expect(isTopAdminOnlySetting(f)).toBe(false);
    }
  });
});
