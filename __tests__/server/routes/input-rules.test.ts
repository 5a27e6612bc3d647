// The input rules every route shares (docs/architecture.md §5): a NUL character anywhere is a 400, every text
// has a maximum length, ids are decimal digits within PostgreSQL's integer range, and a malformed
// multipart body is a 400. Each case here answered 500 (or, for `0x1`, acted on app 1) before.
// Then the rules a security review found skipped: ids with one spelling only (`%206`, `06`), JSON
// bodies typed strictly, no bidi controls or zero-width characters in the names phones show, no
// lone surrogate in a JSON body, and the docs/product.md §5 text rules on the fields the panel marks.
import { eq } from 'drizzle-orm';
import { apps, roles } from '../../../server/src/db/schema';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { api, callers, makeApp, seedServer, type Callers } from '../helpers/seed';

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
  expect400(await t.app.inject({ method: 'POST', url: api('users/signin'), payload: { email: 'a\u0000b', password: 'x' } }), {
    email: 'validation.checkInput',
  });
  const device = { fcmToken: 'token', uniqueDeviceId: 'device-1' };
  expect400(await t.app.inject({ method: 'POST', url: api('apps/addDevice'), headers: { appapikey: 'a\u0000b' }, payload: device }), {
    appapikey: 'validation.checkInput',
  });
  expect400(await t.app.inject({ method: 'POST', url: api('apps/storeApp'), headers: c.top.headers, payload: { name: 'x', nested: ['ok', 'b\u0000'] } }), {
    'nested.1': 'validation.checkInput',
  });
  expect400(await t.app.inject({ method: 'GET', url: api('apps/devices?filter=a%00b'), headers: c.top.headers }), { filter: 'validation.checkInput' });
  expect400(await t.app.inject({ method: 'GET', url: api('flags/i%00r.svg') }));
});

