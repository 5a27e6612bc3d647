// The input rules every route shares (docs/architecture.md §5): a NUL character anywhere is a 400, every text
// has a maximum length, ids are decimal digits within PostgreSQL's integer range, and a malformed
// multipart body is a 400. Each case here answered 500 (or, for `0x1`, acted on app 1) before.
import { eq } from 'drizzle-orm';
import { apps } from '../../../server/src/db/schema';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { api, callers, makeApp, type Callers } from '../helpers/seed';

let t: TestApp;
let c: Callers;
beforeAll(async () => {
  t = await createTestApp();
  c = await callers(t);
});
afterAll(() => t?.close());

const expect400 = (res: { statusCode: number; json(): unknown }, errors?: Record<string, string>) => {
  expect(res.statusCode).toBe(400);
  const body = { message: expect.any(String), code: expect.any(String) };
  expect(res.json()).toEqual(errors ? { ...body, errors } : expect.objectContaining(body));
};

it('refuses a NUL character in a body, a header, a query and a path, signed in or not', async () => {
  expect400(await t.app.inject({ method: 'POST', url: api('users/signin'), payload: { email: 'a\u0000b', password: 'x' } }), { email: 'validation.checkInput' });
  const device = { fcmToken: 'token', uniqueDeviceId: 'device-1' };
  expect400(await t.app.inject({ method: 'POST', url: api('apps/addDevice'), headers: { appapikey: 'a\u0000b' }, payload: device }), { appapikey: 'validation.checkInput' });
  expect400(await t.app.inject({ method: 'POST', url: api('apps/storeApp'), headers: c.top.headers, payload: { name: 'x', nested: ['ok', 'b\u0000'] } }), { 'nested.1': 'validation.checkInput' });
  expect400(await t.app.inject({ method: 'GET', url: api('apps/devices?filter=a%00b'), headers: c.top.headers }), { filter: 'validation.checkInput' });
  expect400(await t.app.inject({ method: 'GET', url: api('flags/i%00r.svg') }));
});

it('bounds every text before any database work: a 1,000,000-character email at sign-in is a 400', async () => {
  const res = await t.app.inject({ method: 'POST', url: api('users/signin'), payload: { email: 'a'.repeat(1_000_000), password: 'x' } });
  expect400(res, { email: 'validation.tooLong' });
});

it('takes ids in a query only as decimal digits within the 32-bit range', async () => {
  for (const appId of ['99999999999', '1e20', '0x1', '2147483648', '1.5']) {
    expect400(await t.app.inject({ method: 'GET', url: api(`apps/servers?appId=${appId}`), headers: c.top.headers }));
    expect400(await t.app.inject({ method: 'GET', url: api(`apps/devices?appId=${appId}`), headers: c.top.headers }));
  }
  // The largest id is still an id (no such app: 404), and a real one in plain digits works.
  expect((await t.app.inject({ method: 'GET', url: api('apps/servers?appId=2147483647'), headers: c.top.headers })).statusCode).toBe(404);
  const app = await makeApp(t, c, c.top);
  expect((await t.app.inject({ method: 'GET', url: api(`apps/servers?appId=${app.id}`), headers: c.top.headers })).statusCode).toBe(200);
});

it('takes path ids only as decimal digits: DELETE apps/destroy/0x1 does not delete app 1', async () => {
  const app = await makeApp(t, c, c.top);
  const hex = `0x${app.id.toString(16)}`;
  for (const id of [hex, `${app.id}e0`, `+${app.id}`, '99999999999']) {
    expect400(await t.app.inject({ method: 'DELETE', url: api(`apps/destroy/${id}`), headers: c.top.headers }));
  }
  expect(await t.db.select().from(apps).where(eq(apps.id, app.id))).toHaveLength(1);
});

it('answers a malformed multipart body with 400 and the API error shape', async () => {
  const noBoundary = await t.app.inject({
    method: 'POST', url: api('users/avatar'), headers: { ...c.top.headers, 'content-type': 'multipart/form-data' }, payload: 'abc',
  });
  expect400(noBoundary);
  const boundary = 'XyZ';
  const truncated = `--${boundary}\r\nContent-Disposition: form-data; name="csvFile"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\naddress,name`;
  const headers = { ...c.top.headers, 'content-type': `multipart/form-data; boundary=${boundary}` };
  expect400(await t.app.inject({ method: 'POST', url: api('apps/group/addProfiles'), headers, payload: truncated }));
  expect400(await t.app.inject({ method: 'POST', url: api('users/avatar'), headers, payload: truncated }));
  const badHeader = `--${boundary}\r\nContent-Disposition: form-data; name="serverId"\r\n\r\n1\u0000\r\n--${boundary}--\r\n`;
  expect400(await t.app.inject({ method: 'POST', url: api('apps/group/addProfiles'), headers, payload: badHeader }), { serverId: 'validation.checkInput' });
});
