// On the server: the operation catalogue, roles and their grants, the menu editor, and how
// grants combine with the fixed rules of docs/product.md §6 (a grant only narrows; scope `all` widens
// reads only; role_id 1 is untouchable; changes apply at the next request).
import { eq } from 'drizzle-orm';
import { ROLE_IDS, V, flattenMenu, type Operation, type OperationRef } from '../../../src/contract';
import { devices, users } from '../../../server/src/db/schema';
import { api, callers, makeApp, type Caller, type Callers } from '../helpers/seed';
import { ADMIN, createTestApp, isPostgresMode, tempDir, type TestApp } from '../helpers/test-app';
import usersEn from '../../../src/features/users/lang/en.json';
import usersFa from '../../../src/features/users/lang/fa.json';

/** The panel's texts of the users feature, where the operations' descriptions live. */
const USERS_MESSAGES: Record<'fa' | 'en', Record<string, string>> = { fa: usersFa, en: usersEn };

let t: TestApp;
let c: Callers;
beforeAll(async () => {
  t = await createTestApp();
  c = await callers(t);
});
afterAll(() => t?.close());

const send = (method: string, path: string, who: Caller | undefined, payload?: unknown) =>
  t.app.inject({ method: method as 'GET', url: api(path), headers: who?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const key = (op: OperationRef) => `${op.method} ${op.route}`;
/** The account and session calls, the role options and the app-key calls: no grant needed, so not in the catalogue. */
const NO_GRANT = [
  'GET users/current',
  'GET users/logout',
  'POST users/changepass',
  'POST users/avatar',
  'POST users/totp/setup',
  'POST users/totp/enable',
  'POST users/totp/disable',
  'GET access/roles',
  // The mobile apps' config, bundle and report calls answer 401 without their app key; they take no staff grant either.
  'GET apps/client/config',
  'GET apps/client/bundle',
  'POST apps/client/report',
];

async function catalogue(): Promise<Operation[]> {
  return (await send('GET', 'access/operations', c.top)).json().data;
}

/** A role made through the API with the given grants, and a signed-in user holding it. */
async function roleWithUser(name: string, grants: { operations: OperationRef[]; menuIds?: number[]; scope?: 'own' | 'all' }) {
  const made = await send('POST', 'access/roles', c.top, { pName: 'نقش آزمایشی', name, description: `${name} role` });
  expect(made.statusCode).toBe(200);
  const id = made.json().data.id as number;
  const put = await send('PUT', `access/roles/${id}/permissions`, c.top, { menuIds: [], scope: 'own', ...grants });
  expect(put.statusCode).toBe(200);
  const { user, token } = await t.signedInUser({ role_id: id });
  return { id, caller: { id: user.id, token, headers: t.auth(token) } as Caller };
}

async function device(appId: number, uniqueDeviceId: string): Promise<number> {
  const made = await t.repos.devices.registerForApp(appId, { fcmToken: `fcm-${uniqueDeviceId}`, uniqueDeviceId });
  return made!.id;
}

const deviceIds = async (who: Caller): Promise<number[]> =>
  ((await send('GET', 'apps/devices?size=100', who)).json().rows as { id: number }[]).map((d) => d.id).sort((a, b) => a - b);

describe('GET access/operations', () => {
  it('equals the route table: every guarded /api/v1 route but the account calls, with tag and summary', async () => {
    const guarded: string[] = [];
    for (const r of t.app.routeTable) {
      if (!r.url.startsWith('/api/v1/')) continue;
      // Anonymous callers get 401 from a guarded route before anything else is looked at.
      const res = await t.app.inject({ method: r.method as 'GET', url: r.url.replace(/:(\w+)/g, '1') });
      if (res.statusCode === 401 && res.json().code === 'UNAUTHORIZED')
        guarded.push(`${r.method} ${r.url.slice('/api/v1/'.length).replace(/:(\w+)/g, '{$1}')}`);
    }
    const ops = await catalogue();
    expect(ops.map(key).sort()).toEqual(guarded.filter((k) => !NO_GRANT.includes(k)).sort());
    expect(guarded).toEqual(expect.arrayContaining(NO_GRANT));
    for (const op of ops) expect(op.tag && op.summary).toBeTruthy();
    expect(ops.map(key)).toEqual(expect.arrayContaining(['GET apps/devices', 'DELETE apps/destroyDevice/{id}', 'PUT access/roles/{id}/permissions']));
  });

  // The permissions page shows staff what each operation lets a role do, in both
  // languages, from the panel's lang files; a route cannot ship without its text.
  it('has a staff-facing description of every operation and a name of every group, in Persian and English', async () => {
    const ops = await catalogue();
    expect(ops.length).toBeGreaterThan(50);
    for (const [locale, messages] of Object.entries(USERS_MESSAGES)) {
      const missing = [...ops.map((op) => `users.access.operation.${key(op)}`), ...new Set(ops.map((op) => `users.access.operationGroup.${op.tag}`))].filter(
        (id) => !messages[id]?.trim(),
      );
      expect([locale, missing]).toEqual([locale, []]);
    }
    // no developer text: no role ids, no braces, no document references
    for (const op of ops) {
      const text = [USERS_MESSAGES.en[`users.access.operation.${key(op)}`], USERS_MESSAGES.fa[`users.access.operation.${key(op)}`]].join(' ');
      expect([key(op), text]).not.toEqual([key(op), expect.stringMatching(/role_id|[{}]|docs\/|§/)]);
    }
    // a Persian text is Persian
    for (const op of ops) expect(USERS_MESSAGES.fa[`users.access.operation.${key(op)}`]).toMatch(/[\u0600-\u06FF]/);
  });

  it('is for role_id 1 only', async () => {
    for (const who of [c.owner, c.restricted]) expect((await send('GET', 'access/operations', who)).statusCode).toBe(403);
    expect((await send('GET', 'access/operations', undefined)).statusCode).toBe(401);
  });
});

describe('the seeded roles', () => {
  it('hold exactly the operations whose rule was "any signed-in user", and the menu as before', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { description?: string }>> };
    const anyone = (await catalogue())
      .filter((op) => doc.paths[`/api/v1/${op.route}`]?.[op.method.toLowerCase()]?.description?.includes('Requires: any signed-in user.'))
      .map(key);
    expect(anyone.length).toBeGreaterThan(25);
    for (const id of [ROLE_IDS.appAdmin, ROLE_IDS.restricted]) {
      const role = (await send('GET', `access/roles/${id}`, c.top)).json().data;
      expect(role.operations.map(key).sort()).toEqual([...anyone].sort());
      expect(role.scope).toBe('own');
    }
    const menu = (await send('GET', 'users/current', c.owner)).json().data.permissions as { route: string; children: { route: string }[] }[];
    expect(menu.map((m) => [m.route, m.children.map((ch) => ch.route)])).toEqual([
      ['/', []],
      ['/servers', ['/servers/my-servers', '/servers/health']],
      ['/app', ['/app/my-apps']],
      ['/help', ['/help/panel-training', '/help/app-admin-panel-training', '/help/api']],
    ]);
  });

  it('role_id 1 holds every operation and menu item, and users/current says so', async () => {
    const role = (await send('GET', `access/roles/${ROLE_IDS.topAdmin}`, c.top)).json().data;
    expect(role.operations.map(key).sort()).toEqual((await catalogue()).map(key).sort());
    expect(role.scope).toBe('all');
    const me = (await send('GET', 'users/current', c.top)).json().data;
    expect(me.access.operations).toHaveLength(role.operations.length);
    const routes = (me.permissions as { route: string; children: { route: string }[] }[]).flatMap((m) => [m.route, ...m.children.map((ch) => ch.route)]);
    expect(routes).toEqual(expect.arrayContaining(['/users/roles', '/users/menus', '/app/devices']));
  });
});

