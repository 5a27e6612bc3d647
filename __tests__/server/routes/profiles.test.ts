// docs/product.md §7 "Profiles" (one at a time) against a real app: the sealed address token in the list,
// share-link validation on add and update, role_id 5 and the type field, reveal (role_id 1 only,
// audited), deletes that are all or nothing, and ownership through the server (404, unchanged).
import { eq, sql } from 'drizzle-orm';
import { auditLog, profiles } from '../../../server/src/db/schema';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';
import { seedApp, seedServer, staff } from '../helpers/seed';

const UUID = '3f1c9a6e-2b4d-4c8e-9f7a-1d2e3f4a5b6c';
const VLESS = `vless://${UUID}@cdn.example.com:443?encryption=none&security=tls&sni=cdn.example.com&type=ws&path=%2Fws#WS-TLS`;
const VLESS_2 = `vless://${UUID}@other.example.net:8443?security=reality&pbk=SbVKOEMjK0sIlbwg4akyBg5mL5KZwwB-ed4eEE7YnRc&sni=www.microsoft.com&type=grpc&serviceName=svc#Reality`;
const VMESS =
  'vmess://' +
  Buffer.from(
    JSON.stringify({ v: '2', ps: 'ایران 🇮🇷', add: 'vm.example.org', port: '2053', id: UUID, net: 'ws', path: '/vm', tls: 'tls', sni: 'vm.example.org' }),
  ).toString('base64');

let t: TestApp;
let admin: string;
let alice: { id: number; token: string };
let bob: { id: number; token: string };
let rita: { id: number; token: string }; // role_id 5
let aliceServer: number;
let bobServer: number;
let ritaServer: number;

const profileBody = (serverId: number, over: Record<string, unknown> = {}) => ({
  name: 'S-1',
  address: VLESS,
  operator: 'mci',
  protocol: 'vless',
  type: 'smart',
  serverId,
  ...over,
});

async function add(token: string, serverId: number, over: Record<string, unknown> = {}) {
  const res = await t.call(token, 'POST', 'apps/addProfile', profileBody(serverId, over));
  if (res.statusCode !== 200) throw new Error(`addProfile: ${res.statusCode} ${res.body}`);
  const data = res.json().data as { id: number; type: string };
  // the answer carries no address; the tests reveal with the stored token
  return { ...data, address: (await stored(data.id)).addressEnc };
}

const stored = async (id: number) => (await t.db.select().from(profiles).where(eq(profiles.id, id)))[0];
const countOn = async (serverId: number) => (await t.db.select().from(profiles).where(eq(profiles.serverId, serverId))).length;
const audits = () => t.db.select().from(auditLog).where(eq(auditLog.action, 'profile.reveal'));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn(ADMIN.username, ADMIN.password);
  alice = await staff(t, 2);
  bob = await staff(t, 2);
  rita = await staff(t, 5);
  aliceServer = await seedServer(t, [(await seedApp(t, alice.id)).id]);
  bobServer = await seedServer(t, [(await seedApp(t, bob.id)).id]);
  ritaServer = await seedServer(t, [(await seedApp(t, rita.id)).id]);
});
afterAll(() => t?.close());

