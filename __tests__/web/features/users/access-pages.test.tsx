// The access pages of docs/product.md §6 over the real store, routes and guards (fake API): the roles list and
// its dialogs, a role's permissions (parent follows child, select all per tag, the unsaved counter,
// the leave prompt, the body sent) and the menu tree editor (move, add child, delete counting children).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MenuItem, Operation, RoleDetail, RoleWithGrants } from '../../../../src/contract';
import { renderApp } from '../../support/render';
import { apiError, json, useFakeServer } from '../../support/fake-server';
import { makeUser } from '../../support/fixtures';
import { fa } from './support';

const server = useFakeServer();

const ROLE_ROWS: RoleDetail[] = [
  {
    id: 1,
    name: 'admin',
    pName: 'مدیر کل',
    requireTotp: false,
    description: 'Top admin',
    pDescription: 'دسترسی کامل',
    createdAt: '2024-03-20T10:00:00.000Z',
    usersCount: 1,
    scope: 'all',
  },
  {
    id: 2,
    name: 'appAdmin',
    pName: 'مدیر اپلیکیشن',
    requireTotp: false,
    description: null,
    pDescription: null,
    createdAt: '2024-03-20T10:00:00.000Z',
    usersCount: 3,
    scope: 'own',
  },
  {
    id: 7,
    name: 'support',
    pName: 'پشتیبانی',
    requireTotp: false,
    description: 'Reads devices',
    pDescription: 'دیدن دستگاه‌ها',
    createdAt: '2025-03-21T08:00:00.000Z',
    usersCount: 0,
    scope: 'all',
  },
  // made before roles had Persian names: its English name and description stand in
  {
    id: 8,
    name: 'auditor',
    pName: null,
    requireTotp: false,
    description: 'Reads the audit log',
    pDescription: null,
    createdAt: '2025-03-21T08:00:00.000Z',
    usersCount: 0,
    scope: 'own',
  },
];

const leaf = (id: number, route: string, pName: string, enName: string, children: MenuItem[] = []): MenuItem => ({ id, route, pName, enName, children });
const MENUS: MenuItem[] = [
  leaf(1, '/', 'داشبورد', 'Dashboard'),
  leaf(6, '/app', 'اپلیکیشن‌ها', 'Applications', [
    leaf(8, '/app/my-apps', 'اپلیکیشن‌های من', 'My applications'),
    leaf(19, '/app/devices', 'دستگاه‌ها', 'Devices'),
  ]),
  leaf(9, '/users', 'کاربران', 'Users', [leaf(10, '/users/list', 'لیست کاربران', 'Users list')]),
];
const OPERATIONS: Operation[] = [
  { method: 'GET', route: 'apps', tag: 'apps', summary: "List applications: all in scope, or the caller's own with ?state=appAdmin" },
  { method: 'GET', route: 'apps/devices', tag: 'devices', summary: 'Devices, server-paged (30 per page from page 1)' },
  { method: 'DELETE', route: 'apps/destroyDevice/{id}', tag: 'devices', summary: 'Delete a device' },
  // one this panel has no text for (a newer server): its summary stands in
  { method: 'GET', route: 'apps/newThing', tag: 'apps', summary: 'A new thing' },
];

const cellTexts = (field: string) =>
  screen
    .queryAllByRole('gridcell')
    .filter((c) => c.getAttribute('data-field') === field)
    .map((c) => c.textContent);
const rowOf = (text: string) => screen.getByText(text).closest('[role="row"]') as HTMLElement;

beforeEach(() => {
  server.on('GET', 'users/current', json({ data: makeUser() }));
  server.on('GET', 'access/roles', json({ data: ROLE_ROWS }));
  server.on('GET', 'access/menus', json({ data: MENUS }));
  server.on('GET', 'access/operations', json({ data: OPERATIONS }));
});

