// Subscription links of an app (role_id 1) on /app/{appId}?tab=subscriptions: listed for the app
// (the query names appId), made with the app as scope and shown once, left to right with its QR code
// (the shared components/subscriptions list and form), revoked after a confirm; Persian texts; the
// app's admin gets no tab and no call.
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../support/render';
import { json, useFakeServer } from '../../support/fake-server';
import { makeUser, ROLES } from '../../support/fixtures';
import { countries, makeApp, makeSettings } from './fixtures';

const server = useFakeServer();
jest.setTimeout(60_000);

const TOKEN = 'Zx9_k-2'.padEnd(43, 'R');
const ROW = {
  id: 8,
  label: 'Store testers',
  scope: { kind: 'app', id: 1, name: 'LiveApp' },
  operator: 'mci',
  format: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  lastFetchedAt: null,
  fetchCount: 3,
};

function serve(user = makeUser()) {
  let rows: Record<string, unknown>[] = [ROW];
  server.on('GET', 'users/current', json({ data: user }));
  server.on('GET', 'apps/getApp/:id', json({ data: { ...makeApp({ id: 1, name: 'LiveApp' }), settings: makeSettings(user.role_id === 1) } }));
  server.on('GET', 'apps/countries', json({ data: countries }));
  server.on('GET', 'apps/bundleKeys/:appId', json({ data: [] }));
  server.on('GET', 'apps/bundleSettings/:appId', json({ data: { apiBases: [] } }));
  server.on('GET', 'apps/mirrors/:appId', json({ data: [] }));
  server.on('GET', 'apps/subscriptions', () => json({ data: rows }));
  server.on('POST', 'apps/subscriptions', (req) => {
    const made = { ...ROW, id: 9, label: (req.body as { label: string }).label, operator: null, fetchCount: 0 };
    rows = [made, ...rows];
    return json({ success: true, data: { ...made, token: TOKEN, path: `sub/${TOKEN}` } });
  });
  server.on('DELETE', 'apps/subscriptions/:id', (req) => {
    rows = rows.filter((r) => r.id !== Number(req.params.id));
    return json({ success: true });
  });
}

describe('subscription links of an app', () => {
  it('lists, makes (the link shown once, with its QR code) and revokes them on the app page', async () => {
    serve();
    const { user } = await renderApp({ route: '/app/1?tab=subscriptions', token: 't', locale: 'en' });
    const row = await screen.findByTestId('subscription-8', undefined, { timeout: 30_000 });
    expect(screen.getByRole('tab', { name: 'Subscription links', selected: true })).toBeInTheDocument();
    expect(server.calls('GET', 'apps/subscriptions')[0].query.get('appId')).toBe('1');
    expect(screen.getByTestId('subscriptions')).toHaveTextContent('every server this app uses');
    expect(row).toHaveTextContent('MCI (Hamrah-e Aval)');
    expect(row).toHaveTextContent('By client');

    await user.type(screen.getByRole('textbox', { name: /Label/ }), 'QA phones');
    await user.click(screen.getByRole('button', { name: 'Make a link' }));
    const url = await screen.findByTestId('subscription-url');
    expect(server.calls('POST', 'apps/subscriptions')[0].body).toEqual({ appId: 1, label: 'QA phones', operator: null, format: null });
    expect(url).toHaveTextContent(`${window.location.origin}/api/v1/sub/${TOKEN}`);
    expect(url).toHaveAttribute('dir', 'ltr');
    await waitFor(() => expect(screen.getByTestId('subscription-qr')).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/)));
    expect(await screen.findByTestId('subscription-9')).toHaveTextContent('QA phones');

    await user.click(within(screen.getByTestId('subscription-8')).getByRole('button', { name: 'Revoke' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(server.calls('DELETE', 'apps/subscriptions/8')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('subscription-8')).not.toBeInTheDocument());
  });

  it('reads in Persian', async () => {
    serve();
    await renderApp({ route: '/app/1?tab=subscriptions', token: 't', locale: 'fa' });
    expect(await screen.findByTestId('subscription-8', undefined, { timeout: 30_000 })).toHaveTextContent('همراه اول');
    expect(screen.getByTestId('subscriptions')).toHaveTextContent('همهٔ سرورهای این اپلیکیشن');
    expect(screen.getByRole('tab', { name: 'لینک‌های اشتراک', selected: true })).toBeInTheDocument();
  });

  it("is not offered to the app's admin, even by address", async () => {
    serve(makeUser({ id: 7, role: ROLES.appAdmin, role_id: 2 }));
    await renderApp({ route: '/app/1?tab=subscriptions', token: 't', locale: 'en' });
    expect(await screen.findByRole('tab', { name: 'Application settings', selected: true }, { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Subscription links' })).toBeNull();
    expect(server.calls('GET', 'apps/subscriptions')).toHaveLength(0);
  });
});