it('bounds every text before any database work: a 1,000,000-character email at sign-in is a 400', async () => {
  const res = await t.app.inject({ method: 'POST', url: api('users/signin'), payload: { email: 'a'.repeat(1_000_000), password: 'x' } });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({
    message: expect.any(String),
    code: expect.any(String),
    errors: { email: 'validation.tooLong' },
    values: { email: { max: 255 } },
  });
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
    method: 'POST',
    url: api('users/avatar'),
    headers: { ...c.top.headers, 'content-type': 'multipart/form-data' },
    payload: 'abc',
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

describe('ids with one spelling', () => {
  it('refuses `%206` and `06` in a path: DELETE apps/destroy/%206 deletes nothing, GET apps/getApp/06 answers nothing', async () => {
    const app = await makeApp(t, c, c.top);
    for (const id of [`%20${app.id}`, `0${app.id}`, `${app.id}%20`, `%09${app.id}`]) {
      expect400(await t.app.inject({ method: 'DELETE', url: api(`apps/destroy/${id}`), headers: c.top.headers }), { id: 'validation.integer' });
      expect400(await t.app.inject({ method: 'GET', url: api(`apps/getApp/${id}`), headers: c.top.headers }), { id: 'validation.integer' });
      expect400(await t.app.inject({ method: 'PUT', url: api(`apps/changeStatus/${id}/false`), headers: c.top.headers }));
    }
    expect(await t.db.select({ active: apps.active }).from(apps).where(eq(apps.id, app.id))).toEqual([{ active: true }]);
    expect((await t.app.inject({ method: 'GET', url: api(`apps/getApp/${app.id}`), headers: c.top.headers })).statusCode).toBe(200);
  });

  it('refuses them in id query params too', async () => {
    const app = await makeApp(t, c, c.top);
    for (const id of [`%20${app.id}`, `0${app.id}`]) {
      expect400(await t.app.inject({ method: 'GET', url: api(`apps/servers?appId=${id}`), headers: c.top.headers }), { appId: 'validation.integer' });
      expect400(await t.app.inject({ method: 'GET', url: api(`apps/devices?appId=${id}`), headers: c.top.headers }), { appId: 'validation.integer' });
    }
    expect400(await t.app.inject({ method: 'GET', url: api('users?role_id=02'), headers: c.top.headers }), { role_id: 'validation.integer' });
  });
});

describe('JSON bodies are typed strictly', () => {
  it('refuses a number, boolean or object where text belongs: setPrivacy {privacy: 123}, access/roles {name: true}', async () => {
    expect400(await t.app.inject({ method: 'POST', url: api('apps/setPrivacy'), headers: c.top.headers, payload: { privacy: 123 } }), {
      privacy: 'validation.checkInput',
    });
    expect400(await t.app.inject({ method: 'POST', url: api('access/roles'), headers: c.top.headers, payload: { pName: 'نقش', name: true } }), {
      name: 'validation.checkInput',
    });
    expect(await t.db.select().from(roles).where(eq(roles.name, 'true'))).toEqual([]);
  });

  it('refuses text where a number or a boolean belongs, at any depth', async () => {
    const app = await makeApp(t, c, c.top);
    const server = { appId: [app.id], countryId: 1, ip: 'typed.example.com', port: 22 };
    expect400(await t.app.inject({ method: 'POST', url: api('apps/addServer'), headers: c.top.headers, payload: { ...server, port: '22' } }), {
      port: 'validation.number',
    });
    expect400(await t.app.inject({ method: 'POST', url: api('apps/addServer'), headers: c.top.headers, payload: { ...server, appId: [String(app.id)] } }), {
      'appId[0]': 'validation.number',
    });
    expect400(await t.app.inject({ method: 'PUT', url: api(`users/changestatus/${c.other.id}`), headers: c.top.headers, payload: { active: 'false' } }), {
      active: 'validation.checkInput',
    });
    expect400(
      await t.app.inject({ method: 'POST', url: api(`apps/updateSettings/${app.id}`), headers: c.top.headers, payload: { connectDelay: '5', forceUpdate: 1 } }),
      {
        connectDelay: 'validation.number',
        forceUpdate: 'validation.checkInput',
      },
    );
    // The same values typed right are taken; a query string and a path are text and keep their casts.
    expect((await t.app.inject({ method: 'POST', url: api('apps/addServer'), headers: c.top.headers, payload: server })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: api(`apps/devices?appId=${app.id}&page=1&size=30&ascending=true`), headers: c.top.headers })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: api(`apps/changeStatus/${app.id}/true`), headers: c.top.headers })).statusCode).toBe(200);
  });
});

describe('text the phones show, and text that is not Unicode', () => {
  const RLO = '\u202E'; // right-to-left override
  const operators = { wifiOperatorName: 'Wi-Fi', mciOperatorName: 'MCI', irancellOperatorName: 'Irancell', othersOperatorName: 'Others' };

  it('refuses bidi controls and zero-width characters in app, operator, profile and server names', async () => {
    const adminId = c.owner.id;
    const storeApp = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: api('apps/storeApp'),
        headers: c.top.headers,
        payload: { name, packageName: `com.example.bidi${name.length}`, sign: 's', adminId },
      });
    for (const name of [`My${RLO}gnp.exe`, 'A\u2066pp', 'Ap\u200Bp', 'App\u200F', 'Ap\uFEFFp', 'App\u200C'])
      expect400(await storeApp(name), { name: 'validation.invisibleCharacters' });
    const setOperators = (patch: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: api('apps/settings/operators'), headers: c.top.headers, payload: { ...operators, ...patch } });
    expect400(await setOperators({ mciOperatorName: `MCI${RLO}` }), { mciOperatorName: 'validation.invisibleCharacters' });
    expect400(await setOperators({ wifiOperatorName: 'Wi\u200DFi' }), { wifiOperatorName: 'validation.invisibleCharacters' });
    // ZWNJ inside a Persian word is spelling, not a trick.
    expect((await setOperators({ wifiOperatorName: 'وای\u200Cفای' })).statusCode).toBe(200);

    const app = await makeApp(t, c, c.top);
    const server = await seedServer(t, [app.id]);
    const profile = {
      name: `P${RLO}1`,
      address: 'vless://00000000-0000-4000-8000-000000000000@example.com:443?type=tcp&security=none#x',
      operator: 'mci',
      protocol: 'vless',
      serverId: server,
    };
    expect400(await t.app.inject({ method: 'POST', url: api('apps/addProfile'), headers: c.top.headers, payload: profile }), {
      name: 'validation.invisibleCharacters',
    });
    const host = { appId: [app.id], countryId: 1, ip: 'de1.example.com\u2069', port: 22 };
    expect400(await t.app.inject({ method: 'POST', url: api('apps/addServer'), headers: c.top.headers, payload: host }), {
      ip: 'validation.invisibleCharacters',
    });
  });

  it('refuses a lone surrogate anywhere in a JSON body instead of storing U+FFFD', async () => {
    const json = { ...c.top.headers, 'content-type': 'application/json' };
    const send = (payload: string) => t.app.inject({ method: 'POST', url: api('apps/setPrivacy'), headers: json, payload });
    expect400(await send('{"privacy":"<p>a\\ud800b</p>"}'), { privacy: 'validation.checkInput' });
    expect400(await send('{"privacy":"<p>a\\udc00</p>"}'), { privacy: 'validation.checkInput' });
    expect400(await send('{"privacy":"ok","x":{"y":["\\udbff"]}}'), { 'x.y.0': 'validation.checkInput' });
    // A pair is one character, and is stored as sent.
    expect((await send('{"privacy":"<p>\\ud83d\\ude80</p>"}')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: api('apps/privacy'), headers: c.top.headers })).body).toContain('🚀');
  });
});