describe('POST apps/addProfile and GET apps/profiles/{serverId}', () => {
  it('adds a profile and lists it without its address: neither the link nor the sealed token', async () => {
    const res = await t.call(admin, 'POST', 'apps/addProfile', profileBody(aliceServer, { name: '  Tehran-1 ' }));
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toEqual({ id: expect.any(Number), name: 'Tehran-1', operator: 'mci', protocol: 'vless', type: 'smart', serverId: aliceServer });
    const token = (await stored(data.id)).addressEnc;
    expect(t.app.secrets.open(token, 'profile.address')).toBe(VLESS);

    const list = await t.call(alice.token, 'GET', `apps/profiles/${aliceServer}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toContainEqual(data);
    expect(list.body).not.toContain('cdn.example.com');
    expect(list.body).not.toContain(UUID);
    expect(list.body).not.toContain(token);
    expect(list.json().data.every((p: object) => !('address' in p))).toBe(true);
  });

  it("hands one profile's sealed token to role_id 1 only (GET apps/profileAddress/{id})", async () => {
    const p = await add(alice.token, aliceServer);
    const res = await t.call(admin, 'GET', `apps/profileAddress/${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ address: p.address });
    expect(res.body).not.toContain('cdn.example.com');
    expect(t.app.secrets.open(res.json().data.address, 'profile.address')).toBe(VLESS);
    for (const token of [alice.token, rita.token]) {
      const refused = await t.call(token, 'GET', `apps/profileAddress/${p.id}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain(p.address);
    }
    expect((await t.call(admin, 'GET', 'apps/profileAddress/999999')).statusCode).toBe(404);
  });

  it('lists in id order', async () => {
    const a = await add(alice.token, aliceServer, { name: 'Z-last' });
    const b = await add(alice.token, aliceServer, { name: 'A-first', protocol: 'vmess', address: VMESS });
    const ids = (await t.call(alice.token, 'GET', `apps/profiles/${aliceServer}`)).json().data.map((p: { id: number }) => p.id);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => x - y));
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
  });

  it('refuses a broken link and a link of the other protocol with 400 on address, storing nothing', async () => {
    const before = await countOn(aliceServer);
    const cases: [Record<string, unknown>, string][] = [
      [{ address: 'vless://not-a-uuid@host.example.com:443' }, 'shareLink.badId'],
      [{ address: `vless://${UUID}@bad host:443` }, 'shareLink.badHost'],
      [{ address: 'vmess://%%%%', protocol: 'vmess' }, 'shareLink.badBase64'],
      [{ address: 'vmess://' + Buffer.from('{"add":"x.example.com"').toString('base64'), protocol: 'vmess' }, 'shareLink.badJson'],
      [{ address: VMESS, protocol: 'vless' }, 'shareLink.protocolMismatch'],
      [{ address: VLESS, protocol: 'vmess' }, 'shareLink.protocolMismatch'],
      [{ address: 'trojan://pw@host.example.com:443' }, 'shareLink.unknownScheme'],
    ];
    for (const [over, reason] of cases) {
      const res = await t.call(admin, 'POST', 'apps/addProfile', profileBody(aliceServer, over));
      expect({ over, status: res.statusCode, errors: res.json().errors }).toEqual({ over, status: 400, errors: { address: reason } });
    }
    expect(await countOn(aliceServer)).toBe(before);
  });

  it('refuses a non-English name, an unknown operator and a missing field with 400', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'سرور' }, 'name'],
      [{ operator: 'hamrah' }, 'operator'],
      [{ protocol: 'trojan' }, 'protocol'],
      [{ type: 'fancy' }, 'type'],
      [{ address: undefined }, 'address'],
    ];
    for (const [over, field] of cases) {
      const res = await t.call(admin, 'POST', 'apps/addProfile', profileBody(aliceServer, over));
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
  });

  it("answers 404 to an app admin or role_id 5 on another admin's server, storing nothing", async () => {
    const before = await countOn(bobServer);
    expect((await t.call(alice.token, 'POST', 'apps/addProfile', profileBody(bobServer))).statusCode).toBe(404);
    const { type: _t, ...noType } = profileBody(bobServer);
    expect((await t.call(rita.token, 'POST', 'apps/addProfile', noType)).statusCode).toBe(404);
    expect((await t.call(alice.token, 'GET', `apps/profiles/${bobServer}`)).statusCode).toBe(404);
    expect((await t.call(rita.token, 'GET', `apps/profiles/${bobServer}`)).statusCode).toBe(404);
    expect((await t.call(admin, 'GET', 'apps/profiles/999999')).statusCode).toBe(404);
    expect((await t.call(admin, 'GET', 'apps/profiles/abc')).statusCode).toBe(400);
    expect(await countOn(bobServer)).toBe(before);
  });

  it('answers 403 when role_id 5 sends a type (even normal), and makes their profiles normal', async () => {
    const before = await countOn(ritaServer);
    for (const type of ['smart', 'normal', null]) {
      const res = await t.call(rita.token, 'POST', 'apps/addProfile', profileBody(ritaServer, { type }));
      expect(res.statusCode).toBe(403);
    }
    expect(await countOn(ritaServer)).toBe(before);
    const { type: _t, ...noType } = profileBody(ritaServer);
    const res = await t.call(rita.token, 'POST', 'apps/addProfile', noType);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.type).toBe('normal');
    expect((await stored(res.json().data.id)).type).toBe('normal');
  });

  it('lets an app admin choose the type and defaults it to normal', async () => {
    expect((await add(bob.token, bobServer, { type: 'smart' })).type).toBe('smart');
    const { type: _t, ...noType } = profileBody(bobServer);
    expect((await t.call(bob.token, 'POST', 'apps/addProfile', noType)).json().data.type).toBe('normal');
  });
});