describe('grants', () => {
  let own: Awaited<ReturnType<typeof makeApp>>;
  let others: Awaited<ReturnType<typeof makeApp>>;
  let ownDevice: number;
  let otherDevice: number;
  beforeAll(async () => {
    own = await makeApp(t, c, c.owner);
    others = await makeApp(t, c, c.other);
    ownDevice = await device(own.id, 'access-own-1');
    otherDevice = await device(others.id, 'access-other-1');
  });

  it('a role granted only GET apps/devices with scope all reads every device, and is refused the rest', async () => {
    const { caller } = await roleWithUser('support', { operations: [{ method: 'GET', route: 'apps/devices' }], menuIds: [1, 6, 22], scope: 'all' });
    expect(await deviceIds(caller)).toEqual(expect.arrayContaining([ownDevice, otherDevice]));
    const del = await send('DELETE', `apps/destroyDevice/${otherDevice}`, caller);
    expect(del.statusCode).toBe(403);
    expect((await send('GET', 'apps', caller)).statusCode).toBe(403);
    expect(await deviceIds(c.top)).toEqual(expect.arrayContaining([otherDevice]));
    const me = (await send('GET', 'users/current', caller)).json().data;
    expect(me.access).toEqual({ scope: 'all', operations: [{ method: 'GET', route: 'apps/devices' }] });
    expect(me.permissions.map((m: { route: string; children: { route: string }[] }) => [m.route, m.children.map((ch) => ch.route)])).toEqual([
      ['/', []],
      ['/app', ['/app/devices']],
    ]);
  });

  it('registering a device from the panel is a granted operation; a phone with its app key needs no session', async () => {
    const { caller } = await roleWithUser('viewer', { operations: [{ method: 'GET', route: 'apps/devices' }], scope: 'all' });
    const body = { appId: own.id, uniqueDeviceId: 'access-staff-add', fcmToken: 'fcm-access-staff-add' };
    const refused = await send('POST', 'apps/addDevice', caller, body);
    expect(refused.statusCode).toBe(403);
    const stored = () => t.db.select({ id: devices.id }).from(devices).where(eq(devices.uniqueDeviceId, 'access-staff-add'));
    expect(await stored()).toEqual([]);
    // the app admin (seeded grants) still registers for their own app, and the phone with its key
    expect((await send('POST', 'apps/addDevice', c.owner, body)).statusCode).toBe(200);
    expect(await stored()).toHaveLength(1);
    const phone = await t.app.inject({
      method: 'POST',
      url: api('apps/addDevice'),
      headers: { appapikey: own.apiKey },
      payload: { uniqueDeviceId: 'access-phone', fcmToken: 'fcm-access-phone' },
    });
    expect(phone.statusCode).toBe(200);
    expect((await send('POST', 'apps/addDevice', undefined, body)).statusCode).toBe(401);
  });

  it('ownership and the fixed rules still hold for a role granted every operation', async () => {
    const everything = (await catalogue()).map(({ method, route }) => ({ method, route }));
    const { caller } = await roleWithUser('everything', { operations: everything });
    expect(await deviceIds(caller)).toEqual([]);
    expect((await send('DELETE', `apps/destroyDevice/${otherDevice}`, caller)).statusCode).toBe(404);
    expect((await send('GET', `apps/getApp/${others.id}`, caller)).statusCode).toBe(404);
    // role_id 1 and admin-role rules: granted, still refused.
    expect((await send('GET', 'access/operations', caller)).statusCode).toBe(403);
    expect((await send('GET', 'users', caller)).statusCode).toBe(403);
    expect((await send('DELETE', `apps/destroy/${others.id}`, caller)).statusCode).toBe(403);
    expect((await send('GET', `apps/profileAddress/1`, caller)).statusCode).toBe(403);
  });

  it("scope all reaches every app for the operations granted, writes included; role_id 1-only fields stay role_id 1's", async () => {
    const everything = (await catalogue()).map(({ method, route }) => ({ method, route }));
    const { caller } = await roleWithUser('wide', { operations: everything, scope: 'all' });
    expect(await deviceIds(caller)).toEqual(expect.arrayContaining([ownDevice, otherDevice]));
    expect((await send('GET', `apps/getApp/${others.id}`, caller)).statusCode).toBe(200);
    expect((await send('PUT', `apps/changeStatus/${others.id}/true`, caller)).statusCode).toBe(200);
    // role_id 1-only fields stay hidden whatever the scope.
    const app = (await send('GET', `apps/getApp/${others.id}`, caller)).json().data;
    expect(app.settings.newCoreKey).toBeUndefined();
    // A support role granted the device delete, with scope all, deletes any app's device; without the grant, 403.
    const victim = await device(others.id, 'access-other-2');
    const { caller: support } = await roleWithUser('wide-delete', {
      operations: [
        { method: 'GET', route: 'apps/devices' },
        { method: 'DELETE', route: 'apps/destroyDevice/{id}' },
      ],
      scope: 'all',
    });
    const { caller: reader } = await roleWithUser('wide-reader', { operations: [{ method: 'GET', route: 'apps/devices' }], scope: 'all' });
    expect((await send('DELETE', `apps/destroyDevice/${victim}`, reader)).statusCode).toBe(403);
    expect((await send('DELETE', `apps/destroyDevice/${victim}`, support)).statusCode).toBe(200);
    expect(await deviceIds(c.top)).not.toContain(victim);
  });

  it('a change applies at the next request, with the same token', async () => {
    const { id, caller } = await roleWithUser('flip', { operations: [{ method: 'GET', route: 'apps/devices' }], menuIds: [1] });
    expect((await send('GET', 'apps/devices', caller)).statusCode).toBe(200);
    await send('PUT', `access/roles/${id}/permissions`, c.top, { menuIds: [1, 2], operations: [], scope: 'own' });
    expect((await send('GET', 'apps/devices', caller)).statusCode).toBe(403);
    const me = (await send('GET', 'users/current', caller)).json().data;
    expect(me.permissions.map((m: { route: string }) => m.route)).toEqual(['/', '/servers']);
    await send('PUT', `access/roles/${id}/permissions`, c.top, { menuIds: [], operations: [{ method: 'GET', route: 'apps/devices' }], scope: 'own' });
    expect((await send('GET', 'apps/devices', caller)).statusCode).toBe(200);
  });
});

