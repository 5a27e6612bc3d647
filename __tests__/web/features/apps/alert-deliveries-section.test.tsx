// The alert webhook's delivery log on the settings tab of /app/{appId}: role_id 1 sees each post's
// status, tries, HTTP status and error; the app's admin sees no log and asks for none.
import { screen, within } from '@testing-library/react';
import { renderApp } from '../../support/render';
import { json, useFakeServer } from '../../support/fake-server';
import { makeUser, ROLES } from '../../support/fixtures';
import type { AlertDeliveryDto } from '../../../../src/contract/notifications';
import { countries, makeApp, makeSettings } from './fixtures';

const server = useFakeServer();

const DELIVERED: AlertDeliveryDto = {
  id: 2,
  alertId: 7,
  url: 'https://hooks.example.com/a',
  profileName: 'Frankfurt 1',
  operator: 'mci',
  to: 'failing',
  status: 'delivered',
  attempts: 2,
  responseStatus: 200,
  lastError: null,
  updatedAt: '2026-11-28T10:00:00.000Z',
};
const FAILED: AlertDeliveryDto = { ...DELIVERED, id: 1, to: 'working', status: 'failed', attempts: 3, responseStatus: 500, lastError: 'HTTP 500' };

function serve(user = makeUser()) {
  server.on('GET', 'users/current', json({ data: user }));
  server.on('GET', 'apps/getApp/:id', json({ data: { ...makeApp({ id: 1, name: 'LiveApp' }), settings: makeSettings(user.role_id === 1) } }));
  server.on('GET', 'apps/countries', json({ data: countries }));
  server.on('GET', 'apps/bundleKeys/:appId', json({ data: [] }));
  server.on('GET', 'apps/bundleSettings/:appId', json({ data: { apiBases: [] } }));
  server.on('GET', 'apps/mirrors/:appId', json({ data: [] }));
  server.on('GET', 'apps/alertDeliveries/:appId', json({ data: [DELIVERED, FAILED] }));
}

it('lists the deliveries with their status, tries and error for role_id 1, in English', async () => {
  serve();
  await renderApp({ route: '/app/1', token: 't', locale: 'en' });
  const section = await screen.findByRole('region', { name: 'Alert webhook deliveries' });
  const delivered = await within(section).findByTestId('alert-delivery-2');
  expect(delivered).toHaveTextContent('Delivered');
  expect(delivered).toHaveTextContent('Frankfurt 1 is failing on mci');
  expect(delivered).toHaveTextContent('2 tries');
  expect(delivered).toHaveTextContent('HTTP 200');
  const failed = within(section).getByTestId('alert-delivery-1');
  expect(failed).toHaveTextContent('Failed');
  expect(failed).toHaveTextContent('HTTP 500');
});

it('shows the app admin no delivery log and asks for none', async () => {
  serve(makeUser({ id: 7, role: ROLES.appAdmin, role_id: 2 }));
  await renderApp({ route: '/app/1', token: 't' });
  await screen.findByRole('region', { name: 'بستهٔ امضاشده' });
  expect(screen.queryByRole('region', { name: 'ارسال‌های وب‌هوک هشدار' })).not.toBeInTheDocument();
  expect(server.calls('GET', 'apps/alertDeliveries/1')).toEqual([]);
});