describe('PUT apps/updateProfile/{id}', () => {
  it('keeps the stored address when the address is blank or missing', async () => {
    const p = await add(alice.token, aliceServer);
    const before = await stored(p.id);
    const res = await t.call(alice.token, 'PUT', `apps/updateProfile/${p.id}`, profileBody(aliceServer, { name: 'Renamed', operator: 'wifi', address: '' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: p.id, name: 'Renamed', operator: 'wifi', protocol: 'vless', type: 'smart', serverId: aliceServer });
    expect((await stored(p.id)).addressEnc).toBe(before.addressEnc);
    const { address: _a, ...noAddress } = profileBody(aliceServer, { name: 'Again' });
    expect((await t.call(alice.token, 'PUT', `apps/updateProfile/${p.id}`, noAddress)).statusCode).toBe(200);
    expect((await stored(p.id)).addressEnc).toBe(before.addressEnc);
  });

  it('replaces the address with a new valid link, sealed again', async () => {
    const p = await add(admin, aliceServer);
    const res = await t.call(admin, 'PUT', `apps/updateProfile/${p.id}`, profileBody(aliceServer, { address: VLESS_2 }));
    expect(res.statusCode).toBe(200);
    expect(t.app.secrets.open((await stored(p.id)).addressEnc, 'profile.address')).toBe(VLESS_2);
  });

  it('refuses a kept address that does not match a new protocol, and a broken new link', async () => {
    const p = await add(admin, aliceServer);
    const before = await stored(p.id);
    const kept = await t.call(admin, 'PUT', `apps/updateProfile/${p.id}`, profileBody(aliceServer, { protocol: 'vmess', address: '' }));
    expect(kept.statusCode).toBe(400);
    expect(kept.json().errors).toEqual({ address: 'shareLink.protocolMismatch' });
    const broken = await t.call(admin, 'PUT', `apps/updateProfile/${p.id}`, profileBody(aliceServer, { address: `vless://${UUID}@host.example.com:99999` }));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errors).toEqual({ address: 'shareLink.badPort' });
    // Switching protocol together with a matching link works.
    expect((await t.call(admin, 'PUT', `apps/updateProfile/${p.id}`, profileBody(aliceServer, { protocol: 'vmess', address: VMESS }))).statusCode).toBe(200);
    expect((await stored(p.id)).protocol).toBe('vmess');
    expect(before.protocol).toBe('vless');
  });

  it('keeps the type when none is sent; role_id 5 sending one gets 403 and nothing changes', async () => {
    const p = await add(admin, ritaServer, { type: 'smart' });
    const { type: _t, ...noType } = profileBody(ritaServer, { name: 'By-rita', address: '' });
    const ok = await t.call(rita.token, 'PUT', `apps/updateProfile/${p.id}`, noType);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ name: 'By-rita', type: 'smart' });
    const before = await stored(p.id);
    const res = await t.call(rita.token, 'PUT', `apps/updateProfile/${p.id}`, profileBody(ritaServer, { name: 'Changed', type: 'normal', address: '' }));
    expect(res.statusCode).toBe(403);
    expect(await stored(p.id)).toEqual(before);
  });

  it("answers 404 for another admin's profile, for moving to another admin's server, and for a missing id; nothing changes", async () => {
    const p = await add(bob.token, bobServer);
    const before = await stored(p.id);
    expect((await t.call(alice.token, 'PUT', `apps/updateProfile/${p.id}`, profileBody(bobServer, { name: 'Stolen' }))).statusCode).toBe(404);
    expect((await t.call(alice.token, 'PUT', `apps/updateProfile/${p.id}`, profileBody(aliceServer, { name: 'Stolen' }))).statusCode).toBe(404);
    const { type: _t, ...noType } = profileBody(bobServer, { name: 'Stolen' });
    expect((await t.call(rita.token, 'PUT', `apps/updateProfile/${p.id}`, noType)).statusCode).toBe(404);
    expect(await stored(p.id)).toEqual(before);

    const mine = await add(alice.token, aliceServer);
    const mineBefore = await stored(mine.id);
    expect((await t.call(alice.token, 'PUT', `apps/updateProfile/${mine.id}`, profileBody(bobServer))).statusCode).toBe(404);
    expect(await stored(mine.id)).toEqual(mineBefore);
    expect((await t.call(admin, 'PUT', 'apps/updateProfile/999999', profileBody(aliceServer))).statusCode).toBe(404);
  });

  it('lets the top admin move a profile to another server', async () => {
    const p = await add(alice.token, aliceServer);
    const res = await t.call(admin, 'PUT', `apps/updateProfile/${p.id}`, profileBody(bobServer, { address: '' }));
    expect(res.statusCode).toBe(200);
    expect((await stored(p.id)).serverId).toBe(bobServer);
  });
});