describe('safety rules', () => {
  it('role_id 1 cannot be edited, narrowed or deleted; the seeded roles cannot be deleted', async () => {
    const protectedCode = (res: { statusCode: number; json(): { code: string } }) => [res.statusCode, res.json().code];
    expect(protectedCode(await send('PUT', 'access/roles/1', c.top, { pName: 'نقش', name: 'boss', description: null }))).toEqual([409, 'ROLE_PROTECTED']);
    expect(protectedCode(await send('PUT', 'access/roles/1/permissions', c.top, { menuIds: [], operations: [], scope: 'own' }))).toEqual([
      409,
      'ROLE_PROTECTED',
    ]);
    for (const id of [1, 2, 5]) expect(protectedCode(await send('DELETE', `access/roles/${id}`, c.top))).toEqual([409, 'ROLE_PROTECTED']);
    expect((await send('GET', 'access/roles/1', c.top)).json().data.name).toBe('admin');
  });

  it('a role with users is not deleted (ROLE_IN_USE); an unused one is, with its grants', async () => {
    const { id, caller } = await roleWithUser('held', { operations: [{ method: 'GET', route: 'apps' }] });
    const refused = await send('DELETE', `access/roles/${id}`, c.top);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'ROLE_IN_USE']);
    await t.db.delete(users).where(eq(users.id, caller.id));
    expect((await send('DELETE', `access/roles/${id}`, c.top)).statusCode).toBe(200);
    expect((await send('GET', `access/roles/${id}`, c.top)).statusCode).toBe(404);
    expect((await send('DELETE', `access/roles/${id}`, c.top)).statusCode).toBe(404);
  });

  it('names are unique (409); an unknown operation or menu item is a 400; only role_id 1 manages roles', async () => {
    expect((await send('POST', 'access/roles', c.top, { pName: 'نقش', name: 'unique-one', description: null })).statusCode).toBe(200);
    const dup = await send('POST', 'access/roles', c.top, { pName: 'نقش', name: 'unique-one', description: null });
    expect([dup.statusCode, dup.json().errors]).toEqual([409, { name: V.taken }]);
    const renamed = await send('PUT', 'access/roles/2', c.top, { pName: 'نقش', name: 'admin', description: null });
    expect(renamed.statusCode).toBe(409);
    const unknownOp = await send('PUT', 'access/roles/2/permissions', c.top, {
      menuIds: [],
      operations: [{ method: 'GET', route: 'apps/nothing' }],
      scope: 'own',
    });
    expect([unknownOp.statusCode, Object.keys(unknownOp.json().errors)]).toEqual([400, ['operations']]);
    const unknownMenu = await send('PUT', 'access/roles/2/permissions', c.top, { menuIds: [99999], operations: [], scope: 'own' });
    expect([unknownMenu.statusCode, Object.keys(unknownMenu.json().errors)]).toEqual([400, ['menuIds']]);
    // The refused writes changed nothing.
    expect((await send('GET', 'apps/devices', c.owner)).statusCode).toBe(200);
    expect((await send('POST', 'access/roles', c.owner, { pName: 'نقش', name: 'mine', description: null })).statusCode).toBe(403);
  });

  it('access/roles: names for anyone signed in, the details for role_id 1', async () => {
    const forOwner = (await send('GET', 'access/roles', c.owner)).json().data;
    expect(forOwner[0]).toEqual({ id: 1, name: 'admin', pName: 'مدیر کل' });
    const forTop = (await send('GET', 'access/roles', c.top)).json().data;
    expect(forTop.find((r: { id: number }) => r.id === 2)).toMatchObject({
      name: 'appAdmin',
      scope: 'own',
      usersCount: expect.any(Number),
      createdAt: expect.any(String),
    });
    // Each role's count is its own users (a correlated count, not the users whose id equals their role_id).
    const held = await t.db.select({ roleId: users.roleId }).from(users);
    for (const role of forTop as { id: number; usersCount: number }[]) {
      expect([role.id, role.usersCount]).toEqual([role.id, held.filter((u) => u.roleId === role.id).length]);
    }
    const fresh = (await send('POST', 'access/roles', c.top, { pName: 'نقش', name: 'nobody-yet', description: null })).json().data;
    const listed = (await send('GET', 'access/roles', c.top)).json().data.find((r: { id: number }) => r.id === fresh.id);
    expect(listed.usersCount).toBe(0);
  });
});