describe('roles list', () => {
  it('shows each role with its Persian name and description, created date in the Persian calendar and users count', async () => {
    await renderApp({ route: '/users/roles', token: 't' });
    await screen.findByText('پشتیبانی');
    expect(cellTexts('name')).toEqual(['مدیر کل', 'مدیر اپلیکیشن', 'پشتیبانی', 'auditor']);
    expect(cellTexts('usersCount')).toEqual(['۱', '۳', '۰', '۰']);
    expect(cellTexts('createdAt')[2]).toContain('۱۴۰۴'); // 21 March 2025 is 1 Farvardin 1404
    expect(cellTexts('description')).toEqual(['دسترسی کامل', '', 'دیدن دستگاه‌ها', 'Reads the audit log']);
    // The top admin's role is never edited; the seeded roles are never deleted.
    expect(within(rowOf('پشتیبانی')).getByRole('button', { name: fa['users.access.roles.actions.delete'] })).toBeEnabled();
    expect(within(rowOf(fa['common.role.appAdmin'])).getByRole('button', { name: fa['users.access.roles.actions.delete'] })).toBeDisabled();
  });

  it('in English shows the English names and descriptions, the seeded roles by their labels', async () => {
    await renderApp({ route: '/users/roles', token: 't', locale: 'en' });
    await screen.findByText('support');
    expect(cellTexts('name')).toEqual(['Administrator', 'App admin', 'support', 'auditor']);
    expect(cellTexts('description')).toEqual(['Top admin', '', 'Reads devices', 'Reads the audit log']);
  });

  it('creates a role with a Persian and an English name, trimmed, and puts a taken name on the field', async () => {
    let answer = apiError(409, 'CONFLICT', { name: 'validation.taken' });
    server.on('POST', 'access/roles', () => answer);
    const view = await renderApp({ route: '/users/roles', token: 't' });
    await view.user.click(await screen.findByRole('button', { name: fa['users.access.roles.actions.add'] }));
    const dialog = await screen.findByRole('dialog');
    const field = (id: string) => within(dialog).getByRole('textbox', { name: new RegExp(fa[id]) });
    // Persian is kept in the Persian name (it used to be reverted), Latin refused there
    await view.user.type(field('users.access.roles.fields.pName'), 'support');
    expect(field('users.access.roles.fields.pName')).toHaveValue('');
    await view.user.type(field('users.access.roles.fields.pName'), 'پشتیبانی');
    expect(field('users.access.roles.fields.pName')).toHaveValue('پشتیبانی');
    await view.user.type(field('users.access.roles.fields.enName'), ' support ');
    await view.user.type(field('users.access.roles.fields.pDescription'), 'دیدن دستگاه‌ها');
    await view.user.click(within(dialog).getByRole('button', { name: fa['common.save'] }));
    expect(await within(dialog).findByText(fa['validation.taken'])).toBeInTheDocument();
    expect(server.calls('POST', 'access/roles')[0].body).toEqual({ pName: 'پشتیبانی', name: 'support', pDescription: 'دیدن دستگاه‌ها', description: null });

    answer = json({ success: true, data: ROLE_ROWS[2] });
    await view.user.click(within(dialog).getByRole('button', { name: fa['common.save'] }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(fa['users.access.roles.created'])).toBeInTheDocument();
  });

  it('explains a refused delete of a role that users still hold', async () => {
    server.on('DELETE', 'access/roles/:id', apiError(409, 'ROLE_IN_USE'));
    const view = await renderApp({ route: '/users/roles', token: 't' });
    await screen.findByText('پشتیبانی');
    await view.user.click(within(rowOf('پشتیبانی')).getByRole('button', { name: fa['users.access.roles.actions.delete'] }));
    await view.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: fa['users.access.roles.actions.delete'] }));
    expect(await screen.findByText(fa['users.access.error.roleInUse'])).toBeInTheDocument();
    expect(server.calls('DELETE', 'access/roles/7')).toHaveLength(1);
  });
});

