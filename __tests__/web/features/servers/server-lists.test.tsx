// /servers/manage and /servers/my-servers: the list (applications, flag + code, ip), search and
// application filter, the create dialog (country search, the name prefilled from the country,
// the contract's port rule), edit (password blank keeps it), the batch delete error toast; and
// /servers/settings (four required names, trimmed).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../support/render';
import { apiError, json, useFakeServer } from '../../support/fake-server';
import { makeUser, ROLES } from '../../support/fixtures';
import { SERVER } from './support';
import type { Server } from '../../../../src/features/servers/types';
import { tableStorageKey } from '../../../../src/app/store';

const server = useFakeServer();
jest.setTimeout(60_000);

const OTHER: Server = {
  ...SERVER,
  id: 8,
  ip: '203.0.113.9',
  apps: [{ app: { id: 4, name: 'SafeNet' } }],
  location: { id: 103, name: 'Iran', code: 'IR' },
  flagUrl: '/api/v1/flags/ir.svg',
  hasPassword: false,
};
const COUNTRIES = [
  { id: 80, code: 'DE', name: 'Germany', timezones: ['Europe/Berlin'], flagUrl: '/api/v1/flags/de.svg' },
  { id: 103, code: 'IR', name: 'Iran', timezones: ['Asia/Tehran'], flagUrl: '/api/v1/flags/ir.svg' },
  { id: 150, code: 'NL', name: 'Netherlands', timezones: ['Europe/Amsterdam'], flagUrl: '/api/v1/flags/nl.svg' },
];
const APPS = [
  { id: 3, name: 'FastVPN' },
  { id: 4, name: 'SafeNet' },
];

const cellTexts = (field: string) =>
  screen
    .queryAllByRole('gridcell')
    .filter((c) => c.getAttribute('data-field') === field)
    .map((c) => c.textContent);

async function openList(route = '/servers/manage', roleId: 1 | 2 = 1, locale: 'fa' | 'en' = 'en', rows: Server[] = [SERVER, OTHER]) {
  server.on('GET', 'users/current', json({ data: makeUser({ role: roleId === 1 ? ROLES.admin : ROLES.appAdmin }) }));
  server.on('GET', 'apps/servers', json({ data: rows }));
  server.on('GET', 'apps', json({ data: APPS }));
  server.on('GET', 'apps/countries', json({ data: COUNTRIES }));
  const view = await renderApp({ route, token: 'tok', locale });
  await waitFor(() => expect(cellTexts('ip')).toHaveLength(rows.length), { timeout: 30_000 });
  return view;
}

