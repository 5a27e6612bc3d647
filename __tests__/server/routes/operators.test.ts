// GET/POST apps/settings/operators: four names, read by every signed-in role, written by role_id 1
// only, trimmed, and each required.
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn(ADMIN.username, ADMIN.password);
});
afterAll(() => t?.close());

const get = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/apps/settings/operators', headers: t.auth(token) });
const post = (token: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/v1/apps/settings/operators', headers: t.auth(token), payload });

const NAMES = { wifiOperatorName: 'WiFi', mciOperatorName: 'همراه اول', irancellOperatorName: 'ایرانسل', othersOperatorName: 'Others' };

it('reads four empty names before any save', async () => {
  const res = await get(admin);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ data: { wifiOperatorName: '', mciOperatorName: '', irancellOperatorName: '', othersOperatorName: '' } });
});

it('saves the four names trimmed (role_id 1) and every role reads them back', async () => {
  const padded = Object.fromEntries(Object.entries(NAMES).map(([k, v]) => [k, `  ${v}\t`]));
  const res = await post(admin, { ...padded, extra: 'dropped' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ success: true, data: NAMES });
  for (const role_id of [2, 5]) {
    const { token } = await t.signedInUser({ role_id });
    expect((await get(token)).json()).toEqual({ data: NAMES });
  }
});

it('refuses a blank or missing name with 400 naming each, and keeps the stored names', async () => {
  const res = await post(admin, { ...NAMES, wifiOperatorName: '   ', othersOperatorName: undefined });
  expect(res.statusCode).toBe(400);
  expect(res.json().errors).toEqual({ wifiOperatorName: 'validation.required', othersOperatorName: 'validation.required' });
  expect((await get(admin)).json().data).toEqual(NAMES);
});

it('answers 403 to app admins and role_id 5 writing, 401 without a token, and changes nothing', async () => {
  for (const role_id of [2, 5]) {
    const { token } = await t.signedInUser({ role_id });
    expect((await post(token, { ...NAMES, wifiOperatorName: 'Hijacked' })).statusCode).toBe(403);
  }
  expect((await t.app.inject({ method: 'GET', url: '/api/v1/apps/settings/operators' })).statusCode).toBe(401);
  expect((await get(admin)).json().data).toEqual(NAMES);
});