describe('POST apps/convertProfile (reveal)', () => {
  it('reveals the readable link and its fields to role_id 1, writing one audit row per reveal', async () => {
    const p = await add(alice.token, aliceServer, { protocol: 'vmess', address: VMESS });
    const before = (await audits()).length;
    for (let i = 0; i < 2; i++) {
      const res = await t.call(admin, 'POST', 'apps/convertProfile', { config: p.address });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        link: VMESS,
        protocol: 'vmess',
        host: 'vm.example.org',
        port: 2053,
        id: UUID,
        transport: 'ws',
        security: 'tls',
        sni: 'vm.example.org',
        path: '/vm',
        remark: 'ایران 🇮🇷',
        params: { v: '2' },
      });
    }
    const rows = await audits();
    expect(rows.length).toBe(before + 2);
    const [adminUser] = await t.repos.users.findByLogin(ADMIN.username).then((u) => [u!]);
    expect(rows.at(-1)).toMatchObject({ actorId: adminUser.id, action: 'profile.reveal', target: `profile:${p.id}`, at: expect.any(Date) });
    expect(JSON.stringify(rows.at(-1)!.detail)).not.toContain(UUID);
  });

  it('answers 403 to app admins and role_id 5, revealing nothing and auditing nothing', async () => {
    const p = await add(alice.token, aliceServer);
    const before = (await audits()).length;
    for (const token of [alice.token, rita.token]) {
      const res = await t.call(token, 'POST', 'apps/convertProfile', { config: p.address });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('cdn.example.com');
    }
    expect((await audits()).length).toBe(before);
  });

  it('refuses a token that is not a profile address (garbage, tampered, a server password) with 400', async () => {
    const p = await add(admin, aliceServer);
    const tampered = p.address.slice(0, -2) + (p.address.endsWith('AA') ? 'BB' : 'AA');
    const password = t.app.secrets.seal(VLESS, 'server.password');
    const before = (await audits()).length;
    for (const config of ['not a token', tampered, password, '']) {
      const res = await t.call(admin, 'POST', 'apps/convertProfile', { config });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['config']);
    }
    expect((await audits()).length).toBe(before);
  });
});

describe('finding the revealed profile by its token', () => {
  it('can use the hash index on address_enc (no scan of every sealed address)', async () => {
    const p = await add(admin, aliceServer);
    // the lookup convertProfile makes, with sequential scans priced out (a small table prefers one)
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const res = await tx.execute(sql`EXPLAIN (FORMAT JSON) SELECT id FROM profiles WHERE address_enc = ${p.address} LIMIT 1`);
      return JSON.stringify((res as unknown as { rows: unknown[] }).rows);
    });
    expect(plan).toContain('profiles_address_idx');
    expect(await t.repos.profiles.idByAddressToken(p.address)).toBe(p.id);
  });
});