describe('role names in Persian and English', () => {
  it('the seeded roles have Persian names and descriptions next to English ones that name no column', async () => {
    const roles = (await send('GET', 'access/roles', c.top)).json().data as {
      id: number;
      name: string;
      pName: string;
      description: string;
      pDescription: string;
    }[];
    const byId = new Map(roles.map((r) => [r.id, r]));
    expect(byId.get(1)).toMatchObject({ name: 'admin', pName: 'مدیر کل', description: 'Everything, including the settings only the top admin may change' });
    expect(byId.get(2)).toMatchObject({ name: 'appAdmin', pName: 'مدیر اپلیکیشن', pDescription: 'اپلیکیشن‌ها، سرورها و دستگاه‌های خودش را مدیریت می‌کند' });
    expect(byId.get(5)).toMatchObject({ name: 'restricted', pName: 'کاربر محدود' });
    for (const id of [1, 2, 5]) {
      expect(byId.get(id)!.pDescription).toMatch(/^[\u0600-\u06FF\u200C ،؛.]+$/);
      expect(byId.get(id)!.description).not.toMatch(/role_id|_/);
    }
  });

  it('a role takes a Persian name and description; users/current and the role options carry the Persian name', async () => {
    const body = { pName: 'پشتیبانی', name: 'helpdesk', pDescription: 'پاسخ به پیام‌های کاربران', description: 'Answers the users' };
    const made = await send('POST', 'access/roles', c.top, body);
    expect(made.statusCode).toBe(200);
    const role = made.json().data;
    expect(role).toMatchObject({ ...body, scope: 'own', usersCount: 0 });
    const { token } = await t.signedInUser({ role_id: role.id });
    const current = (await send('GET', 'users/current', { id: 0, token, headers: t.auth(token) })).json().data;
    expect(current.role).toEqual({ id: role.id, name: 'helpdesk', pName: 'پشتیبانی' });
    expect((await send('GET', 'access/roles', c.owner)).json().data).toContainEqual({ id: role.id, name: 'helpdesk', pName: 'پشتیبانی' });
    const listed = ((await send('GET', 'users', c.top)).json().data as { role: unknown; role_id: number }[]).find((u) => u.role_id === role.id);
    expect(listed?.role).toEqual({ id: role.id, name: 'helpdesk', pName: 'پشتیبانی' });

    const edited = await send('PUT', `access/roles/${role.id}`, c.top, {
      pName: 'پشتیبانی فنی',
      name: 'helpdesk',
      pDescription: '',
      description: 'Answers the users',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ pName: 'پشتیبانی فنی', pDescription: null, description: 'Answers the users' });
  });

  it('refuses a role without a Persian name, Latin in the Persian name and Persian in the English one', async () => {
    const errorsOf = async (payload: object) => {
      const res = await send('POST', 'access/roles', c.top, payload);
      return [res.statusCode, res.json().errors];
    };
    expect(await errorsOf({ name: 'no-persian' })).toEqual([400, { pName: V.required }]);
    expect(await errorsOf({ pName: 'support', name: 'latin-persian' })).toEqual([400, { pName: V.persianOnly }]);
    expect(await errorsOf({ pName: 'پشتیبانی', name: 'پشتیبانی' })).toEqual([400, { name: V.englishOnly }]);
  });
});