describe('role permissions', () => {
  const SUPPORT: RoleWithGrants = { ...ROLE_ROWS[2], scope: 'own', menuIds: [1], operations: [] };

  async function openPermissions() {
    server.on('GET', 'access/roles/:id', json({ data: SUPPORT }));
    server.on('PUT', 'access/roles/:id/permissions', (req) => json({ success: true, data: { ...SUPPORT, ...(req.body as object) } }));
    const view = await renderApp({ route: '/users/roles/7', token: 't' });
    await screen.findByRole('checkbox', { name: /^دستگاه‌ها/ });
    return view;
  }
  const count = () => screen.getByTestId('unsaved-count').textContent;

  it('checks the parent with a child, selects a whole tag, counts the changes and sends them in order', async () => {
    const view = await openPermissions();
    expect(count()).toBe(fa['users.access.save.clean']);
    await view.user.click(screen.getByRole('checkbox', { name: /^دستگاه‌ها/ }));
    expect(screen.getByRole('checkbox', { name: 'اپلیکیشن‌ها /app' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /اپلیکیشن‌های من/ })).not.toBeChecked();
    await view.user.click(screen.getByRole('checkbox', { name: 'انتخاب همهٔ دستگاه‌ها' }));
    await view.user.click(screen.getByRole('checkbox', { name: /DELETE apps\/destroyDevice/ }));
    await view.user.click(screen.getByRole('radio', { name: fa['users.access.scope.allLong'] }));
    // menus 6 and 19, one operation, the scope
    expect(count()).toBe('۴ تغییر ذخیره‌نشده');

    await view.user.click(screen.getByRole('button', { name: fa['common.save'] }));
    await waitFor(() => expect(server.calls('PUT', 'access/roles/7/permissions')).toHaveLength(1));
    expect(server.calls('PUT', 'access/roles/7/permissions')[0].body).toEqual({
      menuIds: [1, 6, 19],
      operations: [{ method: 'GET', route: 'apps/devices' }],
      scope: 'all',
    });
  });

  it('names each operation by what it lets the role do, in the UI language, with its method and route below', async () => {
    await openPermissions();
    const devices = screen.getByRole('checkbox', { name: 'انتخاب همهٔ دستگاه‌ها' }).closest('section') as HTMLElement;
    expect(within(devices).getByRole('checkbox', { name: /^دیدن فهرست دستگاه‌ها/ })).toBeInTheDocument();
    expect(within(devices).getByText('GET apps/devices')).toBeInTheDocument();
    expect(within(devices).getByRole('checkbox', { name: /^حذف دستگاه/ })).toBeInTheDocument();
    // no developer text where a description exists
    expect(screen.queryByText(/server-paged|state=appAdmin/)).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /^دیدن فهرست اپلیکیشن‌ها/ })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /^A new thing/ })).toBeInTheDocument();
  });

  it('in English too', async () => {
    server.on('GET', 'access/roles/:id', json({ data: SUPPORT }));
    await renderApp({ route: '/users/roles/7', token: 't', locale: 'en' });
    expect(await screen.findByRole('checkbox', { name: /^See the device list/ })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select all of Devices' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /^Delete a device/ })).toBeInTheDocument();
  });

  it('unchecking a parent unchecks its children, and leaving with unsaved changes asks first', async () => {
    const view = await openPermissions();
    await view.user.click(screen.getByRole('checkbox', { name: /لیست کاربران/ }));
    await view.user.click(screen.getByRole('checkbox', { name: 'کاربران /users' }));
    expect(screen.getByRole('checkbox', { name: /لیست کاربران/ })).not.toBeChecked();
    await view.user.click(screen.getByRole('checkbox', { name: 'داشبورد /' }));
    expect(count()).toBe('۱ تغییر ذخیره‌نشده');

    await view.user.click(screen.getByRole('link', { name: fa['users.access.permissions.back'] }));
    const ask = await screen.findByRole('dialog', { name: fa['users.access.save.leaveTitle'] });
    await view.user.click(within(ask).getByRole('button', { name: fa['users.access.save.stay'] }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.router.state.location.pathname).toBe('/users/roles/7');
    await view.user.click(screen.getByRole('link', { name: fa['users.access.permissions.back'] }));
    await view.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: fa['users.access.save.leave'] }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/users/roles'));
    expect(server.calls('PUT', 'access/roles/7/permissions')).toHaveLength(0);
  });
});

