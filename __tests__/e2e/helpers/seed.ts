// One seeding routine for the e2e audits (layout, axe, direction, route access): through the real
// API, it gives every list of docs/product.md §2 rows to show, and signs in one user of each of the three roles
// (top admin, app admin, restricted) with a password that needs no change. Everything is created
// through the same calls the panel makes, so the data is what staff would have.
import type { Page } from 'playwright-core';
import { ADMIN, type RunningServer } from './server';

export type RoleKey = 'admin' | 'appAdmin' | 'restricted';
export const ROLE_KEYS: RoleKey[] = ['admin', 'appAdmin', 'restricted'];

export interface SeededUser {
  id: number;
  username: string;
  password: string;
  token: string;
  roleId: number;
}

export interface Seeded {
  users: Record<RoleKey, SeededUser>;
  apps: { alpha: SeededApp; beta: SeededApp; inactive: SeededApp };
  /** de: Alpha's; nl: Beta's (the restricted user's); shared: linked to both. */
  servers: { de: number; nl: number; shared: number };
  deviceCount: number;
}

export interface SeededApp {
  id: number;
  name: string;
  apiKey: string;
}

const TEMP = 'Temp-Pass-1!';

export const SHARE_LINKS = {
  vlessWs:
    'vless://3f1c9a6e-2b4d-4c8e-9f7a-1d2e3f4a5b6c@de1.example.com:443?encryption=none&security=tls&sni=de1.example.com&fp=chrome&type=ws&host=de1.example.com&path=%2Fws#DE-ws-tls',
  vlessTcp: 'vless://0b5c1a9e-7d1f-4e4a-8f0e-2a6b9c3d4e5f@198.51.100.7:8443?encryption=none&security=none&type=tcp#NL-tcp',
  vmessWs: `vmess://${Buffer.from(
    JSON.stringify({
      v: '2',
      ps: 'US-ws',
      add: 'us1.example.com',
      port: '443',
      id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      aid: '0',
      net: 'ws',
      type: 'none',
      host: 'us1.example.com',
      path: '/ray',
      tls: 'tls',
    }),
  ).toString('base64')}`,
};

