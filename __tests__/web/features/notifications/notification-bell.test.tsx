// The header's alerts bell: the unread count on its badge in the UI language's digits, the alerts
// listed in its popover in the UI language, opening it marks them read up to the newest (the badge
// clears); on a phone the fold menu carries the count and the list; a role without the grant sees no
// bell.
import { screen, waitFor, within } from '@testing-library/react';
import en from '../../../../src/features/notifications/lang/en.json';
import fa from '../../../../src/features/notifications/lang/fa.json';
import type { NotificationDto } from '../../../../src/contract/notifications';
import { renderApp } from '../../support/render';
import { json, useFakeServer } from '../../support/fake-server';
import { makeUser } from '../../support/fixtures';

const server = useFakeServer();

const alert = (id: number, to: string, from: string | null, read = false): NotificationDto => ({
  id,
  appId: 1,
  appName: 'Alpha VPN',
  profileId: 10 + id,
  profileName: `Profile ${id}`,
  serverId: 3,
  serverIp: '203.0.113.7',
  operator: 'mci',
  from,
  to,
  at: '2026-11-28T10:00:00.000Z',
  read,
});

function serve(rows: NotificationDto[], unread: number) {
  let state = { rows, unread };
  server.on('GET', 'apps/notifications', () => json({ data: state }));
  server.on('POST', 'apps/notifications/read', (req) => {
    const upTo = (req.body as { upTo: number }).upTo;
    state = { rows: state.rows.map((r) => ({ ...r, read: r.read || r.id <= upTo })), unread: 0 };
    return json({ success: true });
  });
}

it('shows the unread count, lists the alerts in Persian, and marks them read when opened', async () => {
  server.on('GET', 'users/current', json({ data: makeUser() }));
  serve([alert(9, 'failing', 'working'), alert(8, 'working', 'failing'), alert(5, 'failing', null, true)], 2);
  const { user } = await renderApp({ route: '/dashboard', token: 't' });
  const bell = await screen.findByRole('button', { name: fa['notifications.bell'].replace('{n}', '۲') });
  expect(within(bell).getByTestId('notification-badge')).toHaveTextContent(/^۲$/);

  await user.click(bell);
  const list = await screen.findByRole('list', { name: fa['notifications.title'] });
  const rows = within(list).getAllByTestId('notification');
  expect(rows).toHaveLength(3);
  expect(rows[0]).toHaveTextContent('Profile 9 روی همراه اول از کار افتاده است');
  expect(rows[1]).toHaveTextContent('Profile 8 دوباره روی همراه اول کار می‌کند');
  expect(rows[0]).toHaveTextContent('203.0.113.7');
  // Typed names keep their own direction inside the Persian sentence; the verdict's arrow reads right to left.
  expect(within(rows[0]).getByText('Profile 9').closest('bdi')).toHaveAttribute('dir', 'auto');
  expect(within(rows[0]).getByText('Alpha VPN').closest('bdi')).toHaveAttribute('dir', 'auto');
  expect(rows[0]).toHaveTextContent('سالم ← ازکارافتاده');
  await waitFor(() => expect(server.calls('POST', 'apps/notifications/read').map((c) => c.body)).toEqual([{ upTo: 9 }]));
  // The popover hides the page from assistive tech while open: look behind it.
  await waitFor(() => expect(screen.getByRole('button', { name: fa['notifications.bell'].replace('{n}', '۰'), hidden: true })).toBeInTheDocument());
  await waitFor(() =>
    expect(
      within(list)
        .getAllByTestId('notification')
        .map((r) => r.dataset.read),
    ).toEqual(['true', 'true', 'true']),
  );
});

it('speaks English when English is chosen', async () => {
  server.on('GET', 'users/current', json({ data: makeUser() }));
  serve([alert(4, 'failing', 'degraded')], 1);
  const { user } = await renderApp({ route: '/dashboard', token: 't', locale: 'en' });
  const bell = await screen.findByRole('button', { name: en['notifications.bell'].replace('{n}', '1') });
  expect(within(bell).getByTestId('notification-badge')).toHaveTextContent(/^1$/);
  await user.click(bell);
  const row = await screen.findByTestId('notification');
  expect(row).toHaveTextContent('Profile 4 is failing on MCI');
  expect(row).toHaveTextContent('degraded → failing');
});

describe('on a phone', () => {
  beforeEach(() => {
    window.innerWidth = 390;
  });
  afterEach(() => {
    window.innerWidth = 1024;
  });

  it('folds the bell into the header menu, whose button carries the count, and opens the list from there', async () => {
    server.on('GET', 'users/current', json({ data: makeUser() }));
    serve([alert(12, 'failing', 'working'), alert(11, 'failing', 'degraded'), alert(10, 'working', 'failing')], 3);
    const { user } = await renderApp({ route: '/dashboard', token: 't' });
    const bellName = fa['notifications.bell'].replace('{n}', '۳');
    const more = await screen.findByRole('button', { name: `بیشتر، ${bellName}` });
    expect(within(more).getByTestId('notification-badge')).toHaveTextContent(/^۳$/);
    expect(screen.queryByRole('button', { name: bellName })).not.toBeInTheDocument();

    await user.click(more);
    await user.click(await screen.findByRole('menuitem', { name: bellName }));
    const list = await screen.findByRole('list', { name: fa['notifications.title'] });
    expect(within(list).getAllByTestId('notification')).toHaveLength(3);
    expect(within(list).getAllByTestId('notification')[0]).toHaveTextContent('Profile 12 روی همراه اول از کار افتاده است');
    await waitFor(() => expect(server.calls('POST', 'apps/notifications/read').map((c) => c.body)).toEqual([{ upTo: 12 }]));
    // Read: the button's name is the menu's alone again, and no count is drawn.
    await waitFor(() => expect(screen.getByRole('button', { name: 'بیشتر', hidden: true })).toBeInTheDocument());
    expect(screen.queryByTestId('notification-badge')).toBeInTheDocument();
    expect(screen.getAllByTestId('notification-badge').every((b) => !/\d|[۰-۹]/.test(b.textContent ?? ''))).toBe(true);
  });
});

it('shows no bell to a role without the grant, and asks nothing', async () => {
  const user = makeUser();
  server.on('GET', 'users/current', json({ data: { ...user, access: { scope: 'own', operations: [] } } }));
  await renderApp({ route: '/dashboard', token: 't' });
  await screen.findByTestId('sidebar-welcome');
  expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
  expect(server.calls('GET', 'apps/notifications')).toEqual([]);
});
