// The audit log (docs/product.md §7 "Audit log"): every mutating route of the app's route table (so a new
// route without a case here fails) writes exactly one record with the right action, target and
// before/after of the changed fields; a refused call writes nothing but a failed sign-in; a change
// whose handler throws after writing leaves neither the change nor a record; no secret value appears
// in any record; and GET audit filters, pages and refuses everyone but role_id 1.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { AD_MASTER_KEY, AUDIT_CHANGED } from '../../src/contract';
import { auditLog, privacyPolicy, signInFailures } from '../../server/src/db/schema';
import { multipart } from './helpers/multipart';
import { ADMIN, createTestApp, DEFAULT_PASSWORD, type TestApp } from './helpers/test-app';
import { api, appBody } from './helpers/seed';

type Json = Record<string, any>;

const VLESS = 'vless://00000000-0000-4000-8000-000000000001@hidden-host.example.com:443?encryption=none&security=tls&type=ws&path=%2Fws#S-1';
const SERVER_PASSWORD = 'S3cret-Server-Pass!';
const NEW_PASSWORD = 'N3w-Strong#Pass';
const MIRROR_URL = 'http://127.0.0.1:9/mirror.git';
const MIRROR_TOKEN = 'mirror-T0ken-never-logged';

let t: TestApp;
let top: { id: number; headers: Record<string, string> };
/** Every secret value the cases send or the server generates; none may appear in a record. */
const secrets: string[] = [VLESS, SERVER_PASSWORD, NEW_PASSWORD, DEFAULT_PASSWORD, ADMIN.password, MIRROR_TOKEN];

beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) => {
      // A change whose handler throws after writing: the write and its record roll back together.
      app.post('/api/v1/test/failsAfterWrite', { config: { audit: { action: 'test.fail', target: 'privacy', id: () => 1 } } }, async (request) => {
        await request.repos.privacy.set('<p>should roll back</p>');
        throw new Error('boom');
      });
    },
  });
  const token = await t.signIn(ADMIN.username, ADMIN.password);
  top = { id: (await t.repos.users.findByLogin(ADMIN.username))!.id, headers: t.auth(token) };
});
afterAll(() => t?.close());

const records = async () => t.db.select().from(auditLog).orderBy(desc(auditLog.id));
const count = async () => (await records()).length;
const call = (method: string, path: string, payload?: unknown, headers: Record<string, string> = top.headers) =>
  t.app.inject({ method: method as InjectOptions['method'], url: api(path), headers, ...(payload !== undefined && { payload: payload as object }) });

/** How many records the last `act` call added. */
let added = -1;
/** The call under test: counts the records it adds. */
async function actInject(options: InjectOptions) {
  const n = await count();
  const res = await t.app.inject(options);
  added = (await count()) - n;
  return res;
}
const act = (method: string, path: string, payload?: unknown, headers: Record<string, string> = top.headers) =>
  actInject({ method: method as InjectOptions['method'], url: api(path), headers, ...(payload !== undefined && { payload: payload as object }) });

/** What each case expects of its one record. */
interface Expected {
  action: string;
  targetType: string;
  targetId?: string;
  before?: Json | null;
  after?: Json | null;
  detail?: Json | null;
}
interface Case {
  /** Sets up what the call needs (through the API or the repositories); answers the request. */
  run: () => Promise<{ res: Awaited<ReturnType<typeof call>>; expected: Expected }>;
}

let counter = 0;
const unique = () => `${++counter}${Date.now().toString(36)}`;

