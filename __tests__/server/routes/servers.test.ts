// docs/product.md §7 "Servers" against a real app: listing by scope, create/update rules, the sealed password
// that is never sent back, and ownership (an app admin's or role_id 5's reach ends at their own
// apps: other servers are 404 and unchanged). Deleting takes the profiles along.
import { eq } from 'drizzle-orm';
import { countries, profiles, serverApps, servers } from '../../../server/src/db/schema';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';
import { seedApp, staff } from '../helpers/seed';

let t: TestApp;
let admin: string;
let alice: { id: number; token: string };
let bob: { id: number; token: string };
let rita: { id: number; token: string }; // role_id 5
let aliceApp: number;
let aliceApp2: number;
let bobApp: number;
let ritaApp: number;
let iran: number;
let germany: number;

const body = (over: Record<string, unknown> = {}) => ({
  appId: [aliceApp],
  countryId: iran,
  ip: 'ir1.example.com',
  username: 'root',
  password: 'S3cret-Server-Pass!',
  port: 22,
  ...over,
});

async function create(token: string, over: Record<string, unknown> = {}): Promise<number> {
  const res = await t.call(token, 'POST', 'apps/addServer', body(over));
  if (res.statusCode !== 200) throw new Error(`addServer: ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}

const row = async (id: number) => (await t.db.select().from(servers).where(eq(servers.id, id)))[0];
const links = async (id: number) =>
  (await t.db.select({ appId: serverApps.appId }).from(serverApps).where(eq(serverApps.serverId, id))).map((l) => l.appId).sort((a, b) => a - b);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn(ADMIN.username, ADMIN.password);
  alice = await staff(t, 2);
  bob = await staff(t, 2);
  rita = await staff(t, 5);
  aliceApp = (await seedApp(t, alice.id)).id;
  aliceApp2 = (await seedApp(t, alice.id)).id;
  bobApp = (await seedApp(t, bob.id)).id;
  ritaApp = (await seedApp(t, rita.id)).id;
  const all = await t.db.select().from(countries);
  iran = all.find((c) => c.code === 'IR')!.id;
  germany = all.find((c) => c.code === 'DE')!.id;
});
afterAll(() => t?.close());

describe('POST apps/addServer', () => {
  it('creates a server for the top admin and answers the server DTO without the password', async () => {
    const res = await t.call(admin, 'POST', 'apps/addServer', body({ appId: [aliceApp, bobApp], provider: 'ignored' }));
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(res.json().success).toBe(true);
    expect(data).toEqual({
      id: expect.any(Number),
      ip: 'ir1.example.com',
      apps: expect.arrayContaining([{ app: { id: aliceApp, name: expect.any(String) } }, { app: { id: bobApp, name: expect.any(String) } }]),
      location: { id: iran, name: 'Iran', code: 'IR' },
      flagUrl: '/api/v1/flags/ir.svg',
      username: 'root',
      provider: null,
      port: 22,
      hasPassword: true,
      profileCount: 0,
      shared: true, // Alice's app and Bob's
    });
    expect(res.body).not.toContain('S3cret-Server-Pass!');
  });

  it('stores the password sealed for the server.password context', async () => {
    const id = await create(admin);
    const stored = (await row(id)).passwordEnc!;
    expect(stored).not.toContain('S3cret');
    expect(t.app.secrets.open(stored, 'server.password')).toBe('S3cret-Server-Pass!');
    expect(() => t.app.secrets.open(stored, 'profile.address')).toThrow();
  });

  it('lets an app admin and role_id 5 create servers for their own apps', async () => {
    const a = await t.call(alice.token, 'POST', 'apps/addServer', body({ appId: [aliceApp, aliceApp2] }));
    expect(a.statusCode).toBe(200);
    expect(await links(a.json().data.id)).toEqual([aliceApp, aliceApp2].sort((x, y) => x - y));
    const r = await t.call(rita.token, 'POST', 'apps/addServer', body({ appId: [ritaApp], password: '', username: '' }));
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({ hasPassword: false, username: null, apps: [{ app: { id: ritaApp } }] });
  });

  it("refuses another admin's app or an unknown app with 400 on appId, and creates nothing", async () => {
    const before = (await t.db.select().from(servers)).length;
    for (const appId of [[bobApp], [aliceApp, bobApp], [999_999]]) {
      const res = await t.call(alice.token, 'POST', 'apps/addServer', body({ appId }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ appId: 'validation.oneOf' });
    }
    expect(await t.call(rita.token, 'POST', 'apps/addServer', body({ appId: [aliceApp] })).then((r) => r.statusCode)).toBe(400);
    expect((await t.db.select().from(servers)).length).toBe(before);
  });

  it('refuses an unknown country, ports 0 and 70000, a blank name, no app, and a password without username', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ countryId: 99_999 }, { countryId: 'validation.oneOf' }],
      [{ port: 0 }, { port: 'validation.min' }],
      [{ port: 70000 }, { port: 'validation.max' }],
      [{ port: 22.5 }, { port: 'validation.integer' }],
      [{ ip: '   ' }, { ip: 'validation.required' }],
      [{ appId: [] }, { appId: 'validation.required' }],
      [{ username: '' }, { username: 'validation.required' }],
    ];
    const before = (await t.db.select().from(servers)).length;
    for (const [over, errors] of cases) {
      const res = await t.call(admin, 'POST', 'apps/addServer', body(over));
      expect({ over, status: res.statusCode, errors: res.json().errors }).toEqual({ over, status: 400, errors });
    }
    expect((await t.db.select().from(servers)).length).toBe(before);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/apps/addServer', payload: body() });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET apps/servers', () => {
  let aliceServer: number;
  let bobServer: number;
  let shared: number;
  let ritaServer: number;
  beforeAll(async () => {
    aliceServer = await create(alice.token, { appId: [aliceApp2], ip: 'alice-only.example.com' });
    bobServer = await create(bob.token, { appId: [bobApp], ip: 'bob-only.example.com', countryId: germany });
    shared = await create(admin, { appId: [aliceApp, bobApp], ip: 'shared.example.com' });
    ritaServer = await create(rita.token, { appId: [ritaApp], ip: 'rita.example.com' });
  });
  const ids = (res: { json(): { data: { id: number }[] } }) => res.json().data.map((s) => s.id);

  it('gives the top admin every server with appId=null, ordered by id', async () => {
    const res = await t.call(admin, 'GET', 'apps/servers?appId=null');
    expect(res.statusCode).toBe(200);
    const got = ids(res);
    expect(got).toEqual(expect.arrayContaining([aliceServer, bobServer, shared, ritaServer]));
    expect(got).toEqual([...got].sort((a, b) => a - b));
    expect(got.length).toBe((await t.db.select().from(servers)).length);
  });

  it('gives an app admin only the servers of their apps, and only their apps on a shared one', async () => {
    for (const query of ['appId=null', 'state=appAdmin', '']) {
      const res = await t.call(alice.token, 'GET', `apps/servers?${query}`);
      expect(res.statusCode).toBe(200);
      const got = ids(res);
      expect(got).toEqual(expect.arrayContaining([aliceServer, shared]));
      expect(got).not.toContain(bobServer);
      expect(got).not.toContain(ritaServer);
      const sharedDto = res.json().data.find((s: { id: number }) => s.id === shared);
      expect(sharedDto.apps).toEqual([{ app: { id: aliceApp, name: expect.any(String) } }]);
    }
    const ritas = (await t.call(rita.token, 'GET', 'apps/servers?state=appAdmin')).json().data as { id: number; apps: unknown }[];
    expect(ritas.map((s) => s.id)).toContain(ritaServer);
    for (const s of ritas) expect(s.apps).toEqual([{ app: { id: ritaApp, name: expect.any(String) } }]);
  });

  it('state=appAdmin gives the top admin only servers of apps they administer themselves', async () => {
    const res = await t.call(admin, 'GET', 'apps/servers?state=appAdmin');
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([]);
  });

  it("filters by appId, and answers 404 for another admin's app", async () => {
    const mine = await t.call(alice.token, 'GET', `apps/servers?appId=${aliceApp2}`);
    expect(ids(mine)).toContain(aliceServer);
    expect(ids(mine)).not.toContain(shared);
    const byAdmin = await t.call(admin, 'GET', `apps/servers?appId=${bobApp}`);
    expect(ids(byAdmin)).toEqual(expect.arrayContaining([bobServer, shared]));
    expect(ids(byAdmin)).not.toContain(aliceServer);
    expect((await t.call(alice.token, 'GET', `apps/servers?appId=${bobApp}`)).statusCode).toBe(404);
    expect((await t.call(alice.token, 'GET', 'apps/servers?appId=abc')).statusCode).toBe(400);
    expect((await t.call(alice.token, 'GET', 'apps/servers?state=other')).statusCode).toBe(400);
  });

  it('never carries the password, plain or sealed, in the raw JSON', async () => {
    const sealed = (await row(bobServer)).passwordEnc!;
    for (const token of [admin, bob.token]) {
      const res = await t.call(token, 'GET', 'apps/servers?appId=null');
      expect(res.body).not.toContain('S3cret-Server-Pass!');
      expect(res.body).not.toContain(sealed);
      expect(res.body).not.toMatch(/"password/i);
      expect(res.json().data.find((s: { id: number }) => s.id === bobServer)).toMatchObject({
        hasPassword: true,
        location: { code: 'DE' },
        flagUrl: '/api/v1/flags/de.svg',
      });
    }
  });

  it('counts profiles per server', async () => {
    await t.db
      .insert(profiles)
      .values([1, 2, 3].map((n) => ({ serverId: bobServer, name: `S-${n}`, addressEnc: 'x', operator: 'mci' as const, protocol: 'vless' as const })));
    const res = await t.call(bob.token, 'GET', 'apps/servers?appId=null');
    expect(res.json().data.find((s: { id: number }) => s.id === bobServer).profileCount).toBe(3);
  });
});

describe('PUT apps/updateServer/{id}', () => {
  it('updates the fields and keeps the stored password when the password is blank or missing', async () => {
    const id = await create(alice.token);
    const sealed = (await row(id)).passwordEnc;
    const res = await t.call(alice.token, 'PUT', `apps/updateServer/${id}`, body({ ip: 'renamed.example.com', port: 2222, countryId: germany, password: '' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, ip: 'renamed.example.com', port: 2222, location: { code: 'DE' }, hasPassword: true });
    expect((await row(id)).passwordEnc).toBe(sealed);
    const { password: _p, ...withoutPassword } = body();
    expect((await t.call(alice.token, 'PUT', `apps/updateServer/${id}`, withoutPassword)).statusCode).toBe(200);
    expect((await row(id)).passwordEnc).toBe(sealed);
  });

  it('replaces the password when a new one is given', async () => {
    const id = await create(admin);
    const res = await t.call(admin, 'PUT', `apps/updateServer/${id}`, body({ password: 'N3w-Pass' }));
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('N3w-Pass');
    expect(t.app.secrets.open((await row(id)).passwordEnc!, 'server.password')).toBe('N3w-Pass');
  });

  it('refuses to keep a stored password without a username', async () => {
    const id = await create(admin);
    const res = await t.call(admin, 'PUT', `apps/updateServer/${id}`, body({ password: '', username: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ username: 'validation.required' });
    expect((await row(id)).username).toBe('root');
  });

  it("keeps another admin's app link when an app admin rewrites the app list", async () => {
    const id = await create(admin, { appId: [aliceApp, bobApp] });
    // A blank password keeps the stored one: only the links change, which a co-owner may do.
    const res = await t.call(alice.token, 'PUT', `apps/updateServer/${id}`, body({ appId: [aliceApp2], password: '' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.apps).toEqual([{ app: { id: aliceApp2, name: expect.any(String) } }]);
    expect(await links(id)).toEqual([aliceApp2, bobApp].sort((a, b) => a - b));
    // The top admin's list replaces every link.
    expect((await t.call(admin, 'PUT', `apps/updateServer/${id}`, body({ appId: [bobApp] }))).statusCode).toBe(200);
    expect(await links(id)).toEqual([bobApp]);
  });

  it("answers 404 for another admin's server (app admin and role_id 5) and changes nothing", async () => {
    const id = await create(bob.token, { appId: [bobApp], ip: 'bob.example.com' });
    const before = await row(id);
    for (const token of [alice.token, rita.token]) {
      const res = await t.call(
        token,
        'PUT',
        `apps/updateServer/${id}`,
        body({ appId: token === rita.token ? [ritaApp] : [aliceApp], ip: 'stolen.example.com' }),
      );
      expect(res.statusCode).toBe(404);
    }
    expect(await row(id)).toEqual(before);
    expect(await links(id)).toEqual([bobApp]);
    expect((await t.call(admin, 'PUT', 'apps/updateServer/999999', body())).statusCode).toBe(404);
  });

  it('lets role_id 5 update their own server; rejects bad ports and unknown countries with 400', async () => {
    const id = await create(rita.token, { appId: [ritaApp] });
    expect((await t.call(rita.token, 'PUT', `apps/updateServer/${id}`, body({ appId: [ritaApp], port: 443 }))).json().data.port).toBe(443);
    for (const [over, field] of [
      [{ port: 0 }, 'port'],
      [{ port: 70000 }, 'port'],
      [{ countryId: 99_999 }, 'countryId'],
    ] as const) {
      const res = await t.call(rita.token, 'PUT', `apps/updateServer/${id}`, body({ appId: [ritaApp], ...over }));
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    expect((await row(id)).port).toBe(443);
  });
});

describe('DELETE apps/destroyServer/{id} and POST apps/destroyMultipleServers', () => {
  async function withProfiles(token: string, appId: number): Promise<number> {
    const id = await create(token, { appId: [appId] });
    await t.db
      .insert(profiles)
      .values([1, 2].map((n) => ({ serverId: id, name: `S-${n}`, addressEnc: 'x', operator: 'wifi' as const, protocol: 'vmess' as const })));
    return id;
  }
  const profileCount = async (serverId: number) => (await t.db.select().from(profiles).where(eq(profiles.serverId, serverId))).length;

  it('deletes a server with its profiles and links', async () => {
    const id = await withProfiles(alice.token, aliceApp);
    const res = await t.call(alice.token, 'DELETE', `apps/destroyServer/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await row(id)).toBeUndefined();
    expect(await profileCount(id)).toBe(0);
    expect(await links(id)).toEqual([]);
  });

  it("answers 404 for another admin's server or a missing one, and deletes nothing", async () => {
    const id = await withProfiles(bob.token, bobApp);
    for (const token of [alice.token, rita.token]) expect((await t.call(token, 'DELETE', `apps/destroyServer/${id}`)).statusCode).toBe(404);
    expect((await t.call(admin, 'DELETE', 'apps/destroyServer/999999')).statusCode).toBe(404);
    expect(await row(id)).toBeDefined();
    expect(await profileCount(id)).toBe(2);
  });

  it('deletes several servers and their profiles in one call', async () => {
    const a = await withProfiles(rita.token, ritaApp);
    const b = await withProfiles(rita.token, ritaApp);
    const res = await t.call(rita.token, 'POST', 'apps/destroyMultipleServers', { ids: [a, b] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { deleted: 2 } });
    expect(await row(a)).toBeUndefined();
    expect(await profileCount(b)).toBe(0);
  });

  it('refuses duplicate ids with 400 and deletes nothing', async () => {
    const a = await withProfiles(alice.token, aliceApp);
    const res = await t.call(alice.token, 'POST', 'apps/destroyMultipleServers', { ids: [a, a] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ ids: 'validation.duplicate' });
    expect(await row(a)).toBeDefined();
  });

  it('is all or nothing: one server of another admin (or a missing id) makes it 404 and nothing is deleted', async () => {
    const mine = await withProfiles(alice.token, aliceApp);
    const theirs = await withProfiles(bob.token, bobApp);
    for (const ids of [
      [mine, theirs],
      [mine, 999_999],
    ]) {
      const res = await t.call(alice.token, 'POST', 'apps/destroyMultipleServers', { ids });
      expect(res.statusCode).toBe(404);
    }
    expect(await row(mine)).toBeDefined();
    expect(await row(theirs)).toBeDefined();
    expect(await profileCount(mine)).toBe(2);
    // The top admin reaches both.
    expect((await t.call(admin, 'POST', 'apps/destroyMultipleServers', { ids: [mine, theirs] })).json().data.deleted).toBe(2);
  });

  it('refuses an empty or malformed id list with 400', async () => {
    for (const payload of [{ ids: [] }, { ids: 'x' }, { ids: [0] }, {}]) {
      expect((await t.call(admin, 'POST', 'apps/destroyMultipleServers', payload)).statusCode).toBe(400);
    }
  });
});

