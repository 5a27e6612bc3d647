// The seed (server/src/db/seed.ts) and persistence: reference data, idempotence on every start,
// the first-run admin with and without ADMIN_PASSWORD, and data surviving a restart.
import { count, eq, isNull } from 'drizzle-orm';
import { ROLE_IDS } from '../../../src/contract';
import { seedDatabase } from '../../../server/src/db/seed';
import { countries, permissions, rolePermissions, roles, users } from '../../../server/src/db/schema';
import type { Db } from '../../../server/src/db/client';
import { ADMIN, createTestApp, freshDatabase, isPostgresMode, tempDir, type TestApp } from '../helpers/test-app';

async function counts(db: Db) {
  const n = async (table: typeof roles | typeof permissions | typeof rolePermissions | typeof countries | typeof users) =>
    Number((await db.select({ n: count() }).from(table))[0].n);
  return {
    roles: await n(roles),
    permissions: await n(permissions),
    grants: await n(rolePermissions),
    countries: await n(countries),
    users: await n(users),
  };
}

describe('seeded data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('has the roles, the menu, the grants and the world country list', async () => {
    expect(await t.db.select({ id: roles.id, name: roles.name }).from(roles).orderBy(roles.id)).toEqual([
      { id: 1, name: 'admin' },
      { id: 2, name: 'appAdmin' },
      { id: 5, name: 'restricted' },
    ]);
    const routes = (await t.db.select({ route: permissions.route }).from(permissions)).map((r) => r.route);
    expect(routes).toEqual(
      expect.arrayContaining([
        '/',
        '/servers/manage',
        '/servers/my-servers',
        '/servers/settings',
        '/app/manage',
        '/app/my-apps',
        '/users/list',
        '/users/add-new',
        '/settings/privacy',
        '/settings/domain-encryption',
        '/help/panel-training',
        '/help/app-admin-panel-training',
        '/help/api',
      ]),
    );
    // Since roles have grants (docs/product.md §6) the devices page is a menu item too, so a role can be granted it alone.
    expect(routes).toContain('/app/devices');
    expect(routes).toContain('/servers/health');
    // Every role that sees a server list sees the health page.
    for (const roleId of [2, 5]) {
      const tree = await t.repos.menu.treeForRole(roleId);
      const servers = tree.find((m) => m.route === '/servers');
      expect(servers?.children?.map((m) => m.route)).toEqual(expect.arrayContaining(['/servers/my-servers', '/servers/health']));
    }
    const c = await counts(t.db);
    expect(c.countries).toBeGreaterThanOrEqual(245);
    expect(c.countries).toBeLessThanOrEqual(252);
    const [iran] = await t.db.select().from(countries).where(eq(countries.code, 'IR'));
    expect(iran).toMatchObject({ code: 'IR', name: 'Iran', timezones: ['Asia/Tehran'] });
    expect(routes).toEqual(expect.arrayContaining(['/users/roles', '/users/menus']));
    // The top admin holds every menu item.
    const roots = await t.db.select({ id: permissions.id }).from(permissions).where(isNull(permissions.parentId));
    expect((await t.repos.menu.treeForRole(ROLE_IDS.topAdmin)).map((m) => m.id)).toEqual(roots.map((r) => r.id));
  });

  it('is idempotent: seeding again changes no counts and keeps the admin as it is', async () => {
    const before = await counts(t.db);
    const [adminBefore] = await t.db.select().from(users).where(eq(users.roleId, 1));
    const announced: string[] = [];
    const result = await seedDatabase(t.db, { admin: { username: 'other', email: 'other@x', password: undefined }, announce: (s) => announced.push(s) });
    expect(result).toBe('exists');
    expect(announced).toEqual([]);
    expect(await counts(t.db)).toEqual(before);
    const [adminAfter] = await t.db.select().from(users).where(eq(users.roleId, 1));
    expect(adminAfter).toEqual(adminBefore);
  });

  it('moves the id sequences past the seeded ids', async () => {
    const [role] = await t.db.insert(roles).values({ name: 'custom' }).returning();
    expect(role.id).toBe(6);
    const [item] = await t.db.insert(permissions).values({ route: '/x', pName: 'x', enName: 'x' }).returning();
    // Migration 0009 seeds menu ids 1-22 and 0026 adds the health page as 23.
    expect(item.id).toBe(24);
  });
});

describe('first-run admin', () => {
  it('with ADMIN_PASSWORD: that password works and no change is required', async () => {
    const t = await createTestApp();
    try {
      expect(t.announcements).toEqual([]);
      const token = await t.signIn(ADMIN.email, ADMIN.password);
      const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/current', headers: t.auth(token) });
      expect(me.json().data).toMatchObject({ role_id: 1, needToChangePass: false });
    } finally {
      await t.close();
    }
  });

  it('without ADMIN_PASSWORD: a strong password is generated, printed once, and must be changed', async () => {
    const t = await createTestApp({ env: { ADMIN_PASSWORD: '', ADMIN_USERNAME: 'boss', ADMIN_EMAIL: 'boss@example.com' } });
    try {
      expect(t.announcements).toHaveLength(1);
      const password = /password: (\S+)/.exec(t.announcements[0])?.[1] ?? '';
      expect(password).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[^A-Za-z0-9]).{16,}$/);
      const token = await t.signIn('boss', password);
      const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/current', headers: t.auth(token) });
      expect(me.json().data).toMatchObject({ username: 'boss', email: 'boss@example.com', role_id: 1, needToChangePass: true });
    } finally {
      await t.close();
    }
  });
});

describe('restart', () => {
  async function keepsData(first: TestApp) {
    let t = first;
    try {
      const user = await t.createUser({ username: 'persisted-user' });
      const before = await counts(t.db);
      t = await t.restart();
      expect(t.announcements).toEqual([]);
      expect(await counts(t.db)).toEqual(before);
      expect(await t.signIn('persisted-user', user.password)).toEqual(expect.any(String));
    } finally {
      await t.close();
    }
  }

  it('keeps data in a PGlite data directory across a restart', async () => {
    const dir = tempDir();
    try {
      await keepsData(await createTestApp({ database: { kind: 'pglite', dir: `${dir.dir}/pglite` } }));
    } finally {
      dir.remove();
    }
  });

  (isPostgresMode() ? it : it.skip)('keeps data in PostgreSQL across a restart', async () => {
    await keepsData(await createTestApp());
  });
});

(isPostgresMode() ? it : it.skip)('instances starting together on one new PostgreSQL database migrate and seed once', async () => {
  const fresh = (await freshDatabase())!;
  const started = await Promise.allSettled([1, 2, 3].map(() => createTestApp({ database: fresh.target })));
  try {
    expect(started.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const [first] = started as PromiseFulfilledResult<TestApp>[];
    expect((await counts(first.value.db)).users).toBe(1);
    expect(await first.value.signIn(ADMIN.username, ADMIN.password)).toEqual(expect.any(String));
  } finally {
    for (const s of started) if (s.status === 'fulfilled') await s.value.close();
    await fresh.drop();
  }
});
