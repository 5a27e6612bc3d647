// Applications as the server answers them, for the apps web tests.
import { AD_SLOTS } from '../../../../src/contract';

let nextId = 1;

export function makeApp(overrides: Record<string, unknown> = {}) {
  const id = (overrides.id as number) ?? nextId++;
  return {
    id,
    name: `App ${id}`,
    packageName: `com.example.app${id}`,
    adminId: 7,
    adminName: 'سارا احمدی',
    sign: 'SIGN',
    cppSign: null,
    description: null,
    firebaseConfig: null,
    email: null,
    active: true,
    apiKey: `${String(id).padStart(2, '0')}${'ab'.repeat(31)}`,
    googlePlayLink: null,
    repoName: null,
    hasRobotApiKey: false,
    createdAt: '2024-03-20T10:00:00.000Z',
    ...overrides,
  };
}

export function makeSettings(topAdmin = true) {
  return {
    aboutLink: 'https://example.com/about',
    policyLink: null,
    googlePlayLink: 'https://play.google.com/store/apps/details?id=com.example',
    instagram: null,
    telegram: '@example',
    youtube: null,
    updateText: 'نسخه جدید',
    englishUpdateText: 'New version',
    email: 'support@example.com',
    appVersion: 1.2,
    forceUpdate: false,
    blockVersion: null,
    activeBlockVersion: false,
    adsForceByVPN: false,
    adsForceByVPNInForeign: false,
    adsForceByVPNInIran: false,
    autoConnect: true,
    configsActive: true,
    connectDelay: 3,
    disconnectDelay: 2,
    UserConnectionLimit: 3600,
    detectLocationBy: 'Timezone',
    activeEncryptSetting: false,
    repoName: null,
    smartActive: false,
    autoConnectPing: null,
    connectionPing: 300,
    dnsServer: null,
    clickToContinue: false,
    foreignSmart: false,
    delaySmart: 0,
    loadSmartTogether: false,
    restartTimeLimit: 60,
    restartTimeLimitEnabled: false,
    selectedCountries: 'IR',
    blockedCountries: '',
    ...(topAdmin ? { newCoreKey: 'k'.repeat(32), newCoreIv: 'i'.repeat(16), cppKey: 'cppk', cppIv: 'cppi' } : {}),
    staticConfigDelay: 5,
    robotIp: null,
  };
}

export const countries = [
  { id: 1, code: 'DE', name: 'Germany', timezones: [], flagUrl: '/api/v1/flags/de.svg' },
  { id: 2, code: 'IR', name: 'Iran', timezones: [], flagUrl: '/api/v1/flags/ir.svg' },
];

/** GET apps/adsSettings entries; `active` lists the `<slot>Active` keys (or smartActive) that are on. */
export function adEntries({ adMob = true, active = [] as string[] } = {}) {
  const entries: { key: string; value: string | boolean | number }[] = [
    { key: 'adMob', value: adMob },
    { key: 'IDApp', value: 'ca-app-pub-1' },
  ];
  for (const slot of AD_SLOTS) {
    entries.push(
      { key: slot, value: `unit-${slot}` },
      { key: `${slot}Active`, value: active.includes(`${slot}Active`) },
      { key: `${slot}Interval`, value: 30 },
    );
  }
  entries.push({ key: 'gdprActive', value: adMob }, { key: 'smartActive', value: active.includes('smartActive') });
  return entries;
}
