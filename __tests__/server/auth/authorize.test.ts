// app.authorize rules and the rbac/ownership helpers that later route modules build on.
import { eq } from 'drizzle-orm';
import { ROLE_IDS } from '../../../src/contract';
import type { AuthUser } from '../../../server/src/auth/authorize';
import type { FastifyRequest } from 'fastify';
import { requireAccess, type RecordKind } from '../../../server/src/auth/access';
import { can, ownedAppIds, serverScope } from '../../../server/src/auth/rbac';
import { apps, countries, profiles, serverApps, servers, users } from '../../../server/src/db/schema';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    beforeReady(app) {
      const ok = async () => ({ ok: true });
      app.get('/api/v1/test/top', { preValidation: app.authorize({ policy: 'scope:all' }) }, ok);
      app.get('/api/v1/test/named', { preValidation: app.authorize({ policy: 'users:manage' }) }, ok);
      app.get('/api/v1/test/unrestricted', { preValidation: app.authorize({ policy: 'profiles:type' }) }, ok);
      app.get('/api/v1/test/any', { preValidation: app.authorize({ any: true }) }, async (request) => request.user);
    },
  });
});
afterAll(() => t?.close());

describe('app.authorize', () => {
  it('settles who is calling before validating the body: 401/403 win over 400', async () => {
    const appAdmin = (await t.signedInUser({ role_id: ROLE_IDS.appAdmin })).token;
    const badBody = { name: 'Latin', password: 'weak' }; // fails users/signup validation on every field
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/users/signup', payload: badBody });
    expect(anonymous.statusCode).toBe(401);
    const notAdmin = await t.app.inject({ method: 'POST', url: '/api/v1/users/signup', payload: badBody, headers: t.auth(appAdmin) });
    expect(notAdmin.statusCode).toBe(403);
    expect(notAdmin.json().errors).toBeUndefined();
    const admin = await t.signIn(ADMIN.username, ADMIN.password);
    const asAdmin = await t.app.inject({ method: 'POST', url: '/api/v1/users/signup', payload: badBody, headers: t.auth(admin) });
    expect(asAdmin.statusCode).toBe(400);
  });

  it('is declared where it runs: a guard in preHandler, or behind another preValidation hook, stops the start', async () => {
    const misplaced: ((app: import('fastify').FastifyInstance) => void)[] = [
      // in preHandler
      (app) => app.get('/api/v1/test/late', { preHandler: app.authorize({ any: true }) } as object, async () => ({})),
      // behind another preValidation hook
      (app) => app.get('/api/v1/test/second', { preValidation: [async () => undefined, app.authorize({ any: true })] }, async () => ({})),
    ];
    for (const add of misplaced) await expect(createTestApp({ beforeReady: add })).rejects.toThrow(/first in preValidation/);
  });

  it('applies the shared policy table, and any signed-in user', async () => {
    const admin = await t.signIn(ADMIN.username, ADMIN.password);
    const appAdmin = (await t.signedInUser({ role_id: ROLE_IDS.appAdmin })).token;
    const restricted = (await t.signedInUser({ role_id: ROLE_IDS.restricted })).token;
    const status = async (url: string, token?: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/v1/test/${url}`, headers: token ? t.auth(token) : {} })).statusCode;

    expect([await status('top', admin), await status('top', appAdmin), await status('top', restricted)]).toEqual([200, 403, 403]);
    expect([await status('named', admin), await status('named', appAdmin), await status('named', restricted)]).toEqual([200, 403, 403]);
    expect([await status('unrestricted', admin), await status('unrestricted', appAdmin), await status('unrestricted', restricted)]).toEqual([200, 200, 403]);
    expect([await status('any', admin), await status('any', appAdmin), await status('any')]).toEqual([200, 200, 401]);
    const forbidden = await t.app.inject({ method: 'GET', url: '/api/v1/test/top', headers: t.auth(appAdmin) });
    expect(forbidden.json()).toEqual({ message: expect.any(String), code: 'FORBIDDEN' });
  });

  it('gives handlers request.user with id, role_id, roleName and the session', async () => {
    const { user, token } = await t.signedInUser({ role_id: ROLE_IDS.restricted });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/test/any', headers: t.auth(token) });
    expect(res.json()).toEqual({
      id: user.id,
      username: user.username,
      role_id: 5,
      roleName: 'restricted',
      sessionId: expect.any(String),
      needToChangePass: false,
      totpEnrollmentRequired: false,
      scope: 'own',
    });
  });

  it('sees a role change on the next request', async () => {
    const { user, token } = await t.signedInUser({ role_id: ROLE_IDS.appAdmin });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/test/top', headers: t.auth(token) })).statusCode).toBe(403);
    await t.db.update(users).set({ roleId: ROLE_IDS.topAdmin }).where(eq(users.id, user.id));
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/test/top', headers: t.auth(token) })).statusCode).toBe(200);
  });

  it('refuses a rule that names nobody', () => {
    expect(() => t.app.authorize({})).toThrow(/any or a known policy/);
    expect(() => t.app.authorize({ policy: 'nobody:ever' as never })).toThrow(/any or a known policy/);
  });
});

describe('rbac helpers', () => {
  const as = (id: number, role_id: number, roleName: string): AuthUser => ({
    id,
    role_id,
    roleName,
    username: 'u',
    sessionId: 's',
    needToChangePass: false,
    totpEnrollmentRequired: false,
    scope: 'own',
  });

  it('scopes apps, servers and profiles to their admin, and the top admin to everything', async () => {
    const owner = await t.createUser({ role_id: ROLE_IDS.appAdmin });
    const other = await t.createUser({ role_id: ROLE_IDS.appAdmin });
    const [mine, theirs] = await t.db
      .insert(apps)
      .values([
        { name: 'Mine', packageName: 'com.example.mine', adminId: owner.id, sign: 's', apiKey: 'key-mine' },
        { name: 'Theirs', packageName: 'com.example.theirs', adminId: other.id, sign: 's', apiKey: 'key-theirs' },
      ])
      .returning();
    const [ir] = await t.db.select().from(countries).limit(1);
    const [s1, s2] = await t.db
      .insert(servers)
      .values([
        { ip: '10.0.0.1', countryId: ir.id },
        { ip: '10.0.0.2', countryId: ir.id },
      ])
      .returning();
    await t.db.insert(serverApps).values([
      { serverId: s1.id, appId: mine.id },
      { serverId: s2.id, appId: theirs.id },
    ]);

    const ownerUser = as(owner.id, ROLE_IDS.appAdmin, 'appAdmin');
    const top = as(1, ROLE_IDS.topAdmin, 'admin');
    expect([can(top, 'scope:all'), can(top, 'users:manage'), can(ownerUser, 'scope:all'), can(ownerUser, 'users:manage')]).toEqual([true, true, false, false]);

    expect(await ownedAppIds(t.db, ownerUser)).toEqual([mine.id]);
    const reach = async (user: typeof top) => (await t.db.select({ id: servers.id }).from(servers).where(serverScope(t.db, user))).map((r) => r.id).sort();
    expect([await reach(ownerUser), await reach(top)]).toEqual([[s1.id], [s1.id, s2.id].sort()]);
    // The access table's read check (auth/access.ts), as a route's declaration runs it.
    const access = (user: AuthUser, kind: RecordKind, ids: number[]) => requireAccess(t.db, { user, body: {} } as unknown as FastifyRequest, kind, ids, 'read');
    const canAccessApp = (user: AuthUser, id: number) =>
      access(user, 'app', [id]).then(
        () => true,
        () => false,
      );
    const assertServerAccess = (user: AuthUser, ids: number[]) => access(user, 'server', ids);
    const assertProfileAccess = (user: AuthUser, ids: number[]) => access(user, 'profile', ids);
    expect([await canAccessApp(ownerUser, mine.id), await canAccessApp(ownerUser, theirs.id)]).toEqual([true, false]);
    expect([await canAccessApp(top, theirs.id), await canAccessApp(top, 999_999)]).toEqual([true, false]);
    await expect(assertServerAccess(ownerUser, [s2.id])).rejects.toMatchObject({ statusCode: 404 });
    await expect(assertServerAccess(top, [999_999])).rejects.toMatchObject({ statusCode: 404 });

    await expect(access(ownerUser, 'app', [theirs.id])).rejects.toMatchObject({ statusCode: 404 });
    await expect(assertServerAccess(ownerUser, [s1.id])).resolves.toBeUndefined();
    // All or nothing: one foreign server in a batch refuses the batch.
    await expect(assertServerAccess(ownerUser, [s1.id, s2.id])).rejects.toMatchObject({ statusCode: 404 });
    await expect(assertServerAccess(top, [s1.id, s2.id])).resolves.toBeUndefined();

    // A profile belongs to whoever may manage its server; a foreign or missing one refuses the batch.
    const profile = { name: 'p', addressEnc: 'sealed', operator: 'mci', protocol: 'vless' } as const;
    const [p1, p2] = await t.db
      .insert(profiles)
      .values([
        { ...profile, serverId: s1.id },
        { ...profile, serverId: s2.id },
      ])
      .returning();
    await expect(assertProfileAccess(ownerUser, [p1.id])).resolves.toBeUndefined();
    await expect(assertProfileAccess(ownerUser, [p1.id, p2.id])).rejects.toMatchObject({ statusCode: 404, message: 'Profile not found' });
    await expect(assertProfileAccess(top, [p1.id, 999_999])).rejects.toMatchObject({ statusCode: 404, message: 'Profile not found' });
    await expect(assertProfileAccess(top, [p1.id, p2.id])).resolves.toBeUndefined();
  });
});