describe('menus', () => {
  const tree = async () => (await send('GET', 'access/menus', c.top)).json().data as { id: number; route: string; children: { id: number; route: string }[] }[];

  it('adds, edits, moves among siblings and deletes with the descendants counted', async () => {
    const root = (await send('POST', 'access/menus', c.top, { pName: 'گزارش‌ها', enName: 'Reports', route: '/reports', parentId: null })).json().data;
    const a = (await send('POST', 'access/menus', c.top, { pName: 'الف', enName: 'A', route: '/reports/a', parentId: root.id })).json().data;
    const b = (await send('POST', 'access/menus', c.top, { pName: 'ب', enName: 'B', route: '/reports/b', parentId: root.id })).json().data;
    const children = async () => (await tree()).find((m) => m.id === root.id)!.children.map((ch) => ch.route);
    expect((await tree()).at(-1)!.route).toBe('/reports');
    expect(await children()).toEqual(['/reports/a', '/reports/b']);
    expect((await send('PUT', `access/menus/${b.id}/move`, c.top, { direction: 'up' })).statusCode).toBe(200);
    expect(await children()).toEqual(['/reports/b', '/reports/a']);
    await send('PUT', `access/menus/${b.id}/move`, c.top, { direction: 'up' }); // already first: stays
    expect(await children()).toEqual(['/reports/b', '/reports/a']);
    const edited = await send('PUT', `access/menus/${a.id}`, c.top, { pName: 'الف ۲', enName: 'A2', route: '/reports/a2' });
    expect(edited.json().data).toMatchObject({ id: a.id, route: '/reports/a2', enName: 'A2' });
    // role_id 1 sees new items at once; others only once granted.
    const topRoutes = ((await send('GET', 'users/current', c.top)).json().data.permissions as { route: string }[]).map((m) => m.route);
    expect(topRoutes.at(-1)).toBe('/reports');
    expect(((await send('GET', 'users/current', c.owner)).json().data.permissions as { route: string }[]).map((m) => m.route)).not.toContain('/reports');
    const removed = await send('DELETE', `access/menus/${root.id}`, c.top);
    expect(removed.json()).toEqual({ success: true, data: { removed: 3 } });
    expect((await tree()).map((m) => m.id)).not.toContain(root.id);
    expect((await send('DELETE', `access/menus/${root.id}`, c.top)).statusCode).toBe(404);
  });

  it('refuses an unknown parent (400) and anyone but role_id 1 (403)', async () => {
    const res = await send('POST', 'access/menus', c.top, { pName: 'ج', enName: 'C', route: '/c', parentId: 99999 });
    expect([res.statusCode, Object.keys(res.json().errors)]).toEqual([400, ['parentId']]);
    expect((await send('GET', 'access/menus', c.owner)).statusCode).toBe(403);
    expect((await send('DELETE', 'access/menus/1', c.restricted)).statusCode).toBe(403);
  });
});

