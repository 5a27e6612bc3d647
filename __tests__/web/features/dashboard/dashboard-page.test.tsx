// /dashboard (docs/product.md §7 "Dashboard"): the figures of dashboard/stats on the cards, in the UI language's digits; the
// list error view with its retry; each card opening the list the caller's role uses (all or own
// apps and servers), the staff card only for the admin role.
import { screen, within } from '@testing-library/react';
import type { DashboardStats } from '../../../../src/contract';
import common from '../../../../src/app/i18n/lang/fa.json';
import fa from '../../../../src/features/dashboard/lang/fa.json';
import { renderApp } from '../../support/render';
import { apiError, json, useFakeServer } from '../../support/fake-server';
import { makeUser, ROLES } from '../../support/fixtures';

const server = useFakeServer();

function stats(users: DashboardStats['users']): DashboardStats {
  const perDay = Array.from({ length: 30 }, (_, i) => ({ day: `2026-11-${String(i + 1).padStart(2, '0')}`, count: i === 29 ? 1234 : 0 }));
  return {
    apps: { active: 5, inactive: 2 },
    servers: { total: 12, byCountry: [{ code: 'DE', name: 'Germany', count: 12 }] },
    profiles: {
      total: 340,
      byOperator: [
        { key: 'irancell', count: 300 },
        { key: 'mci', count: 40 },
        { key: 'wifi', count: 0 },
        { key: 'others', count: 0 },
      ],
      byProtocol: [
        { key: 'vmess', count: 40 },
        { key: 'vless', count: 300 },
      ],
    },
    devices: {
      total: 56789,
      last24h: 1234,
      last7d: 1234,
      last30d: 1234,
      perDay,
      byVersion: [
        {
          appId: 7,
          appName: 'Alpha VPN',
          devices: 56789,
          versions: [
            { appVersion: 3.1, devices: 50000, blocked: false },
            { appVersion: 2.9, devices: 6789, blocked: true },
          ],
        },
      ],
    },
    users,
  };
}

const figure = (id: string) => within(screen.getByTestId(`dashboard-card-${id}`)).getByTestId('figure').textContent;
const link = (id: string) =>
  within(screen.getByTestId(`dashboard-card-${id}`))
    .getByRole('link')
    .getAttribute('href');

it('shows the load error with a retry, then the figures in Persian digits', async () => {
  server.on('GET', 'users/current', json({ data: makeUser() }));
  server.on('GET', 'dashboard/stats', apiError(500, 'INTERNAL'));
  const view = await renderApp({ route: '/dashboard', token: 't' });
  expect(await screen.findByText(common['common.error.loadFailed'])).toBeInTheDocument();

  server.on('GET', 'dashboard/stats', json({ data: stats({ active: 4, inactive: 1 }) }));
  await view.user.click(screen.getByRole('button', { name: common['common.retry'] }));
  await screen.findByTestId('dashboard-figures');
  expect(figure('apps')).toBe('۷');
  expect(figure('devices')).toBe('۵۶٬۷۸۹');
  expect(figure('registrations')).toBe('۱٬۲۳۴');
  expect(figure('users')).toBe('۵');
  expect(screen.getByTestId('dashboard-card-apps')).toHaveTextContent('۵ فعال · ۲ غیرفعال');
  expect(screen.getByTestId('dashboard-chart-versions')).toHaveTextContent(fa['dashboard.chart.versions']);
});

it('links the top admin to every list, with the staff card', async () => {
  server.on('GET', 'users/current', json({ data: makeUser() }));
  server.on('GET', 'dashboard/stats', json({ data: stats({ active: 4, inactive: 1 }) }));
  await renderApp({ route: '/dashboard', token: 't', locale: 'en' });
  await screen.findByTestId('dashboard-figures');
  expect(figure('devices')).toBe('56,789');
  expect([link('apps'), link('servers'), link('devices'), link('users')]).toEqual(['/app/manage', '/servers/manage', '/app/devices', '/users/list']);
  expect(within(screen.getByTestId('dashboard-chart-versions')).getByRole('link').getAttribute('href')).toBe('/app/devices?appId=7');
});

it('links an app admin to their own lists, without the staff card', async () => {
  server.on('GET', 'users/current', json({ data: makeUser({ id: 2, role: ROLES.appAdmin }) }));
  server.on('GET', 'dashboard/stats', json({ data: stats(null) }));
  await renderApp({ route: '/dashboard', token: 't', locale: 'en' });
  await screen.findByTestId('dashboard-figures');
  expect([link('apps'), link('servers')]).toEqual(['/app/my-apps', '/servers/my-servers']);
  expect(screen.queryByTestId('dashboard-card-users')).not.toBeInTheDocument();
});