async function newApp(): Promise<Json> {
  const owner = await t.createUser({ role_id: 2 });
  const res = await act('POST', 'apps/storeApp', appBody(owner.id));
  expect(res.statusCode).toBe(200);
  const data = res.json().data;
  secrets.push(data.apiKey);
  return data;
}
async function newServer(appId: number): Promise<number> {
  const res = await act('POST', 'apps/addServer', {
    appId: [appId],
    countryId: 1,
    ip: `s${unique()}.example.com`,
    username: 'root',
    password: SERVER_PASSWORD,
    port: 22,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.id;
}
async function newProfile(serverId: number): Promise<number> {
  const res = await act('POST', 'apps/addProfile', { name: 'S-1', address: VLESS, operator: 'mci', protocol: 'vless', type: 'normal', serverId });
  expect(res.statusCode).toBe(200);
  return res.json().data.id;
}
async function newDevice(appId: number): Promise<number> {
  const res = await act('POST', 'apps/addDevice', { appId, uniqueDeviceId: `d-${unique()}`, fcmToken: `fcm-${unique()}`, model: 'm1' });
  expect(res.statusCode).toBe(200);
  return res.json().data.id;
}
/** A mirror on a closed loopback port (nothing publishes in this file; a test of it fails at once). */
async function newMirror(): Promise<[number, number]> {
  const app = await newApp();
  const res = await call('POST', `apps/mirrors/${app.id}`, { url: MIRROR_URL, branch: 'main', path: 'b.json', token: MIRROR_TOKEN });
  expect(res.statusCode).toBe(200);
  return [app.id, res.json().data.id];
}
const userBody = () => {
  const n = unique();
  return { name: 'علی', family: 'رضایی', email: `u${n}@example.com`, username: `u_${n}`, password: NEW_PASSWORD, role_id: 2 };
};

const CASES: Record<string, Case> = {
  'POST /api/v1/users/signin': {
    run: async () => {
      const user = await t.createUser();
      const res = await act('POST', 'users/signin', { email: user.username, password: user.password }, {});
      return { res, expected: { action: 'session.signIn', targetType: 'user', targetId: String(user.id), before: null, after: null } };
    },
  },
  'POST /api/v1/users/changepass': {
    run: async () => {
      const { user, token } = await t.signedInUser();
      const res = await act('POST', 'users/changepass', { currentPassword: user.password, password: NEW_PASSWORD, repassword: NEW_PASSWORD }, t.auth(token));
      return {
        res,
        expected: {
          action: 'user.changeOwnPassword',
          targetType: 'user',
          targetId: String(user.id),
          before: { passwordHash: AUDIT_CHANGED },
          after: { passwordHash: AUDIT_CHANGED },
        },
      };
    },
  },
  'POST /api/v1/users/avatar': {
    run: async () => {
      const { user, token } = await t.signedInUser();
      // a whole 1 × 1 PNG (the server checks IHDR and every chunk's CRC up to IEND)
      const png = Buffer.from(
        '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000b49444154789c6360000200000500017a5eab3f0000000049454e44ae426082',
        'hex',
      );
      const form = multipart({ avatar: { filename: 'a.png', content: png, contentType: 'image/png' } });
      const res = await actInject({ method: 'POST', url: api('users/avatar'), payload: form.payload, headers: { ...form.headers, ...t.auth(token) } });
      return {
        res,
        expected: {
          action: 'user.avatar',
          targetType: 'user',
          targetId: String(user.id),
          before: { avatarFileId: null },
          after: { avatarFileId: expect.any(String) },
        },
      };
    },
  },
  'POST /api/v1/users/totp/setup': {
    run: async () => {
      const { user, token } = await t.signedInUser();
      const res = await act('POST', 'users/totp/setup', { password: user.password }, t.auth(token));
      secrets.push(res.json().secret);
      return {
        res,
        expected: {
          action: 'user.totpSetup',
          targetType: 'user',
          targetId: String(user.id),
          before: { totpPendingEnc: null },
          after: { totpPendingEnc: AUDIT_CHANGED },
        },
      };
    },
  },
  'POST /api/v1/users/totp/requireForRole': {
    run: async () => {
      const res = await act('POST', 'users/totp/requireForRole', { role_id: 5, required: true });
      return { res, expected: { action: 'role.requireTotp', targetType: 'role', targetId: '5', before: { requireTotp: false }, after: { requireTotp: true } } };
    },
  },
  'POST /api/v1/users/totp/reset': {
    run: async () => {
      const { user, token } = await t.signedInUser();
      expect((await call('POST', 'users/totp/setup', { password: user.password }, t.auth(token))).statusCode).toBe(200);
      const res = await act('POST', 'users/totp/reset', { user_id: user.id });
      return {
        res,
        expected: {
          action: 'user.totpReset',
          targetType: 'user',
          targetId: String(user.id),
          before: { totpPendingEnc: AUDIT_CHANGED },
          after: { totpPendingEnc: null },
        },
      };
    },
  },
  'POST /api/v1/apps/storeApp': {
    run: async () => {
      const owner = await t.createUser({ role_id: 2 });
      const body = appBody(owner.id, { description: 'first' });
      const res = await act('POST', 'apps/storeApp', body);
      secrets.push(res.json().data?.apiKey);
      return {
        res,
        expected: {
          action: 'app.create',
          targetType: 'app',
          targetId: String(res.json().data?.id),
          before: null,
          after: {
            name: body.name,
            packageName: body.packageName,
            adminId: owner.id,
            sign: body.sign,
            description: 'first',
            active: true,
            apiKey: AUDIT_CHANGED,
          },
        },
      };
    },
  },
  'PUT /api/v1/apps/updateApp/:id': {
    run: async () => {
      const app = await newApp();
      const res = await act('PUT', `apps/updateApp/${app.id}`, {
        name: 'Renamed',
        packageName: app.packageName,
        sign: app.sign,
        adminId: app.adminId,
        description: 'now described',
      });
      return {
        res,
        expected: {
          action: 'app.update',
          targetType: 'app',
          targetId: String(app.id),
          before: { name: app.name, description: null },
          after: { name: 'Renamed', description: 'now described' },
        },
      };
    },
  },
  'PUT /api/v1/apps/changeStatus/:id/:state': {
    run: async () => {
      const app = await newApp();
      const res = await act('PUT', `apps/changeStatus/${app.id}/false`);
      return { res, expected: { action: 'app.status', targetType: 'app', targetId: String(app.id), before: { active: true }, after: { active: false } } };
    },
  },
  'DELETE /api/v1/apps/destroy/:id': {
    run: async () => {
      const app = await newApp();
      const res = await act('DELETE', `apps/destroy/${app.id}`);
      return {
        res,
        expected: {
          action: 'app.delete',
          targetType: 'app',
          targetId: String(app.id),
          before: expect.objectContaining({ name: app.name, apiKey: AUDIT_CHANGED }),
          after: null,
        },
      };
    },
  },
  'POST /api/v1/apps/robotApiKey/:id': {
    run: async () => {
      const app = await newApp();
      const res = await act('POST', `apps/robotApiKey/${app.id}`);
      secrets.push(res.json().data?.robotApiKey);
      // The record says the key changed, never the key or its hash.
      return {
        res,
        expected: {
          action: 'app.robotKey',
          targetType: 'app',
          targetId: String(app.id),
          before: { robotApiKeyHash: null },
          after: { robotApiKeyHash: AUDIT_CHANGED },
        },
      };
    },
  },
  'POST /api/v1/apps/updateSettings/:id': {
    run: async () => {
      const app = await newApp();
      const res = await act('POST', `apps/updateSettings/${app.id}`, { telegram: 'https://t.me/acme', robotApiKey: true });
      secrets.push(res.json().data?.robotApiKey);
      return {
        res,
        expected: {
          action: 'app.settings',
          targetType: 'app',
          targetId: String(app.id),
          before: { telegram: null },
          after: { telegram: 'https://t.me/acme' },
          detail: { robotApiKey: AUDIT_CHANGED },
        },
      };
    },
  },
  'POST /api/v1/apps/showAds/:id': {
    run: async () => {
      const app = await newApp();
      const res = await act('POST', `apps/showAds/${app.id}`, { key: AD_MASTER_KEY, state: true });
      return {
        res,
        expected: {
          action: 'app.showAds',
          targetType: 'app',
          targetId: String(app.id),
          before: { adMob: false, gdprActive: false },
          after: { adMob: true, gdprActive: true },
        },
      };
    },
  },
  'POST /api/v1/apps/updateSettingsAdmob/:id': {
    run: async () => {
      const app = await newApp();
      const res = await act('POST', `apps/updateSettingsAdmob/${app.id}`, { IDApp: 'ca-app-pub-1' });
      return { res, expected: { action: 'app.ads', targetType: 'app', targetId: String(app.id), before: { idApp: null }, after: { idApp: 'ca-app-pub-1' } } };
    },
  },
  'POST /api/v1/apps/versionBlock': {
    run: async () => {
      const app = await newApp();
      const res = await act('POST', 'apps/versionBlock', { appId: app.id, appVersion: '2.5' });
      return { res, expected: { action: 'version.block', targetType: 'app', targetId: String(app.id), before: { '2.5': null }, after: { '2.5': 'blocked' } } };
    },
  },
  'DELETE /api/v1/apps/version/:id': {
    run: async () => {
      const app = await newApp();
      await call('POST', `apps/updateSettings/${app.id}`, { appVersion: '3.1' });
      const id = (await call('GET', `apps/versionBlock/${app.id}`)).json().data.find((v: Json) => v.status === true).id;
      const res = await act('DELETE', `apps/version/${id}`);
      return {
        res,
        expected: {
          action: 'version.delete',
          targetType: 'version',
          targetId: String(id),
          before: { appId: app.id, appVersion: '3.1', status: true },
          after: null,
        },
      };
    },
  },
  'DELETE /api/v1/apps/versionBlock/:id': {
    run: async () => {
      const app = await newApp();
      await call('POST', 'apps/versionBlock', { appId: app.id, appVersion: '4' });
      const id = (await call('GET', `apps/versionBlock/${app.id}`)).json().data[0].id;
      const res = await act('DELETE', `apps/versionBlock/${id}`);
      return {
        res,
        expected: { action: 'version.unblock', targetType: 'version', targetId: String(id), before: expect.objectContaining({ status: false }), after: null },
      };
    },
  },
  'POST /api/v1/apps/addServer': {
    run: async () => {
      const app = await newApp();
      const res = await act('POST', 'apps/addServer', {
        appId: [app.id],
        countryId: 1,
        ip: 'new.example.com',
        username: 'root',
        password: SERVER_PASSWORD,
        port: 22,
      });
      return {
        res,
        expected: {
          action: 'server.create',
          targetType: 'server',
          targetId: String(res.json().data?.id),
          before: null,
          after: { ip: 'new.example.com', countryId: 1, username: 'root', passwordEnc: AUDIT_CHANGED, port: 22, appIds: [app.id] },
        },
      };
    },
  },
  'PUT /api/v1/apps/updateServer/:id': {
    run: async () => {
      const app = await newApp();
      const id = await newServer(app.id);
      const res = await act('PUT', `apps/updateServer/${id}`, {
        appId: [app.id],
        countryId: 1,
        ip: 'renamed.example.com',
        username: 'root',
        password: 'An0ther-Pass!',
        port: 2222,
      });
      secrets.push('An0ther-Pass!');
      return {
        res,
        expected: {
          action: 'server.update',
          targetType: 'server',
          targetId: String(id),
          before: expect.objectContaining({ port: 22, passwordEnc: AUDIT_CHANGED }),
          after: expect.objectContaining({ ip: 'renamed.example.com', port: 2222, passwordEnc: AUDIT_CHANGED }),
        },
      };
    },
  },
  'DELETE /api/v1/apps/destroyServer/:id': {
    run: async () => {
      const app = await newApp();
      const id = await newServer(app.id);
      const res = await act('DELETE', `apps/destroyServer/${id}`);
      return {
        res,
        expected: {
          action: 'server.delete',
          targetType: 'server',
          targetId: String(id),
          before: expect.objectContaining({ port: 22, appIds: [app.id] }),
          after: null,
        },
      };
    },
  },
  'POST /api/v1/apps/destroyMultipleServers': {
    run: async () => {
      const app = await newApp();
      const ids = [await newServer(app.id), await newServer(app.id)];
      const res = await act('POST', 'apps/destroyMultipleServers', { ids });
      return { res, expected: { action: 'server.deleteMany', targetType: 'server', targetId: ids.join(','), before: null, after: null, detail: { count: 2 } } };
    },
  },
  'POST /api/v1/apps/addProfile': {
    run: async () => {
      const serverId = await newServer((await newApp()).id);
      const res = await act('POST', 'apps/addProfile', { name: 'P-1', address: VLESS, operator: 'mci', protocol: 'vless', type: 'normal', serverId });
      return {
        res,
        expected: {
          action: 'profile.create',
          targetType: 'profile',
          targetId: String(res.json().data?.id),
          before: null,
          after: { serverId, name: 'P-1', addressEnc: AUDIT_CHANGED, operator: 'mci', protocol: 'vless', type: 'normal' },
        },
      };
    },
  },
  'PUT /api/v1/apps/updateProfile/:id': {
    run: async () => {
      const serverId = await newServer((await newApp()).id);
      const id = await newProfile(serverId);
      const res = await act('PUT', `apps/updateProfile/${id}`, { name: 'S-2', address: VLESS, operator: 'wifi', protocol: 'vless', type: 'normal', serverId });
      // the same address sealed again is a new token: "changed", never the value
      return {
        res,
        expected: {
          action: 'profile.update',
          targetType: 'profile',
          targetId: String(id),
          before: expect.objectContaining({ name: 'S-1', operator: 'mci' }),
          after: expect.objectContaining({ name: 'S-2', operator: 'wifi' }),
        },
      };
    },
  },
  'POST /api/v1/apps/convertProfile': {
    run: async () => {
      const id = await newProfile(await newServer((await newApp()).id));
      const token = (await call('GET', `apps/profileAddress/${id}`)).json().data.address;
      const res = await act('POST', 'apps/convertProfile', { config: token });
      return {
        res,
        expected: { action: 'profile.reveal', targetType: 'profile', targetId: String(id), before: null, after: null, detail: { protocol: 'vless' } },
      };
    },
  },
  'DELETE /api/v1/apps/destroyProfile/:id': {
    run: async () => {
      const id = await newProfile(await newServer((await newApp()).id));
      const res = await act('DELETE', `apps/destroyProfile/${id}`);
      return {
        res,
        expected: {
          action: 'profile.delete',
          targetType: 'profile',
          targetId: String(id),
          before: expect.objectContaining({ name: 'S-1', addressEnc: AUDIT_CHANGED }),
          after: null,
        },
      };
    },
  },
  'POST /api/v1/apps/destroyMultipleProfiles': {
    run: async () => {
      const serverId = await newServer((await newApp()).id);
      const ids = [await newProfile(serverId), await newProfile(serverId), await newProfile(serverId)];
      const res = await act('POST', 'apps/destroyMultipleProfiles', { ids });
      return {
        res,
        expected: { action: 'profile.deleteMany', targetType: 'profile', targetId: ids.join(','), before: null, after: null, detail: { count: 3 } },
      };
    },
  },
  'POST /api/v1/apps/group/addProfiles': {
    run: async () => {
      const serverId = await newServer((await newApp()).id);
      const csv = ['address,name,protocol,type', ...[1, 2, 3, 4].map((n) => `${VLESS.replace('S-1', `S-${n}`)},S-${n},vless,normal`)].join('\n') + '\n';
      const form = multipart({ serverId: String(serverId), csvFile: { filename: 'p.csv', content: csv, contentType: 'text/csv' } });
      const res = await actInject({ method: 'POST', url: api('apps/group/addProfiles'), payload: form.payload, headers: { ...form.headers, ...top.headers } });
      return { res, expected: { action: 'profile.import', targetType: 'server', targetId: String(serverId), before: null, after: null, detail: { count: 4 } } };
    },
  },
  'POST /api/v1/apps/settings/operators': {
    run: async () => {
      const names = { wifiOperatorName: `Wifi ${unique()}`, mciOperatorName: 'MCI', irancellOperatorName: 'Irancell', othersOperatorName: 'Others' };
      expect((await call('POST', 'apps/settings/operators', { ...names, wifiOperatorName: 'Old wifi' })).statusCode).toBe(200);
      const beforeNames = { wifiOperatorName: 'Old wifi' };
      const res = await act('POST', 'apps/settings/operators', names);
      return {
        res,
        expected: {
          action: 'operators.update',
          targetType: 'operators',
          targetId: 'all',
          before: { wifiOperatorName: beforeNames.wifiOperatorName },
          after: { wifiOperatorName: names.wifiOperatorName },
        },
      };
    },
  },
  'POST /api/v1/apps/setPrivacy': {
    run: async () => {
      const html = `<p>policy ${unique()}</p>`;
      const [row] = await t.db.select().from(privacyPolicy);
      const res = await act('POST', 'apps/setPrivacy', { privacy: html });
      return { res, expected: { action: 'privacy.update', targetType: 'privacy', targetId: '1', before: { html: row?.html ?? '' }, after: { html } } };
    },
  },
  'POST /api/v1/apps/addDevice': {
    run: async () => {
      const app = await newApp();
      const res = await act('POST', 'apps/addDevice', { appId: app.id, uniqueDeviceId: 'dev-x', fcmToken: 'fcm-secret-token', model: 'Pixel' });
      secrets.push('fcm-secret-token');
      return {
        res,
        expected: {
          action: 'device.register',
          targetType: 'device',
          targetId: String(res.json().data?.id),
          before: null,
          after: expect.objectContaining({ appId: app.id, uniqueDeviceId: 'dev-x', model: 'Pixel', fcmToken: AUDIT_CHANGED }),
        },
      };
    },
  },
  'PUT /api/v1/apps/updateDevice/:id': {
    run: async () => {
      const app = await newApp();
      const id = await newDevice(app.id);
      const res = await act('PUT', `apps/updateDevice/${id}`, { appId: app.id, uniqueDeviceId: 'renamed', fcmToken: 'fcm-2', model: 'm2' });
      return {
        res,
        expected: {
          action: 'device.update',
          targetType: 'device',
          targetId: String(id),
          before: expect.objectContaining({ model: 'm1' }),
          after: expect.objectContaining({ uniqueDeviceId: 'renamed', model: 'm2', fcmToken: AUDIT_CHANGED }),
        },
      };
    },
  },
  'DELETE /api/v1/apps/destroyDevice/:id': {
    run: async () => {
      const id = await newDevice((await newApp()).id);
      const res = await act('DELETE', `apps/destroyDevice/${id}`);
      return {
        res,
        expected: { action: 'device.delete', targetType: 'device', targetId: String(id), before: expect.objectContaining({ model: 'm1' }), after: null },
      };
    },
  },
  'POST /api/v1/apps/wordEncryption': {
    run: async () => {
      const app = await newApp();
      const res = await act('POST', 'apps/wordEncryption', { appId: app.id, word: 'hello' });
      return { res, expected: { action: 'encryption.encryptWord', targetType: 'app', targetId: String(app.id), before: null, after: null } };
    },
  },
  'POST /api/v1/apps/decryptDomain/:appId': {
    run: async () => {
      const app = await newApp();
      const res = await act('POST', `apps/decryptDomain/${app.id}`);
      return { res, expected: { action: 'encryption.decryptDomains', targetType: 'app', targetId: String(app.id), before: null, after: null } };
    },
  },
  'POST /api/v1/apps/profileHealth/show': {
    run: async () => {
      const app = await newApp();
      const profileId = await newProfile(await newServer(app.id));
      // A profile that was not hidden: nothing changes, and the staff action is still recorded.
      const res = await act('POST', 'apps/profileHealth/show', { appId: app.id, profileId, operator: 'mci' });
      return { res, expected: { action: 'profile.healthShow', targetType: 'profile', targetId: String(profileId) } };
    },
  },
  'POST /api/v1/apps/subscriptions': {
    run: async () => {
      const serverId = await newServer((await newApp()).id);
      const res = await act('POST', 'apps/subscriptions', { serverId, label: 'Team', operator: 'mci' });
      // The token is shown once to the caller and never written to the record (nor its hash).
      secrets.push(res.json().data.token);
      return {
        res,
        expected: {
          action: 'subscription.create',
          targetType: 'subscription',
          targetId: String(res.json().data.id),
          before: null,
          after: { label: 'Team', serverId, operator: 'mci' },
        },
      };
    },
  },
  'DELETE /api/v1/apps/subscriptions/:id': {
    run: async () => {
      const serverId = await newServer((await newApp()).id);
      const { id, token } = (await call('POST', 'apps/subscriptions', { serverId, label: 'Old' })).json().data;
      secrets.push(token);
      const res = await act('DELETE', `apps/subscriptions/${id}`);
      return {
        res,
        expected: { action: 'subscription.revoke', targetType: 'subscription', targetId: String(id), before: { label: 'Old', serverId }, after: null },
      };
    },
  },
  'POST /api/v1/apps/bundleKeys/:appId/rotate': {
    run: async () => {
      const app = await newApp();
      const [first] = (await call('GET', `apps/bundleKeys/${app.id}`)).json().data;
      const res = await act('POST', `apps/bundleKeys/${app.id}/rotate`);
      const [made] = res.json().data;
      // The record names the public keys (raw, base64), never a private one.
      return {
        res,
        expected: {
          action: 'app.bundleKeyRotate',
          targetType: 'app',
          targetId: String(app.id),
          before: { keys: [`${first.id} active ${first.publicKey}`] },
          after: { keys: [`${first.id} inactive ${first.publicKey}`, `${made.id} active ${made.publicKey}`] },
        },
      };
    },
  },
  'POST /api/v1/apps/bundleSettings/:appId': {
    run: async () => {
      const app = await newApp();
      const res = await act('POST', `apps/bundleSettings/${app.id}`, { apiBases: ['https://api2.example.com/api/v1'] });
      return {
        res,
        expected: {
          action: 'app.bundleSettings',
          targetType: 'app',
          targetId: String(app.id),
          before: { apiBases: [] },
          after: { apiBases: ['https://api2.example.com/api/v1'] },
        },
      };
    },
  },
  'POST /api/v1/apps/mirrors/:appId': {
    run: async () => {
      const app = await newApp();
      const res = await act('POST', `apps/mirrors/${app.id}`, { url: MIRROR_URL, branch: 'main', path: 'b.json', token: MIRROR_TOKEN });
      return {
        res,
        expected: {
          action: 'app.mirrorAdd',
          targetType: 'app',
          targetId: String(app.id),
          before: { mirrors: [] },
          after: { mirrors: [`${res.json().data.id} ${MIRROR_URL} main b.json`] },
        },
      };
    },
  },
  'PUT /api/v1/apps/mirrors/:appId/:mirrorId': {
    run: async () => {
      const [app, id] = await newMirror();
      const res = await act('PUT', `apps/mirrors/${app}/${id}`, { url: MIRROR_URL, branch: 'next', path: 'b.json', token: MIRROR_TOKEN });
      return {
        res,
        expected: {
          action: 'app.mirrorUpdate',
          targetType: 'app',
          before: { mirrors: [`${id} ${MIRROR_URL} main b.json`] },
          after: { mirrors: [`${id} ${MIRROR_URL} next b.json`] },
        },
      };
    },
  },
  'DELETE /api/v1/apps/mirrors/:appId/:mirrorId': {
    run: async () => {
      const [app, id] = await newMirror();
      const res = await act('DELETE', `apps/mirrors/${app}/${id}`);
      return {
        res,
        expected: {
          action: 'app.mirrorDelete',
          targetType: 'app',
          targetId: String(app),
          before: { mirrors: [`${id} ${MIRROR_URL} main b.json`] },
          after: { mirrors: [] },
        },
      };
    },
  },
  'POST /api/v1/apps/mirrors/:appId/:mirrorId/publish': {
    run: async () => {
      const [app, id] = await newMirror();
      return {
        res: await act('POST', `apps/mirrors/${app}/${id}/publish`),
        expected: { action: 'app.mirrorPublishNow', targetType: 'app', targetId: String(app) },
      };
    },
  },
  'POST /api/v1/apps/mirrors/:appId/:mirrorId/test': {
    run: async () => {
      const [app, id] = await newMirror();
      return { res: await act('POST', `apps/mirrors/${app}/${id}/test`), expected: { action: 'app.mirrorTest', targetType: 'app', targetId: String(app) } };
    },
  },
  'POST /api/v1/apps/notifications/read': {
    run: async () => ({
      res: await act('POST', 'apps/notifications/read', { upTo: 7 }),
      expected: { action: 'user.notificationsRead', targetType: 'user', targetId: String(top.id) },
    }),
  },
  'POST /api/v1/users/signup': {
    run: async () => {
      const body = userBody();
      const res = await act('POST', 'users/signup', body);
      return {
        res,
        expected: {
          action: 'user.create',
          targetType: 'user',
          targetId: String(res.json().data?.id),
          before: null,
          after: expect.objectContaining({ username: body.username, passwordHash: AUDIT_CHANGED, needToChangePass: true }),
        },
      };
    },
  },
  'PUT /api/v1/users/update/:id': {
    run: async () => {
      const user = await t.createUser();
      const res = await act('PUT', `users/update/${user.id}`, { name: 'رضا', family: user.family, email: user.email });
      return { res, expected: { action: 'user.update', targetType: 'user', targetId: String(user.id), before: { name: user.name }, after: { name: 'رضا' } } };
    },
  },
  'POST /api/v1/users/changepasslist': {
    run: async () => {
      const user = await t.createUser();
      const res = await act('POST', 'users/changepasslist', { user_id: user.id, password: NEW_PASSWORD, repassword: NEW_PASSWORD });
      return {
        res,
        expected: {
          action: 'user.setPassword',
          targetType: 'user',
          targetId: String(user.id),
          before: { passwordHash: AUDIT_CHANGED, needToChangePass: false },
          after: { passwordHash: AUDIT_CHANGED, needToChangePass: true },
        },
      };
    },
  },
  'PUT /api/v1/users/updateAccess/:id': {
    run: async () => {
      const user = await t.createUser({ role_id: 2 });
      const res = await act('PUT', `users/updateAccess/${user.id}`, { role_id: 5 });
      return { res, expected: { action: 'user.role', targetType: 'user', targetId: String(user.id), before: { roleId: 2 }, after: { roleId: 5 } } };
    },
  },
  'DELETE /api/v1/users/destroy/:id': {
    run: async () => {
      const user = await t.createUser();
      const res = await act('DELETE', `users/destroy/${user.id}`);
      return {
        res,
        expected: {
          action: 'user.delete',
          targetType: 'user',
          targetId: String(user.id),
          before: expect.objectContaining({ username: user.username, passwordHash: AUDIT_CHANGED }),
          after: null,
        },
      };
    },
  },
  'PUT /api/v1/users/changestatus/:id': {
    run: async () => {
      const user = await t.createUser();
      const res = await act('PUT', `users/changestatus/${user.id}`, { active: false });
      return { res, expected: { action: 'user.status', targetType: 'user', targetId: String(user.id), before: { active: true }, after: { active: false } } };
    },
  },
  'POST /api/v1/access/roles': {
    run: async () => {
      const name = `role${unique()}`;
      const res = await act('POST', 'access/roles', { pName: 'نقش آزمایشی', name, description: 'Reads devices' });
      return {
        res,
        expected: {
          action: 'role.create',
          targetType: 'role',
          targetId: String(res.json().data.id),
          before: null,
          after: expect.objectContaining({ name, description: 'Reads devices', scope: 'own' }),
        },
      };
    },
  },
  'PUT /api/v1/access/roles/:id': {
    run: async () => {
      const id = (await call('POST', 'access/roles', { pName: 'نقش آزمایشی', name: `role${unique()}`, description: null })).json().data.id;
      const res = await act('PUT', `access/roles/${id}`, { pName: 'نقش آزمایشی', name: `renamed${unique()}`, description: 'Now described' });
      return {
        res,
        expected: {
          action: 'role.update',
          targetType: 'role',
          targetId: String(id),
          before: expect.objectContaining({ description: null }),
          after: expect.objectContaining({ description: 'Now described' }),
        },
      };
    },
  },
  'PUT /api/v1/access/roles/:id/permissions': {
    run: async () => {
      const id = (await call('POST', 'access/roles', { pName: 'نقش آزمایشی', name: `role${unique()}`, description: null })).json().data.id;
      const res = await act('PUT', `access/roles/${id}/permissions`, { menuIds: [1], operations: [{ method: 'GET', route: 'apps/devices' }], scope: 'all' });
      return {
        res,
        expected: {
          action: 'role.permissions',
          targetType: 'role',
          targetId: String(id),
          before: { scope: 'own', menuIds: [], operations: [] },
          after: { scope: 'all', menuIds: [1], operations: ['GET apps/devices'] },
        },
      };
    },
  },
  'DELETE /api/v1/access/roles/:id': {
    run: async () => {
      const name = `role${unique()}`;
      const id = (await call('POST', 'access/roles', { pName: 'نقش آزمایشی', name, description: null })).json().data.id;
      const res = await act('DELETE', `access/roles/${id}`);
      return { res, expected: { action: 'role.delete', targetType: 'role', targetId: String(id), before: expect.objectContaining({ name }), after: null } };
    },
  },
  'POST /api/v1/access/menus': {
    run: async () => {
      const res = await act('POST', 'access/menus', { pName: 'گزارش', enName: 'Report', route: '/report', parentId: null });
      return {
        res,
        expected: {
          action: 'menu.create',
          targetType: 'menu',
          targetId: String(res.json().data.id),
          before: null,
          after: expect.objectContaining({ route: '/report', enName: 'Report' }),
        },
      };
    },
  },
  'PUT /api/v1/access/menus/:id': {
    run: async () => {
      const id = (await call('POST', 'access/menus', { pName: 'الف', enName: 'A', route: '/a', parentId: null })).json().data.id;
      const res = await act('PUT', `access/menus/${id}`, { pName: 'الف', enName: 'A2', route: '/a2' });
      return {
        res,
        expected: {
          action: 'menu.update',
          targetType: 'menu',
          targetId: String(id),
          before: { enName: 'A', route: '/a' },
          after: { enName: 'A2', route: '/a2' },
        },
      };
    },
  },
  'DELETE /api/v1/access/menus/:id': {
    run: async () => {
      const id = (await call('POST', 'access/menus', { pName: 'ب', enName: 'B', route: '/b', parentId: null })).json().data.id;
      const res = await act('DELETE', `access/menus/${id}`);
      return {
        res,
        expected: { action: 'menu.delete', targetType: 'menu', targetId: String(id), before: expect.objectContaining({ route: '/b' }), after: null },
      };
    },
  },
  'PUT /api/v1/access/menus/:id/move': {
    run: async () => {
      const id = (await call('POST', 'access/menus', { pName: 'ج', enName: 'C', route: '/c', parentId: 1 })).json().data.id;
      await call('POST', 'access/menus', { pName: 'د', enName: 'D', route: '/d', parentId: 1 });
      const res = await act('PUT', `access/menus/${id}/move`, { direction: 'down' });
      return { res, expected: { action: 'menu.move', targetType: 'menu', targetId: String(id), before: { sortOrder: 0 }, after: { sortOrder: 1 } } };
    },
  },
};

/** Routes whose success needs a state the cases above reach in their own tests (TOTP codes): covered below. */
// The phones' report call is no staff change and writes no record (one per report would bury the log);
// its route declares `skip`, and client-report.test.ts covers it.
const ELSEWHERE = new Set([
  'POST /api/v1/users/signin/totp',
  'POST /api/v1/users/totp/enable',
  'POST /api/v1/users/totp/disable',
  'POST /api/v1/test/failsAfterWrite',
  'POST /api/v1/apps/client/report',
]);

describe('every mutating route writes exactly one audit record', () => {
  it('has a case for every non-GET route of the route table', () => {
    const mutating = t.app.routeTable.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url}`);
    expect(mutating.filter((k) => !CASES[k] && !ELSEWHERE.has(k))).toEqual([]);
    expect(mutating.length).toBeGreaterThan(35);
  });

  it.each(Object.keys(CASES))('%s', async (key) => {
    const { run } = CASES[key];
    const { res, expected } = await run();
    expect(res.statusCode).toBe(200);
    expect(added).toBe(1);
    const last = (await records())[0];
    // the case's own record is the newest; set-up calls wrote theirs before
    const [method, url] = key.split(' ');
    expect(last).toMatchObject({ operation: `${method} ${url}`, action: expected.action, targetType: expected.targetType, ip: '127.0.0.1' });
    if (expected.targetId !== undefined) expect(last.targetId).toBe(expected.targetId);
    if (expected.before !== undefined) expect(last.before).toEqual(expected.before);
    if (expected.after !== undefined) expect(last.after).toEqual(expected.after);
    if (expected.detail !== undefined) expect(last.detail).toEqual(expected.detail);
  });
});

it('refuses at startup a route that changes data without declaring its audit record', async () => {
  await expect(
    createTestApp({
      beforeReady(app) {
        app.delete('/api/v1/test/unaudited', async () => ({}));
      },
    }),
  ).rejects.toThrow(/DELETE \/api\/v1\/test\/unaudited changes data but declares no config.audit/);
});

describe('one call, one record; refused calls record nothing', () => {
  it('a save that changes nothing leaves no record', async () => {
    const app = await newApp();
    const n = await count();
    expect((await call('PUT', `apps/changeStatus/${app.id}/true`)).statusCode).toBe(200);
    expect(await count()).toBe(n);
  });

  it('a plain update adds exactly one record, naming the actor', async () => {
    const app = await newApp();
    const n = await count();
    expect((await call('PUT', `apps/changeStatus/${app.id}/false`)).statusCode).toBe(200);
    expect(await count()).toBe(n + 1);
    expect((await records())[0]).toMatchObject({ actorId: top.id, actorName: ADMIN.username, actorRole: expect.any(String), targetName: app.name });
  });

  it('refused calls (404, 409, 400 in the handler, 403) write nothing', async () => {
    const app = await newApp();
    const other = await newApp();
    const { token } = await t.signedInUser({ role_id: 2 });
    const n = await count();
    expect((await call('DELETE', 'apps/destroyServer/999999')).statusCode).toBe(404);
    expect((await call('PUT', `apps/updateApp/${app.id}`, { ...appBody(app.adminId), packageName: other.packageName })).statusCode).toBe(409);
    expect((await call('POST', `apps/updateSettings/${app.id}`, { selectedCountries: 'ZZ' })).statusCode).toBe(400);
    expect((await call('PUT', `apps/changeStatus/${app.id}/false`, undefined, t.auth(token))).statusCode).toBe(404);
    expect((await call('POST', 'apps/setPrivacy', { privacy: '<p>x</p>' }, t.auth(token))).statusCode).toBe(403);
    expect(await count()).toBe(n);
  });

  it('a handler that throws after writing leaves neither the change nor a record', async () => {
    const [row] = await t.db.select().from(privacyPolicy);
    const n = await count();
    expect((await call('POST', 'test/failsAfterWrite', {})).statusCode).toBe(500);
    expect(await count()).toBe(n);
    const [after] = await t.db.select().from(privacyPolicy);
    expect(after?.html).toBe(row?.html);
  });

  it('a failed sign-in is recorded, with the name typed, and its failure counters stay', async () => {
    const user = await t.createUser();
    const n = await count();
    const failures = (await t.db.select().from(signInFailures)).length;
    const res = await act('POST', 'users/signin', { email: user.username, password: 'Wrong#Pass1' }, {});
    expect(res.statusCode).toBe(401);
    expect(await count()).toBe(n + 1);
    expect((await records())[0]).toMatchObject({
      action: 'session.signInFailed',
      actorId: null,
      actorName: user.username,
      before: null,
      after: null,
      detail: { status: 401 },
    });
    expect((await t.db.select().from(signInFailures)).length).toBeGreaterThan(failures);
  });

  it('sign-out is recorded', async () => {
    const { user, token } = await t.signedInUser();
    const res = await act('GET', 'users/logout', undefined, t.auth(token));
    expect(res.statusCode).toBe(200);
    expect((await records())[0]).toMatchObject({ action: 'session.signOut', actorId: user.id, targetId: String(user.id) });
  });

  it('every recorded action and target type has a name in both panel languages', async () => {
    const recorded = await records();
    for (const lang of ['en', 'fa']) {
      const names = JSON.parse(readFileSync(path.join(__dirname, `../../src/features/audit/lang/${lang}.json`), 'utf8')) as Record<string, string>;
      expect([...new Set(recorded.map((r) => r.action))].filter((a) => !names[`audit.actionNames.${a}`])).toEqual([]);
      expect([...new Set(recorded.map((r) => r.targetType))].filter((type) => type && !names[`audit.targetTypes.${type}`])).toEqual([]);
    }
  });

  it('no secret value appears in any record', async () => {
    const all = JSON.stringify(await records());
    const found = secrets.filter((s) => typeof s === 'string' && s.length >= 6 && all.includes(s));
    expect(found).toEqual([]);
    // the sealed forms are never written either
    const sealed = await t.db.execute(
      sql`SELECT address_enc FROM profiles UNION ALL SELECT password_enc FROM servers WHERE password_enc IS NOT NULL UNION ALL SELECT password_hash FROM users UNION ALL SELECT private_key_sealed FROM app_bundle_keys UNION ALL SELECT token_sealed FROM app_mirrors`,
    );
    const values = ((sealed as { rows?: Json[] }).rows ?? (sealed as unknown as Json[])).map((r) => String(Object.values(r)[0]));
    expect(values.length).toBeGreaterThan(3);
    expect(values.filter((v) => all.includes(v))).toEqual([]);
  });
});

describe('GET audit', () => {
  it('filters by actor, action, target and time, pages newest first, and counts', async () => {
    const app = await newApp();
    for (const state of ['false', 'true', 'false']) expect((await call('PUT', `apps/changeStatus/${app.id}/${state}`)).statusCode).toBe(200);
    const q = `action=app.status&targetType=app&targetId=${app.id}&actorId=${top.id}`;
    const page1 = await call('GET', `audit?${q}&size=2&page=1`);
    expect(page1.statusCode).toBe(200);
    expect(page1.json().count).toBe(3);
    expect(page1.json().rows.map((r: Json) => r.after)).toEqual([{ active: false }, { active: true }]);
    const page2 = (await call('GET', `audit?${q}&size=2&page=2`)).json();
    expect(page2.rows.map((r: Json) => r.after)).toEqual([{ active: false }]);
    expect(page2.rows[0].before).toEqual({ active: true });
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await call('GET', `audit?${q}&from=${encodeURIComponent(future)}`)).json()).toEqual({ rows: [], count: 0 });
    expect((await call('GET', `audit?${q}&to=${encodeURIComponent(future)}`)).json().count).toBe(3);
    const options = (await call('GET', 'audit/filters')).json().data;
    expect(options.actions).toEqual(expect.arrayContaining(['app.status', 'app.create', 'session.signInFailed']));
    expect(options.targetTypes).toEqual(expect.arrayContaining(['app', 'user', 'server', 'profile']));
    expect(options.actors).toEqual(expect.arrayContaining([{ id: top.id, name: ADMIN.username }]));
  });

  it('refuses everyone but role_id 1 (403), and bad filters (400)', async () => {
    for (const role_id of [2, 5]) {
      const { token } = await t.signedInUser({ role_id });
      expect((await call('GET', 'audit', undefined, t.auth(token))).statusCode).toBe(403);
    }
    expect((await call('GET', 'audit', undefined, {})).statusCode).toBe(401);
    expect((await call('GET', 'audit?size=1000')).statusCode).toBe(400);
    expect((await call('GET', 'audit?from=yesterday')).statusCode).toBe(400);
  });

  it('retention deletes only records older than AUDIT_RETENTION_DAYS', async () => {
    const app = await newApp();
    await t.db
      .update(auditLog)
      .set({ at: sql`now() - interval '400 days'` })
      .where(eq(auditLog.targetId, String(app.id)));
    const old = (await call('GET', `audit?targetType=app&targetId=${app.id}`)).json().count;
    expect(old).toBeGreaterThan(0);
    const total = await count();
    expect(await t.repos.audit.purgeOlderThan(t.config.auditRetentionDays)).toBe(old);
    expect(await count()).toBe(total - old);
  });
});