describe('the docs/product.md §5 text rules on the fields the panel marks', () => {
  it('refuses Persian in English-only fields: app sign, server username, links, ad ids, device model, website, new passwords', async () => {
    const app = await makeApp(t, c, c.top);
    const persian = 'متن';
    const call = (method: 'POST' | 'PUT', path: string, payload: object, headers: Record<string, string> = c.top.headers) =>
      t.app.inject({ method, url: api(path), headers, payload });
    expect400(
      await call('POST', 'apps/storeApp', { name: 'Any نام', packageName: 'com.example.rules', sign: persian, adminId: c.owner.id, cppSign: `x${persian}` }),
      {
        sign: 'validation.englishOnly',
        cppSign: 'validation.englishOnly',
      },
    );
    expect400(
      await call('POST', 'apps/addServer', { appId: [app.id], countryId: 1, ip: 'rules.example.com', port: 22, username: persian, password: `Pw${persian}` }),
      {
        username: 'validation.englishOnly',
        password: 'validation.englishOnly',
      },
    );
    expect400(
      await call('POST', `apps/updateSettings/${app.id}`, { aboutLink: `https://example.com/${persian}`, dnsServer: persian, repoName: `acme/${persian}` }),
      {
        aboutLink: 'validation.englishOnly',
        dnsServer: 'validation.englishOnly',
        repoName: 'validation.englishOnly',
      },
    );
    expect400(await call('POST', `apps/updateSettingsAdmob/${app.id}`, { IDApp: persian }), { IDApp: 'validation.englishOnly' });
    expect400(await call('POST', 'apps/addDevice', { fcmToken: 'token', uniqueDeviceId: 'device-rules', model: persian }, { appapikey: app.apiKey }), {
      model: 'validation.englishOnly',
    });
    expect400(await call('POST', 'users/changepass', { currentPassword: 'x', password: `Abcdef1!${persian}`, repassword: `Abcdef1!${persian}` }), {
      password: 'validation.englishOnly',
    });
    const user = { name: 'علی', family: 'رضایی', email: 'rules@example.com', username: 'rules.user', password: 'Abcdef1!', role_id: 2 };
    expect400(await call('POST', 'users/signup', { ...user, website: `https://example.com/${persian}` }), { website: 'validation.englishOnly' });
    // Persian-only stays Persian-only; Persian stays allowed where the panel allows any text.
    expect400(await call('POST', 'users/signup', { ...user, name: 'Ali' }), { name: 'validation.persianOnly' });
    expect(
      (await call('PUT', `apps/updateApp/${app.id}`, { name: 'برنامه من', packageName: app.packageName, sign: 'sign', adminId: c.owner.id })).statusCode,
    ).toBe(200);
  });
});
