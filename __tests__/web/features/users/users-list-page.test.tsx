// /users/list: the rows (full name, app count, translated role), the status switch sending the
// negated value with no confirm, the filters as data, change role requiring a choice, delete
// guarded by the server's USER_HAS_APPS, edit and set-password through the contract schemas.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../support/render';
import { apiError, json, useFakeServer } from '../../support/fake-server';
import { ROLES } from '../../support/fixtures';
import { fa, serveUsers, staff, USERS } from './support';

const server = useFakeServer();

const cellTexts = (field: string) =>
  screen
    .queryAllByRole('gridcell')
    .filter((c) => c.getAttribute('data-field') === field)
    .map((c) => c.textContent);
const rowOf = (username: string) => screen.getByText(username, { selector: 'bdi' }).closest('[role="row"]') as HTMLElement;

async function openList(locale: 'fa' | 'en' = 'fa') {
  serveUsers(server);
  const view = await renderApp({ route: '/users/list', token: 't', locale });
  await screen.findByText('sara', { selector: 'bdi' });
  return view;
}

async function openAction(view: Awaited<ReturnType<typeof openList>>, username: string, actionId: string) {
  await view.user.click(within(rowOf(username)).getByRole('button', { name: fa[actionId] }));
  return screen.findByRole('dialog');
}