describe('menu tree editor', () => {
  it('moves an item among its siblings, adds a child under its parent, and counts the children a delete takes', async () => {
    server.on('PUT', 'access/menus/:id/move', json({ success: true }));
    server.on('POST', 'access/menus', json({ success: true, data: MENUS[0] }));
    server.on('DELETE', 'access/menus/:id', json({ success: true, data: { removed: 3 } }));
    const view = await renderApp({ route: '/users/menus', token: 't' });
    await screen.findByText('اپلیکیشن‌های من');
    expect(screen.getByRole('button', { name: 'انتقال داشبورد به بالا' })).toBeDisabled();
    await view.user.click(screen.getByRole('button', { name: 'انتقال دستگاه‌ها به بالا' }));
    await waitFor(() => expect(server.calls('PUT', 'access/menus/19/move')).toHaveLength(1));
    expect(server.calls('PUT', 'access/menus/19/move')[0].body).toEqual({ direction: 'up' });

    await view.user.click(screen.getByRole('button', { name: 'افزودن آیتم زیر کاربران' }));
    const dialog = await screen.findByRole('dialog');
    await view.user.type(within(dialog).getByRole('textbox', { name: new RegExp(fa['users.access.menus.fields.pName']) }), 'نقش‌ها');
    await view.user.type(within(dialog).getByRole('textbox', { name: new RegExp(fa['users.access.menus.fields.enName']) }), 'Roles');
    await view.user.type(within(dialog).getByRole('textbox', { name: new RegExp(fa['users.access.menus.fields.route']) }), 'roles');
    await view.user.click(within(dialog).getByRole('button', { name: fa['common.save'] }));
    await waitFor(() => expect(server.calls('POST', 'access/menus')).toHaveLength(1));
    expect(server.calls('POST', 'access/menus')[0].body).toEqual({ pName: 'نقش‌ها', enName: 'Roles', route: '/users/roles', parentId: 9 });

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await view.user.click(screen.getByRole('button', { name: 'حذف اپلیکیشن‌ها' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(/۲ زیرمجموعهٔ آن هم حذف می‌شود/)).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: fa['users.access.menus.deleteButton'] }));
    await waitFor(() => expect(server.calls('DELETE', 'access/menus/6')).toHaveLength(1));
  });
});

describe('menu grants guard the pages', () => {
  const support = makeUser({
    id: 30,
    role_id: 7,
    role: { id: 7, name: 'support' },
    permissions: [leaf(1, '/', 'داشبورد', 'Dashboard'), leaf(6, '/app', 'اپلیکیشن‌ها', 'Applications', [leaf(19, '/app/devices', 'دستگاه‌ها', 'Devices')])],
    access: { scope: 'all', operations: [{ method: 'GET', route: 'apps/devices' }] },
  });

  it.each([
    ['/servers/my-servers', '/dashboard'],
    ['/servers/5', '/dashboard'],
    ['/app/my-apps', '/dashboard'],
    ['/help/api', '/dashboard'],
    ['/users/roles', '/dashboard'],
  ])('sends a role without the grant from %s to %s', async (from, to) => {
    server.on('GET', 'users/current', json({ data: support }));
    const { router } = await renderApp({ route: from, token: 't' });
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it('opens the devices page without its app filter and without the actions the role is not granted', async () => {
    server.on('GET', 'users/current', json({ data: support }));
    server.on(
      'GET',
      'apps/devices',
      json({
        rows: [
          {
            id: 1,
            app: { id: 3, name: 'Alpha' },
            model: 'Pixel',
            uniqueDeviceId: 'dev-1',
            fcmToken: null,
            appVersionCode: 1,
            createdAt: '2025-01-01T00:00:00Z',
            updatedAt: '2025-01-01T00:00:00Z',
          },
        ],
        count: 1,
        countEstimated: false,
      }),
    );
    const { router } = await renderApp({ route: '/app/devices', token: 't' });
    const row = (await screen.findByText('dev-1')).closest('[role="row"]') as HTMLElement;
    expect(router.state.location.pathname).toBe('/app/devices');
    expect(within(row).getByRole('button', { name: /جزئیات/ })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /حذف/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /ویرایش/ })).not.toBeInTheDocument();
    expect(server.calls('GET', 'apps')).toHaveLength(0);
  });
});
