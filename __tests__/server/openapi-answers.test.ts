// Every GET of the OpenAPI document called live, its answer checked against the document by a
// third-party validator (Ajv, which reads OpenAPI 3.0's `nullable`): the status is one the operation
// declares, the content type one it lists, and a JSON body valid against the schema given for it.
// Records of every kind are made first, so nearly every call answers 200 with real data.
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { createTestApp, type TestApp } from './helpers/test-app';
import { api, callers, seedApp, seedServer, type Callers } from './helpers/seed';

type Json = Record<string, any>;
const VLESS = 'vless://3f1c9a6e-2b4d-4c8e-9f7a-1d2e3f4a5b6c@cdn.example.com:443?encryption=none&security=tls&sni=cdn.example.com&type=ws&path=%2Fws#WS';

let t: TestApp;
let c: Callers;
let doc: Json;
const ids: Record<string, string | number> = {};

beforeAll(async () => {
  t = await createTestApp();
  c = await callers(t);
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  const app = await seedApp(t, c.owner.id, { keys: true });
  const serverId = await seedServer(t, [app.id]);
  const profile = await t.call(c.top.token, 'POST', 'apps/addProfile', {
    name: 'P',
    address: VLESS,
    operator: 'mci',
    protocol: 'vless',
    type: 'normal',
    serverId,
  });
  const sub = await t.call(c.top.token, 'POST', 'apps/subscriptions', { serverId, label: 'live' });
  const device = await t.app.inject({
    method: 'POST',
    url: api('apps/addDevice'),
    headers: { appapikey: app.apiKey },
    payload: { uniqueDeviceId: 'live-1', fcmToken: 'f', appVersionCode: 3 },
  });
  expect([profile.statusCode, sub.statusCode, device.statusCode]).toEqual([200, 200, 200]);
  Object.assign(ids, { app: app.id, apiKey: app.apiKey, server: serverId, profile: profile.json().data.id, token: sub.json().data.token });
});
afterAll(() => t.close());

/** The record a path's `{id}` names. */
const idFor = (path: string): string | number => {
  if (/profileAddress|exportProfile\/|exportFormats/.test(path)) return ids.profile;
  if (path.startsWith('/api/v1/access/roles/')) return 1;
  if (path.startsWith('/api/v1/files/avatars/')) return 1;
  return ids.app;
};
const PARAMS: Record<string, (path: string) => string | number> = {
  id: idFor,
  serverId: () => ids.server,
  appId: () => ids.app,
  code: () => 'de',
  token: () => ids.token,
};
const QUERY: Record<string, string> = { ascending: 'true', versionCode: '3' };
/** Calls that end the caller's session go last (and are not called here). */
const SKIP = new Set(['/api/v1/users/logout']);

it('answers every GET as the document says: a declared status, a listed content type, a valid JSON body', async () => {
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(doc, 'openapi.json');
  const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
  const problems: unknown[] = [];
  const statuses: Record<string, number> = {};
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    const op = item.get;
    if (!op || SKIP.has(path)) continue;
    const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => String(PARAMS[name]?.(path) ?? 1));
    const query = (op.parameters ?? []).filter((p: Json) => p.in === 'query' && p.required).map((p: Json) => `${p.name}=${QUERY[p.name] ?? '1'}`);
    const appKey = (op.security ?? []).some((s: Json) => 'appApiKey' in s);
    const res = await t.app.inject({
      method: 'GET',
      url: query.length ? `${url}?${query.join('&')}` : url,
      headers: appKey ? { appapikey: String(ids.apiKey) } : c.top.headers,
    });
    statuses[path] = res.statusCode;
    const key = String(res.statusCode) in op.responses ? String(res.statusCode) : `${String(res.statusCode)[0]}XX`;
    const declared = op.responses[key];
    if (!declared) {
      problems.push({ path, status: res.statusCode, problem: 'status not declared' });
      continue;
    }
    if (res.statusCode === 304 || !declared.content) continue;
    const type = String(res.headers['content-type'] ?? '')
      .split(';')[0]
      .trim();
    if (!declared.content[type]) {
      problems.push({ path, status: res.statusCode, problem: `content type ${type} not listed (${Object.keys(declared.content).join(', ')})` });
      continue;
    }
    if (type !== 'application/json') continue;
    const validate = ajv.getSchema(`openapi.json#/${pointer('paths', path, 'get', 'responses', key, 'content', type, 'schema')}`)!;
    if (!validate(res.json())) problems.push({ path, status: res.statusCode, errors: validate.errors?.slice(0, 3) });
  }
  expect(problems).toEqual([]);
  // The validator does refuse what the document does not allow.
  const apps = ajv.getSchema(`openapi.json#/${pointer('paths', '/api/v1/apps', 'get', 'responses', '200', 'content', 'application/json', 'schema')}`)!;
  expect(apps({ data: [{ id: 'one' }] })).toBe(false);
  const error = ajv.getSchema(`openapi.json#/${pointer('paths', '/api/v1/apps', 'get', 'responses', '4XX', 'content', 'application/json', 'schema')}`)!;
  expect([error({ message: 'm', code: 'C' }), error({ message: 'm' })]).toEqual([true, false]);
  // Real data, not a row of errors: every call but the avatar of a user who has none answers 200.
  expect(Object.entries(statuses).filter(([p, s]) => s !== 200 && !p.includes('/files/avatars/'))).toEqual([]);
  expect(Object.keys(statuses).length).toBeGreaterThan(35);
});