describe('DELETE apps/destroyProfile/{id} and POST apps/destroyMultipleProfiles', () => {
  it('deletes own profiles, one or several', async () => {
    const a = await add(alice.token, aliceServer);
    const b = await add(alice.token, aliceServer);
    const c = await add(alice.token, aliceServer);
    expect((await t.call(alice.token, 'DELETE', `apps/destroyProfile/${a.id}`)).json()).toEqual({ success: true });
    expect(await stored(a.id)).toBeUndefined();
    const res = await t.call(alice.token, 'POST', 'apps/destroyMultipleProfiles', { ids: [b.id, c.id] });
    expect(res.json()).toEqual({ success: true, data: { deleted: 2 } });
    expect(await stored(b.id)).toBeUndefined();
    expect(await stored(c.id)).toBeUndefined();
  });

  it('lets role_id 5 list and delete the profiles of their own server, and the top admin list any server', async () => {
    const noType = (name: string) => {
      const { type: _t, ...rest } = profileBody(ritaServer, { name });
      return rest;
    };
    const ids: number[] = [];
    for (const name of ['R-1', 'R-2', 'R-3']) ids.push((await t.call(rita.token, 'POST', 'apps/addProfile', noType(name))).json().data.id);
    for (const token of [rita.token, admin]) {
      const list = await t.call(token, 'GET', `apps/profiles/${ritaServer}`);
      expect(list.statusCode).toBe(200);
      expect(list.json().data.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining(ids));
    }
    expect((await t.call(rita.token, 'DELETE', `apps/destroyProfile/${ids[0]}`)).statusCode).toBe(200);
    expect((await t.call(rita.token, 'POST', 'apps/destroyMultipleProfiles', { ids: ids.slice(1) })).json()).toEqual({ success: true, data: { deleted: 2 } });
    for (const id of ids) expect(await stored(id)).toBeUndefined();
  });

  it("answers 404 for another admin's profile or a missing one, deleting nothing", async () => {
    const theirs = await add(bob.token, bobServer);
    for (const token of [alice.token, rita.token]) expect((await t.call(token, 'DELETE', `apps/destroyProfile/${theirs.id}`)).statusCode).toBe(404);
    expect((await t.call(admin, 'DELETE', 'apps/destroyProfile/999999')).statusCode).toBe(404);
    expect(await stored(theirs.id)).toBeDefined();
  });

  it('is all or nothing: a foreign or missing id among the ids makes it 404 and nothing is deleted', async () => {
    const mine = await add(alice.token, aliceServer);
    const theirs = await add(bob.token, bobServer);
    for (const ids of [
      [mine.id, theirs.id],
      [mine.id, 999_999],
    ]) {
      expect((await t.call(alice.token, 'POST', 'apps/destroyMultipleProfiles', { ids })).statusCode).toBe(404);
    }
    expect(await stored(mine.id)).toBeDefined();
    expect(await stored(theirs.id)).toBeDefined();
    const r = await add(rita.token, ritaServer, { type: undefined });
    expect((await t.call(rita.token, 'POST', 'apps/destroyMultipleProfiles', { ids: [r.id, mine.id] })).statusCode).toBe(404);
    expect(await stored(r.id)).toBeDefined();
    // The top admin reaches profiles on every server.
    expect((await t.call(admin, 'POST', 'apps/destroyMultipleProfiles', { ids: [mine.id, theirs.id, r.id] })).json().data.deleted).toBe(3);
  });

  it('refuses duplicate ids with 400 and deletes nothing', async () => {
    const p = await add(alice.token, aliceServer);
    const res = await t.call(alice.token, 'POST', 'apps/destroyMultipleProfiles', { ids: [p.id, p.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ ids: 'validation.duplicate' });
    expect(await stored(p.id)).toBeDefined();
  });

  it('handles an id list longer than one statement can bind (all missing → 404)', async () => {
    const ids = Array.from({ length: 70_000 }, (_, i) => 10_000_000 + i);
    const res = await t.call(admin, 'POST', 'apps/destroyMultipleProfiles', { ids });
    expect(res.statusCode).toBe(404);
  });
});