describe('server lists', () => {
  it('lists all servers with application chips, flag and code, and filters by search and application', async () => {
    const { user } = await openList();
    expect(server.calls('GET', 'apps/servers')[0].query.get('appId')).toBe('null');
    expect(cellTexts('ip')).toEqual(['de-server-1', '203.0.113.9']);
    expect(cellTexts('apps')).toEqual(['FastVPN', 'SafeNet']);
    expect(cellTexts('location')).toEqual(['DE', 'IR']);
    const flag = screen
      .getAllByRole('gridcell')
      .find((c) => c.getAttribute('data-field') === 'location')!
      .querySelector('img')!;
    expect(flag.getAttribute('src')).toMatch(/\/api\/v1\/flags\/de\.svg$/);

    fireEvent.change(screen.getByRole('searchbox', { name: /Search server name or application/ }), { target: { value: 'safe' } });
    await waitFor(() => expect(cellTexts('ip')).toEqual(['203.0.113.9']));
    fireEvent.change(screen.getByRole('searchbox', { name: /Search server name or application/ }), { target: { value: '' } });
    await waitFor(() => expect(cellTexts('ip')).toHaveLength(2));

    await user.click(screen.getByRole('combobox', { name: 'Application' }));
    await user.click(await screen.findByRole('option', { name: 'FastVPN' }));
    await waitFor(() => expect(cellTexts('ip')).toEqual(['de-server-1']));
  });

  it("lists app names with the language's own separators and names countries in Persian in Persian", async () => {
    const shared: Server = { ...SERVER, apps: [{ app: { id: 3, name: 'FastVPN' } }, { app: { id: 4, name: 'SafeNet' } }] };
    const en = await openList('/servers/manage', 1, 'en', [shared]);
    await en.user.click(screen.getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('\u2068FastVPN\u2069, \u2068SafeNet\u2069');
    expect(dialog).not.toHaveTextContent('،');
    expect(dialog).toHaveTextContent('Germany');
    en.unmount();

    const fa = await openList('/servers/manage', 1, 'fa', [shared]);
    await fa.user.click(screen.getByRole('button', { name: 'جزئیات' }));
    const faDialog = await screen.findByRole('dialog');
    expect(faDialog).toHaveTextContent('آلمان');
    expect(faDialog).not.toHaveTextContent('Germany');
    expect(faDialog).toHaveTextContent(/\u2068FastVPN\u2069،\u200f? \u2068SafeNet\u2069/);
  });

  it("my-servers asks for the caller's own servers", async () => {
    await openList('/servers/my-servers', 2);
    expect(await screen.findByRole('heading', { name: 'My servers' })).toBeInTheDocument();
    expect(server.calls('GET', 'apps/servers')[0].query.get('state')).toBe('appAdmin');
    expect(server.calls('GET', 'apps')[0].query.get('state')).toBe('appAdmin');
  });

  it('sends anyone but the top admin from /servers/manage to their own servers', async () => {
    const { router } = await openList('/servers/manage', 2);
    await waitFor(() => expect(router.state.location.pathname).toBe('/servers/my-servers'));
    expect(await screen.findByRole('heading', { name: 'My servers' })).toBeInTheDocument();
    expect(server.calls('GET', 'apps/servers').every((c) => c.query.get('state') === 'appAdmin')).toBe(true);
  });

  it('creates a server: the country is searchable and prefills the name with the next free <code>-server-<n>', async () => {
    server.on('POST', 'apps/addServer', (req) => json({ success: true, data: { ...SERVER, id: 9, ip: (req.body as { ip: string }).ip } }));
    const { user } = await openList();
    await user.click(screen.getByRole('button', { name: 'New server' }));
    const dialog = await screen.findByRole('dialog');

    await user.click(within(dialog).getByRole('combobox', { name: 'Applications' }));
    await user.click(await screen.findByRole('option', { name: 'SafeNet' }));
    await user.keyboard('{Escape}');

    const country = within(dialog).getByRole('combobox', { name: 'Country' });
    await user.type(country, 'de');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['GermanyDE']);
    await user.click(options[0]);
    // de-server-1 is taken by an existing server
    expect(within(dialog).getByLabelText('Server name')).toHaveValue('de-server-2');

    fireEvent.change(within(dialog).getByLabelText('Port'), { target: { value: '70000' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The value is above the allowed maximum')).toBeInTheDocument();
    expect(server.calls('POST', 'apps/addServer')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Port'), { target: { value: '443' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The server was added')).toBeInTheDocument();
    expect(server.calls('POST', 'apps/addServer')[0].body).toEqual({ appId: [4], countryId: 80, ip: 'de-server-2', username: null, password: null, port: 443 });
    await waitFor(() => expect(server.calls('GET', 'apps/servers')).toHaveLength(2));
  });

  it('edits a server with a blank password that keeps the stored one, and maps server field errors', async () => {
    server.on('PUT', 'apps/updateServer/7', apiError(400, 'VALIDATION_FAILED', { countryId: 'validation.oneOf' }));
    const { user } = await openList();
    await user.click(screen.getAllByRole('button', { name: 'Edit' })[0]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Password')).toHaveValue('');
    expect(dialog).toHaveTextContent('Leave blank to keep the current password');
    expect(within(dialog).getByLabelText('Server name')).toHaveValue('de-server-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The server could not be updated')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose one of the allowed values')).toBeInTheDocument();
    expect(server.calls('PUT', 'apps/updateServer/7')[0].body).toEqual({
      appId: [3],
      countryId: 80,
      ip: 'de-server-1',
      username: 'root',
      password: null,
      port: 22,
    });
  });

  it('shows the batch delete error and keeps the rows when the call fails', async () => {
    server.on('POST', 'apps/destroyMultipleServers', apiError(404, 'NOT_FOUND'));
    const { user } = await openList();
    for (const box of screen.getAllByRole('checkbox', { name: /select row/i })) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Delete 2 servers' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('The selected servers could not be deleted')).toBeInTheDocument();
    expect(server.calls('POST', 'apps/destroyMultipleServers')[0].body).toEqual({ ids: [7, 8] });
    // the confirm stays open; a 404 means the list may be stale (a server gone), so it is read again,
    // and since the batch is all-or-nothing both rows are still there
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await waitFor(() => expect(server.calls('GET', 'apps/servers')).toHaveLength(2));
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cellTexts('ip')).toEqual(['de-server-1', '203.0.113.9']);
  });
});

describe("the application filter on an app the caller's list lacks", () => {
  // A remembered choice (or a link) naming another admin's app, or one since deleted: the filter
  // names the app from its own record, or says "unknown app"; never a blank box or a bare `#9`.
  async function openWithRememberedApp(appId: number, locale: 'fa' | 'en', getApp: Parameters<typeof server.on>[2]) {
    localStorage.setItem(tableStorageKey('myServers', 'filter'), JSON.stringify({ appId: String(appId) }));
    server.on('GET', 'users/current', json({ data: makeUser({ role: ROLES.appAdmin }) }));
    server.on('GET', 'apps/servers', json({ data: [SERVER] }));
    server.on('GET', 'apps', json({ data: APPS }));
    server.on('GET', `apps/getApp/${appId}`, getApp);
    const view = await renderApp({ route: '/servers/my-servers', token: 'tok', locale });
    const filter = await screen.findByRole('combobox', { name: locale === 'fa' ? 'اپلیکیشن' : 'Application' }, { timeout: 30_000 });
    return { ...view, filter };
  }

  it('names it by its record', async () => {
    const { filter } = await openWithRememberedApp(5, 'en', json({ data: { id: 5, name: 'OtherVPN' } }));
    await waitFor(() => expect(filter).toHaveTextContent(/^OtherVPN$/));
    // asked once the caller's own list had arrived without it
    expect(server.calls('GET', 'apps/getApp/5')).toHaveLength(1);
  });

  it.each([
    ['en', 'Unknown app', 404, 'NOT_FOUND'],
    ['fa', 'اپلیکیشن ناشناخته', 403, 'FORBIDDEN'],
  ] as const)('in %s calls an app the caller may not see "%s"', async (locale, label, status, code) => {
    const { filter } = await openWithRememberedApp(9, locale, apiError(status, code));
    await waitFor(() => expect(filter).toHaveTextContent(label));
    expect(filter.textContent).not.toMatch(/[0-9]/);
  });

  it('asks nothing for an app the list holds', async () => {
    const { filter } = await openWithRememberedApp(3, 'en', json({ data: { id: 3, name: 'FastVPN' } }));
    await waitFor(() => expect(filter).toHaveTextContent(/^FastVPN$/));
    expect(server.calls('GET', 'apps/getApp/3')).toHaveLength(0);
  });
});

describe('operator names page', () => {
  const NAMES = { wifiOperatorName: 'WiFi', mciOperatorName: 'MCI', irancellOperatorName: 'Irancell', othersOperatorName: 'Other' };

  it('requires all four names and saves them trimmed', async () => {
    server.on('GET', 'users/current', json({ data: makeUser() }));
    server.on('GET', 'apps/settings/operators', json({ data: NAMES }));
    server.on('POST', 'apps/settings/operators', (req) => json({ success: true, data: req.body }));
    const { user } = await renderApp({ route: '/servers/settings', token: 'tok', locale: 'en' });
    const mci = await screen.findByLabelText(/MCI name/, {}, { timeout: 30_000 });
    expect(mci).toHaveValue('MCI');
    fireEvent.change(mci, { target: { value: '   ' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(server.calls('POST', 'apps/settings/operators')).toHaveLength(0);
    fireEvent.change(mci, { target: { value: '  Hamrah Aval ' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(server.calls('POST', 'apps/settings/operators')[0].body).toEqual({ ...NAMES, mciOperatorName: 'Hamrah Aval' });
  });
});

describe('deleting a server that apps of other admins share (docs/product.md §4)', () => {
  const SHARED: Server = { ...SERVER, shared: true };

  async function openWith(rows: Server[], route: string, roleId: 1 | 2) {
    server.on('GET', 'users/current', json({ data: makeUser({ role: roleId === 1 ? ROLES.admin : ROLES.appAdmin }) }));
    server.on('GET', 'apps/servers', json({ data: rows }));
    server.on('GET', 'apps', json({ data: APPS }));
    server.on('GET', 'apps/countries', json({ data: COUNTRIES }));
    const view = await renderApp({ route, token: 'tok', locale: 'en' });
    await waitFor(() => expect(cellTexts('ip')).toHaveLength(rows.length), { timeout: 30_000 });
    return view;
  }

  it('offers an app admin no Edit on a server shared for them (the API would answer 409), and the top admin one', async () => {
    const view = await openWith([SHARED, { ...SERVER, id: 8, ip: 'own-server' }], '/servers/my-servers', 2);
    expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(1);
    view.unmount();
    await openWith([SHARED], '/servers/manage', 1);
    expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(1);
  });

  it('offers an app admin to remove their apps instead, and sends an update without them', async () => {
    server.on('PUT', 'apps/updateServer/7', json({ success: true }));
    const { user } = await openWith([SHARED], '/servers/my-servers', 2);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading')).toHaveTextContent('Server shared with other apps');
    expect(dialog).toHaveTextContent('Apps of other admins also use the server “de-server-1”, so it cannot be deleted. Remove your apps (FastVPN)');
    await user.click(within(dialog).getByRole('button', { name: 'Remove my apps' }));
    expect(await screen.findByText('Your apps were removed from the server')).toBeInTheDocument();
    expect(server.calls('PUT', 'apps/updateServer/7')[0].body).toEqual({
      appId: [],
      countryId: 80,
      ip: 'de-server-1',
      username: 'root',
      password: null,
      port: 22,
    });
    expect(server.calls('DELETE', 'apps/destroyServer/7')).toHaveLength(0);
  });

  it("names every app that loses a shared server in the top admin's confirm, then deletes it", async () => {
    server.on('DELETE', 'apps/destroyServer/7', json({ success: true }));
    const both: Server = { ...SHARED, apps: [{ app: { id: 3, name: 'FastVPN' } }, { app: { id: 4, name: 'SafeNet' } }] };
    const { user } = await openWith([both], '/servers/manage', 1);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete the server “de-server-1” with all its profiles? The apps FastVPN and SafeNet all lose it.');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('The server was deleted')).toBeInTheDocument();
    expect(server.calls('DELETE', 'apps/destroyServer/7')).toHaveLength(1);
  });

  it('explains a 409 SERVER_SHARED from a list loaded before the server became shared', async () => {
    server.on('DELETE', 'apps/destroyServer/7', apiError(409, 'SERVER_SHARED'));
    const { user } = await openWith([SERVER], '/servers/my-servers', 2);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete the server “de-server-1” with all its profiles?');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(/Apps of other admins use this server, so it cannot be deleted/)).toBeInTheDocument();
  });
});