describe('OpenAPI', () => {
  it('documents the server, profile, country and operator calls with their token requirement', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const paths = [
      '/api/v1/apps/countries',
      '/api/v1/flags/{code}.svg',
      '/api/v1/apps/servers',
      '/api/v1/apps/addServer',
      '/api/v1/apps/updateServer/{id}',
      '/api/v1/apps/destroyServer/{id}',
      '/api/v1/apps/destroyMultipleServers',
      '/api/v1/apps/profiles/{serverId}',
      '/api/v1/apps/addProfile',
      '/api/v1/apps/updateProfile/{id}',
      '/api/v1/apps/convertProfile',
      '/api/v1/apps/destroyProfile/{id}',
      '/api/v1/apps/destroyMultipleProfiles',
      '/api/v1/apps/group/addProfiles',
      '/api/v1/apps/settings/operators',
    ];
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(paths));
    expect(doc.paths['/api/v1/apps/addServer'].post.security).toEqual([{ jwt: [] }]);
    expect(doc.paths['/api/v1/apps/addServer'].post.requestBody.content['application/json'].schema.properties.port).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 65535,
    });
    expect(doc.paths['/api/v1/apps/group/addProfiles'].post.requestBody.content).toHaveProperty('multipart/form-data');
    expect(doc.paths['/api/v1/apps/convertProfile'].post.description).toContain('role_id 1');
    // a public file: no token, said explicitly (`security: []`)
    expect(doc.paths['/api/v1/flags/{code}.svg'].get.security).toEqual([]);
  });
});