function check(r: { status: number; body: unknown }, what: string) {
  if (r.status !== 200) throw new Error(`seed: ${what} answered ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as any;
}

/** Creates a staff user with a temporary password and changes it, so they can use every page. */
async function staff(server: RunningServer, adminToken: string, username: string, roleId: number, name: string, family: string): Promise<SeededUser> {
  const created = check(
    await server.api('users/signup', {
      method: 'POST',
      token: adminToken,
      body: { name, family, eName: username, eFamily: 'Tester', email: `${username}@example.com`, username, password: TEMP, role_id: roleId },
    }),
    `signup ${username}`,
  );
  const password = `${username[0].toUpperCase()}${username.slice(1)}-Pass-9!`;
  const temp = await server.signIn(username, TEMP);
  check(await server.api('users/changepass', { method: 'POST', token: temp, body: { currentPassword: TEMP, password, repassword: password } }), 'changepass');
  return { id: created.data.id, username, password, token: await server.signIn(username, password), roleId };
}

/** An app administered by `adminId` (an app admin, or a restricted app admin: role_id 5). */
async function app(server: RunningServer, adminToken: string, name: string, packageName: string, adminId: number): Promise<SeededApp> {
  const body = { name, packageName, sign: `${name}-sign`, adminId, cppSign: null, firebaseConfig: null, email: null, description: null };
  const created = check(await server.api('apps/storeApp', { method: 'POST', token: adminToken, body }), `storeApp ${name}`);
  const id = created.data.id as number;
  check(
    await server.api(`apps/updateSettings/${id}`, {
      method: 'POST',
      token: adminToken,
      body: { newCoreKey: 'k'.repeat(16) + '0123456789abcdef', newCoreIv: '0123456789abcdef', appVersion: 3.1, connectDelay: 5, disconnectDelay: 5 },
    }),
    `settings ${name}`,
  );
  return { id, name, apiKey: created.data.apiKey };
}

export async function seed(server: RunningServer): Promise<Seeded> {
  const adminToken = await server.signIn(ADMIN.username, ADMIN.password);
  const current = check(await server.api('users/current', { token: adminToken }), 'current');
  const admin: SeededUser = { id: current.data.id, username: ADMIN.username, password: ADMIN.password, token: adminToken, roleId: 1 };
  const appAdmin = await staff(server, adminToken, 'sara', 2, 'سارا', 'احمدی');
  // The restricted user is a restricted app admin: given an app directly, as staff would do it.
  const restricted = await staff(server, adminToken, 'reza', 5, 'رضا', 'کریمی');

  const alpha = await app(server, adminToken, 'Alpha VPN', 'com.alpha.vpn', appAdmin.id);
  const beta = await app(server, adminToken, 'Beta C++ VPN', 'com.beta.vpn', restricted.id);
  // A name that ends in neutral characters ("C++") reorders in a Persian page unless isolated: the
  // direction audit checks its characters are laid out in their logical order wherever it shows.
  const inactive = await app(server, adminToken, 'Gamma VPN C++', 'com.gamma.vpn', appAdmin.id);
  check(await server.api(`apps/changeStatus/${inactive.id}/false`, { method: 'PUT', token: adminToken }), 'deactivate');

  check(
    await server.api('apps/settings/operators', {
      method: 'POST',
      token: adminToken,
      body: { wifiOperatorName: 'WiFi', mciOperatorName: 'همراه اول', irancellOperatorName: 'ایرانسل', othersOperatorName: 'سایر' },
    }),
    'operators',
  );
  check(await server.api('apps/setPrivacy', { method: 'POST', token: adminToken, body: { privacy: '<p>سیاست حریم خصوصی برای Alpha VPN.</p>' } }), 'privacy');

  const countries = check(await server.api('apps/countries', { token: adminToken }), 'countries').data as { id: number; code: string }[];
  const country = (code: string) => countries.find((c) => c.code === code)!.id;
  const addServer = async (ip: string, code: string, appId: number[]) =>
    check(
      await server.api('apps/addServer', {
        method: 'POST',
        token: adminToken,
        body: { appId, countryId: country(code), ip, username: 'root', password: 'Server-Pass1', port: 22 },
      }),
      `addServer ${ip}`,
    ).data.id as number;
  const servers = {
    de: await addServer('de1.example.com', 'DE', [alpha.id]),
    nl: await addServer('198.51.100.7', 'NL', [beta.id]),
    shared: await addServer('2001:db8::7', 'US', [alpha.id, beta.id]),
  };
  const addProfile = async (serverId: number, name: string, address: string, protocol: string, operator: string) =>
    check(
      await server.api('apps/addProfile', { method: 'POST', token: adminToken, body: { serverId, name, address, protocol, operator, type: 'normal' } }),
      `profile ${name}`,
    );
  await addProfile(servers.de, 'S-1', SHARE_LINKS.vlessWs, 'vless', 'irancell');
  const deS2 = (await addProfile(servers.de, 'S-2', SHARE_LINKS.vmessWs, 'vmess', 'mci')).data.id as number;
  await addProfile(servers.nl, 'S-1', SHARE_LINKS.vlessTcp, 'vless', 'wifi');
  const sharedS1 = (await addProfile(servers.shared, 'S-1', SHARE_LINKS.vmessWs, 'vmess', 'others')).data.id as number;

  // Devices report versions; a reported version becomes a version record, and one is blocked.
  let deviceCount = 0;
  const register = async (a: SeededApp, i: number, version: number) => {
    check(
      await server.api('apps/addDevice', {
        method: 'POST',
        headers: { appapikey: a.apiKey },
        body: {
          uniqueDeviceId: `${a.name.split(' ')[0].toLowerCase()}-device-${String(i).padStart(3, '0')}`,
          fcmToken: `fcm-${i}-${'t'.repeat(40)}`,
          model: `Redmi Note ${10 + (i % 5)}`,
          appVersionCode: version,
        },
      }),
      'addDevice',
    );
    deviceCount += 1;
  };
  for (let i = 1; i <= 35; i++) await register(alpha, i, i % 3 === 0 ? 2.9 : 3.1);
  for (let i = 1; i <= 5; i++) await register(beta, i, 1.5);
  await fieldReports(server, alpha, { sharedS1, deS2 }, servers.shared);
  const versions = check(await server.api(`apps/versionBlock/${alpha.id}`, { token: adminToken }), 'versions').data as { id: number; appVersion: number }[];
  const old = versions.find((v) => v.appVersion === 2.9);
  if (old) check(await server.api('apps/versionBlock', { method: 'POST', token: adminToken, body: { appId: alpha.id, appVersion: 2.9 } }), 'block');

  return { users: { admin, appAdmin, restricted }, apps: { alpha, beta, inactive }, servers, deviceCount };
}

/**
 * What the phones of one app reported, so the pages show field health (chips, the server's worst
 * verdict, the health page, the dashboard's card, the alerts bell): six of alpha's devices find the
 * shared server's profile failing on MCI and working on Irancell, and de's S-2 half working on Wi-Fi
 * (degraded). Verdicts are judged about a second after the reports; this waits for them.
 */
async function fieldReports(server: RunningServer, alpha: SeededApp, profiles: { sharedS1: number; deS2: number }, sharedServer: number) {
  const at = new Date().toISOString();
  const report = (device: number, operator: string, reports: { profileId: number; ok: boolean }[]) =>
    server.api('apps/client/report', {
      method: 'POST',
      headers: { appapikey: alpha.apiKey },
      body: {
        deviceId: `alpha-device-${String(device).padStart(3, '0')}`,
        versionCode: 31,
        operator,
        reports: reports.map((r) => ({ ...r, at, ...(r.ok ? { latencyMs: 180 + device * 7 } : { error: 'timeout' }) })),
      },
    });
  for (let device = 1; device <= 6; device++) {
    const answers = [
      await report(device, 'mci', [{ profileId: profiles.sharedS1, ok: false }]),
      await report(device + 6, 'irancell', [{ profileId: profiles.sharedS1, ok: true }]),
      await report(device + 12, 'wifi', [{ profileId: profiles.deS2, ok: device % 2 === 0 }]),
    ];
    for (const a of answers) if (a.status !== 200 || a.body.data.rejected !== 0) throw new Error(`seed: report answered ${a.status} ${JSON.stringify(a.body)}`);
  }
  const admin = await server.signIn(ADMIN.username, ADMIN.password);
  for (let i = 0; i < 100; i++) {
    const res = await server.api(`apps/profileHealth/${sharedServer}`, { token: admin });
    const verdicts = (res.body?.data?.verdicts ?? []) as { verdict: string }[];
    if (verdicts.some((v) => v.verdict === 'failing')) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('seed: no field verdict after 10 s');
}

/** Puts a user's session and a locale into the browser before the page's own scripts run. */
export async function useSession(page: Page, baseUrl: string, user: SeededUser, locale: 'fa' | 'en') {
  // a plain file of the origin: /login with an earlier session's token would start the app, whose
  // store can write that session's token and locale back over these once its chunks have loaded
  await page.goto(`${baseUrl}/favicon.svg`);
  await page.evaluate(
    ([token, loc]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('locale', loc);
    },
    [user.token, locale] as const,
  );
}