describe('a restart', () => {
  it("keeps the top admin's edits of the menu, the roles and the grants (the seed no longer rewrites them)", async () => {
    const dir = isPostgresMode() ? undefined : tempDir();
    let app = await createTestApp(dir ? { database: { kind: 'pglite', dir: `${dir.dir}/pglite` } } : {});
    try {
      const token = await app.signIn(ADMIN.username, ADMIN.password);
      const as = (method: string, path: string, payload?: unknown) =>
        app.app.inject({ method: method as 'GET', url: api(path), headers: app.auth(token), ...(payload === undefined ? {} : { payload: payload as object }) });
      const before = (await as('GET', 'access/roles/2')).json().data;
      expect((await as('PUT', 'access/menus/10', { pName: 'کارکنان', enName: 'Staff', route: '/users/list' })).statusCode).toBe(200);
      expect((await as('DELETE', 'access/menus/18')).statusCode).toBe(200);
      expect((await as('PUT', 'access/roles/2', { pName: 'مدیر اپلیکیشن', name: 'appAdmin', description: 'Edited' })).statusCode).toBe(200);
      const menuIds = before.menuIds.filter((id: number) => id < 15);
      expect((await as('PUT', 'access/roles/2/permissions', { menuIds, operations: before.operations.slice(1), scope: 'own' })).statusCode).toBe(200);

      app = await app.restart();
      const token2 = await app.signIn(ADMIN.username, ADMIN.password);
      const read = async (path: string) => (await app.app.inject({ method: 'GET', url: api(path), headers: app.auth(token2) })).json().data;
      const items = flattenMenu(await read('access/menus'));
      expect(items.find((m) => m.id === 10)?.enName).toBe('Staff');
      expect(items.map((m) => m.id)).not.toContain(18);
      const role = await read('access/roles/2');
      expect([role.description, role.menuIds, role.operations]).toEqual(['Edited', menuIds, before.operations.slice(1)]);
    } finally {
      await app.close();
      dir?.remove();
    }
  });
});