describe('a server shared by apps of two admins (docs/product.md §4)', () => {
  /** A server linked to Alice's app and Bob's, with one profile. */
  async function shared(): Promise<number> {
    const id = await create(admin, { appId: [aliceApp, bobApp] });
    await t.db.insert(profiles).values({ serverId: id, name: 'S-1', operator: 'mci', protocol: 'vless', type: 'normal', addressEnc: 'x' });
    return id;
  }
  const profileCount = async (id: number) => (await t.db.select().from(profiles).where(eq(profiles.serverId, id))).length;

  it('says so in the list: to the top admin with every app, to an app admin with only their own', async () => {
    const id = await shared();
    const own = await create(alice.token, { appId: [aliceApp] });
    const asAdmin = (await t.call(admin, 'GET', 'apps/servers?appId=null')).json().data as { id: number; shared: boolean; apps: { app: { id: number } }[] }[];
    expect(asAdmin.find((s) => s.id === id)).toMatchObject({ shared: true, apps: [{ app: { id: aliceApp } }, { app: { id: bobApp } }] });
    const asAlice = (await t.call(alice.token, 'GET', 'apps/servers?state=appAdmin')).json().data as { id: number; shared: boolean; apps: unknown[] }[];
    expect(asAlice.find((s) => s.id === id)).toMatchObject({ shared: true, apps: [{ app: { id: aliceApp, name: expect.any(String) } }] });
    expect(asAlice.find((s) => s.id === own)).toMatchObject({ shared: false });
  });

  it("refuses an app admin's delete with 409 SERVER_SHARED, alone or in a batch, and deletes nothing", async () => {
    const id = await shared();
    const own = await create(alice.token, { appId: [aliceApp, aliceApp2] });
    const single = await t.call(alice.token, 'DELETE', `apps/destroyServer/${id}`);
    expect(single.statusCode).toBe(409);
    expect(single.json()).toEqual({ message: expect.any(String), code: 'SERVER_SHARED' });
    const batch = await t.call(alice.token, 'POST', 'apps/destroyMultipleServers', { ids: [own, id] });
    expect([batch.statusCode, batch.json().code]).toEqual([409, 'SERVER_SHARED']);
    expect(await row(id)).toBeDefined();
    expect(await row(own)).toBeDefined();
    expect(await links(id)).toEqual([aliceApp, bobApp].sort((a, b) => a - b));
    expect(await profileCount(id)).toBe(1);
    // A server whose every app is hers (two of them) she may delete.
    expect((await t.call(alice.token, 'DELETE', `apps/destroyServer/${own}`)).statusCode).toBe(200);
  });

  it('lets the app admin unlink their own apps instead: the server and its profiles stay for the other app', async () => {
    const id = await shared();
    const res = await t.call(alice.token, 'PUT', `apps/updateServer/${id}`, body({ appId: [], password: '' }));
    expect(res.statusCode).toBe(200);
    expect(await links(id)).toEqual([bobApp]);
    expect(await profileCount(id)).toBe(1);
    expect((await t.call(alice.token, 'DELETE', `apps/destroyServer/${id}`)).statusCode).toBe(404); // no longer hers
    // An empty list where no other app would keep the server is refused, and so is it for the top admin.
    const own = await create(alice.token, { appId: [aliceApp] });
    const lonely = await t.call(alice.token, 'PUT', `apps/updateServer/${own}`, body({ appId: [] }));
    expect([lonely.statusCode, lonely.json().errors]).toEqual([400, { appId: 'validation.required' }]);
    expect((await t.call(admin, 'PUT', `apps/updateServer/${id}`, body({ appId: [] }))).statusCode).toBe(400);
    expect(await links(own)).toEqual([aliceApp]);
  });

  it('lets the top admin delete a shared server, profiles and all', async () => {
    const id = await shared();
    expect((await t.call(admin, 'DELETE', `apps/destroyServer/${id}`)).statusCode).toBe(200);
    expect(await row(id)).toBeUndefined();
    expect(await profileCount(id)).toBe(0);
  });
});