it('states the rules the server enforces and the answers that are not JSON', () => {
  const body = (path: string, method: string) => doc.paths[path][method].requestBody.content['application/json'].schema;
  const profile = body('/api/v1/apps/addProfile', 'post').properties.name;
  const settings = body('/api/v1/apps/updateSettings/{id}', 'post').properties;
  expect([settings.newCoreKey.minLength, settings.newCoreKey.maxLength, settings.newCoreIv.minLength, settings.newCoreIv.maxLength]).toEqual([32, 32, 16, 16]);
  const signup = body('/api/v1/users/signup', 'post').properties;
  expect(new RegExp(signup.name.pattern).test('علی')).toBe(true);
  expect(new RegExp(signup.name.pattern).test('Ali')).toBe(false);
  // Names the phones show refuse bidi controls and zero-width characters (a ZWNJ inside a Persian
  // word excepted) in the document too, with the field's other pattern (profile names) kept.
  const ajv = new Ajv({ strict: false, validateSchema: false });
  const accepts = (schema: Json) => (v: string) => ajv.validate(schema, v);
  for (const name of [body('/api/v1/apps/storeApp', 'post').properties.name, profile, body('/api/v1/apps/subscriptions', 'post').properties.label]) {
    expect(['\u202Egnp.exe', 'apple\u200C', 'a\u200Bb', 'x\u2066y'].filter(accepts(name))).toEqual([]);
  }
  expect(['My App', 'وای\u200Cفای'].map(accepts(body('/api/v1/apps/storeApp', 'post').properties.name))).toEqual([true, true]);
  expect(profile.allOf).toEqual([{ pattern: expect.any(String) }]);
  expect(['S-1 a_b', 'S/1'].map(accepts(profile))).toEqual([true, false]);
  const devices = doc.paths['/api/v1/apps/devices'].get.parameters.find((p: Json) => p.name === 'ascending');
  expect(devices.required ?? false).toBe(false);
  const config = doc.paths['/api/v1/apps/client/config'].get.responses;
  expect(Object.keys(config['304'].headers).sort()).toEqual(['cache-control', 'etag', 'vary']);
  expect(config['304'].content).toBeUndefined();
  expect(Object.keys(config['200'].headers).sort()).toEqual(['cache-control', 'etag', 'vary']);
  const types = (path: string) => Object.keys(doc.paths[path].get.responses['200'].content ?? {}).sort();
  expect(types('/api/v1/apps/exportProfile/{id}')).toEqual(['application/json', 'image/svg+xml', 'text/plain']);
  expect(types('/api/v1/apps/exportProfiles/{serverId}')).toEqual(['text/plain']);
  expect(types('/api/v1/apps/client/privacy')).toEqual(['text/html']);
  expect(types('/api/v1/sub/{token}')).toEqual(['application/json', 'text/html', 'text/plain']);
  expect(doc.paths['/api/v1/sub/{token}'].get.responses['200'].headers).toHaveProperty('profile-title');
});