describe('users list page', () => {
  it('shows username, full name, app count and the translated role of every user', async () => {
    await openList();
    expect(cellTexts('username')).toEqual(['admin', 'sara', 'reza', 'nima']);
    expect(cellTexts('fullName')).toEqual(['مدیر سیستم', 'سارا احمدی', 'رضا کریمی', 'نیما رستمی']);
    expect(cellTexts('appCount')).toEqual(['۰', '۳', '۰', '۰']); // counts in Persian digits
    expect(cellTexts('role')).toEqual([fa['common.role.admin'], fa['common.role.appAdmin'], fa['common.role.appAdmin'], fa['common.role.restricted']]);
  });

  it('names a role made in the panel by its Persian name in Persian and its English one in English', async () => {
    const support = { id: 7, name: 'support', pName: 'پشتیبانی' };
    const users = [...USERS, staff({ id: 9, username: 'mina', name: 'مینا', family: 'رادمنش', role_id: 7, role: support })];
    serveUsers(server, users);
    server.on('GET', 'access/roles', json({ data: [ROLES.admin, ROLES.appAdmin, ROLES.restricted, support] }));
    const fa1 = await renderApp({ route: '/users/list', token: 't' });
    await screen.findByText('mina', { selector: 'bdi' });
    expect(cellTexts('role').at(-1)).toBe('پشتیبانی');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: fa['users.filters.role'] }));
    await fa1.user.click(await screen.findByRole('option', { name: 'پشتیبانی' }));
    await waitFor(() => expect(cellTexts('username')).toEqual(['mina']));
    fa1.unmount();
    localStorage.clear();

    serveUsers(server, users);
    server.on('GET', 'access/roles', json({ data: [ROLES.admin, ROLES.appAdmin, ROLES.restricted, support] }));
    await renderApp({ route: '/users/list', token: 't', locale: 'en' });
    await screen.findByText('mina', { selector: 'bdi' });
    expect(cellTexts('role').at(-1)).toBe('support');
  });

  it('prefers the English name in English and falls back to the Persian one', async () => {
    await openList('en');
    expect(cellTexts('fullName')).toEqual(['System Admin', 'Sara Ahmadi', 'رضا کریمی', 'Nima Rostami']);
  });

  it('sends the negated status with no confirm (false for an active user, true for an inactive one) and refreshes', async () => {
    server.on('PUT', 'users/changestatus/:id', (req) => json({ success: true, data: staff({ id: Number(req.params.id) }) }));
    const view = await openList();
    const listCalls = server.calls('GET', 'users').length;

    await view.user.click(within(rowOf('sara')).getByRole('switch'));
    await waitFor(() => expect(server.calls('PUT', 'users/changestatus/2')).toHaveLength(1));
    expect(server.calls('PUT', 'users/changestatus/2')[0].body).toEqual({ active: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('«\u2068sara\u2069» غیرفعال شد')).toBeInTheDocument();

    await view.user.click(within(rowOf('reza')).getByRole('switch'));
    await waitFor(() => expect(server.calls('PUT', 'users/changestatus/3')).toHaveLength(1));
    expect(server.calls('PUT', 'users/changestatus/3')[0].body).toEqual({ active: true });
    expect(await screen.findByText('«\u2068reza\u2069» فعال شد')).toBeInTheDocument();
    await waitFor(() => expect(server.calls('GET', 'users').length).toBeGreaterThan(listCalls));
  });

  it('explains a refused deactivation of the last top admin', async () => {
    server.on('PUT', 'users/changestatus/:id', apiError(409, 'LAST_TOP_ADMIN'));
    const view = await openList();
    await view.user.click(within(rowOf('admin')).getByRole('switch'));
    expect(await screen.findByText(fa['users.error.lastTopAdmin'])).toBeInTheDocument();
    expect(within(rowOf('admin')).getByRole('switch')).toBeChecked();
  });

  it('the search narrows the rows by Persian or English name and by username', async () => {
    await openList();
    const search = screen.getByLabelText(fa['users.filters.search']);
    fireEvent.change(search, { target: { value: 'احمد' } });
    await waitFor(() => expect(cellTexts('username')).toEqual(['sara']));
    fireEvent.change(search, { target: { value: 'rostami' } });
    await waitFor(() => expect(cellTexts('username')).toEqual(['nima']));
    fireEvent.change(search, { target: { value: 'REZ' } });
    await waitFor(() => expect(cellTexts('username')).toEqual(['reza']));
    fireEvent.change(search, { target: { value: '' } });
    await waitFor(() => expect(cellTexts('username')).toHaveLength(4));
  });

  it('the role filter keeps the users of the chosen role', async () => {
    const view = await openList();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: fa['users.filters.role'] }));
    await view.user.click(await screen.findByRole('option', { name: fa['common.role.appAdmin'] }));
    await waitFor(() => expect(cellTexts('username')).toEqual(['sara', 'reza']));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: fa['users.filters.role'] }));
    await view.user.click(await screen.findByRole('option', { name: fa['common.role.restricted'] }));
    await waitFor(() => expect(cellTexts('username')).toEqual(['nima']));
  });

  it('the status filter shows all, only active or only inactive users', async () => {
    const view = await openList();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: fa['users.filters.status'] }));
    await view.user.click(await screen.findByRole('option', { name: fa['users.status.inactive'] }));
    await waitFor(() => expect(cellTexts('username')).toEqual(['reza']));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: fa['users.filters.status'] }));
    await view.user.click(await screen.findByRole('option', { name: fa['users.status.active'] }));
    await waitFor(() => expect(cellTexts('username')).toEqual(['admin', 'sara', 'nima']));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: fa['users.filters.status'] }));
    await view.user.click(await screen.findByRole('option', { name: fa['dataTable.filter.all'] }));
    await waitFor(() => expect(cellTexts('username')).toHaveLength(4));
  });

  it('change role sends nothing until a role is chosen, then the chosen id, with translated toasts', async () => {
    server.on('PUT', 'users/updateAccess/:id', json({ success: true, data: staff({ id: 4, role: ROLES.appAdmin }) }));
    const view = await openList();
    const dialog = await openAction(view, 'nima', 'users.actions.role');
    await view.user.click(within(dialog).getByRole('button', { name: fa['common.save'] }));
    expect(await within(dialog).findByText(fa['validation.required'])).toBeInTheDocument();
    expect(server.calls('PUT', 'users/updateAccess/4')).toHaveLength(0);

    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: fa['users.role.newRole'] }));
    await view.user.click(await screen.findByRole('option', { name: fa['common.role.appAdmin'] }));
    await view.user.click(within(dialog).getByRole('button', { name: fa['common.save'] }));
    await waitFor(() => expect(server.calls('PUT', 'users/updateAccess/4')).toHaveLength(1));
    expect(server.calls('PUT', 'users/updateAccess/4')[0].body).toEqual({ role_id: 2 });
    expect(await screen.findByText(fa['users.role.success'])).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a failed role change shows the translated error and keeps the dialog', async () => {
    server.on('PUT', 'users/updateAccess/:id', apiError(409, 'LAST_TOP_ADMIN'));
    const view = await openList();
    const dialog = await openAction(view, 'admin', 'users.actions.role');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: fa['users.role.newRole'] }));
    await view.user.click(await screen.findByRole('option', { name: fa['common.role.restricted'] }));
    await view.user.click(within(dialog).getByRole('button', { name: fa['common.save'] }));
    expect(await screen.findByText(fa['users.error.lastTopAdmin'])).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('delete asks first and explains a user who still administers apps', async () => {
    server.on('DELETE', 'users/destroy/:id', apiError(409, 'USER_HAS_APPS'));
    const view = await openList();
    const dialog = await openAction(view, 'sara', 'users.actions.delete');
    expect(dialog).toHaveTextContent('سارا احمدی');
    expect(server.calls('DELETE', 'users/destroy/2')).toHaveLength(0);
    await view.user.click(within(dialog).getByRole('button', { name: fa['users.actions.delete'] }));
    expect(await screen.findByText(fa['users.error.hasApps'])).toBeInTheDocument();
    expect(server.calls('DELETE', 'users/destroy/2')).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('deletes after the confirm and refreshes the list', async () => {
    let users = USERS;
    server.on('DELETE', 'users/destroy/:id', (req) => ((users = users.filter((u) => u.id !== Number(req.params.id))), json({ success: true })));
    const view = await openList();
    server.on('GET', 'users', () => json({ data: users, app: [] }));
    const dialog = await openAction(view, 'nima', 'users.actions.delete');
    await view.user.click(within(dialog).getByRole('button', { name: fa['users.actions.delete'] }));
    expect(await screen.findByText(fa['users.delete.success'])).toBeInTheDocument();
    await waitFor(() => expect(cellTexts('username')).toEqual(['admin', 'sara', 'reza']));
  });

  it('edit refuses Latin in the Persian name and sends the edited record', async () => {
    server.on('PUT', 'users/update/:id', json({ success: true, data: USERS[1] }));
    const view = await openList();
    const dialog = await openAction(view, 'sara', 'users.actions.edit');
    const family = within(dialog).getByLabelText(new RegExp(fa['users.fields.family'].replace(/[()]/g, '\\$&')));
    await view.user.clear(family);
    await view.user.type(family, 'Ahmadi');
    expect(family).toHaveValue('');
    expect(await screen.findByText(fa['validation.persianOnly'])).toBeInTheDocument();
    await view.user.type(family, 'محمدی');
    await view.user.click(within(dialog).getByRole('button', { name: fa['common.save'] }));
    await waitFor(() => expect(server.calls('PUT', 'users/update/2')).toHaveLength(1));
    expect(server.calls('PUT', 'users/update/2')[0].body).toMatchObject({
      name: 'سارا',
      family: 'محمدی',
      email: 'sara@example.com',
      eName: 'Sara',
      mobile: null,
      sex: 1,
    });
    expect(await screen.findByText(fa['users.edit.success'])).toBeInTheDocument();
  });

  it('set password refuses a mismatch, then sends password, repassword and user_id', async () => {
    server.on('POST', 'users/changepasslist', json({ success: true }));
    const view = await openList();
    const dialog = await openAction(view, 'reza', 'users.actions.password');
    fireEvent.change(within(dialog).getByLabelText(fa['users.fields.newPassword']), { target: { value: 'Temp#2024a' } });
    fireEvent.change(within(dialog).getByLabelText(fa['users.fields.repassword']), { target: { value: 'Temp#2024b' } });
    await view.user.click(within(dialog).getByRole('button', { name: fa['common.save'] }));
    expect(await within(dialog).findByText(fa['validation.passwordsnotMatch'])).toBeInTheDocument();
    expect(server.calls('POST', 'users/changepasslist')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(fa['users.fields.repassword']), { target: { value: 'Temp#2024a' } });
    await view.user.click(within(dialog).getByRole('button', { name: fa['common.save'] }));
    await waitFor(() => expect(server.calls('POST', 'users/changepasslist')).toHaveLength(1));
    expect(server.calls('POST', 'users/changepasslist')[0].body).toEqual({ password: 'Temp#2024a', repassword: 'Temp#2024a', user_id: 3 });
    expect(await screen.findByText(fa['users.password.success'])).toBeInTheDocument();
  });

  it('details show every field of the record', async () => {
    const view = await openList();
    const dialog = await openAction(view, 'sara', 'users.actions.details');
    expect(dialog).toHaveTextContent('sara@example.com');
    expect(dialog).toHaveTextContent('Ahmadi');
    expect(dialog).toHaveTextContent(fa['users.sex.male']);
    expect(dialog).toHaveTextContent(fa['users.fields.birthdate']);
  });

  it('shows the full error view when the list fails to load', async () => {
    serveUsers(server);
    server.on('GET', 'users', apiError(500, 'INTERNAL'));
    await renderApp({ route: '/users/list', token: 't' });
    expect(await screen.findByText(fa['common.error.loadFailed'])).toBeInTheDocument();
  });
});
