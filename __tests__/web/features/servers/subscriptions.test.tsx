// Subscription links of a server (role_id 1): the server page's tab lists them (label as the user wrote
// it, operator, format, fetches), makes one with the chosen label, operator and format and shows its
// link once, left to right, with a QR code of that URL and a copy button; revoking asks first and
// calls DELETE. The profile popup opens the same links for the profile's server. Others get no tab.
import QRCode from 'qrcode';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../support/render';
import { json, useFakeServer } from '../../support/fake-server';
import { PROFILES, SERVER, serveProfilePage } from './support';

const server = useFakeServer();
jest.setTimeout(60_000);

const TOKEN = 'Ab3_x-9'.padEnd(43, 'Q');
const ROW = {
  id: 4,
  label: 'تیم آزمایش',
  scope: { kind: 'server', id: SERVER.id, name: SERVER.ip },
  operator: 'mci',
  format: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  lastFetchedAt: null,
  fetchCount: 12,
};

function serveSubscriptions() {
  let rows: Record<string, unknown>[] = [ROW];
  server.on('GET', 'apps/subscriptions', () => json({ data: rows }));
  server.on('POST', 'apps/subscriptions', (req) => {
    const body = req.body as { label: string };
    const made = { ...ROW, id: 5, label: body.label, operator: null, format: 'base64', fetchCount: 0 };
    rows = [made, ...rows];
    return json({ success: true, data: { ...made, token: TOKEN, path: `sub/${TOKEN}` } });
  });
  server.on('DELETE', 'apps/subscriptions/:id', (req) => {
    rows = rows.filter((r) => r.id !== Number(req.params.id));
    return json({ success: true });
  });
}

describe('subscription links', () => {
  it('lists, makes (link shown once with its QR code and copy) and revokes them on the server page', async () => {
    serveProfilePage(server);
    serveSubscriptions();
    const { user } = await renderApp({ route: `/servers/${SERVER.id}?tab=subscriptions`, token: 'tok', locale: 'en' });
    const row = await screen.findByTestId('subscription-4', undefined, { timeout: 30_000 });
    expect(server.calls('GET', 'apps/subscriptions')[0].query.get('serverId')).toBe(String(SERVER.id));
    expect(within(row).getByText('تیم آزمایش').closest('bdi')).toHaveAttribute('dir', 'auto');
    expect(row).toHaveTextContent('MCI');
    expect(row).toHaveTextContent('By client');
    expect(row).toHaveTextContent('Never');
    expect(row).toHaveTextContent('12');

    await user.type(screen.getByRole('textbox', { name: /Label/ }), 'Field team');
    await user.click(screen.getByRole('combobox', { name: 'Format' }));
    await user.click(await screen.findByRole('option', { name: 'Base64' }));
    await user.click(screen.getByRole('button', { name: 'Make a link' }));
    const url = await screen.findByTestId('subscription-url');
    expect(server.calls('POST', 'apps/subscriptions')[0].body).toEqual({ serverId: SERVER.id, label: 'Field team', operator: null, format: 'base64' });
    const expected = `${window.location.origin}/api/v1/sub/${TOKEN}`;
    expect(url).toHaveTextContent(expected);
    expect(url).toHaveAttribute('dir', 'ltr');
    const svg = await QRCode.toString(expected, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    await waitFor(() => expect(screen.getByTestId('subscription-qr')).toHaveAttribute('src', `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`));
    expect(screen.getByTestId('subscription-created')).toHaveTextContent('only time');
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await user.click(screen.getByRole('button', { name: 'Copy the subscription link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(expected));
    // The new one is listed (the list was refreshed), without its token.
    expect(await screen.findByTestId('subscription-5')).toHaveTextContent('Field team');
    expect(screen.getByTestId('subscription-5')).not.toHaveTextContent(TOKEN);

    await user.click(within(screen.getByTestId('subscription-4')).getByRole('button', { name: 'Revoke' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('تیم آزمایش');
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(server.calls('DELETE', 'apps/subscriptions/4')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('subscription-4')).not.toBeInTheDocument());
  });

  it('refuses a blank label before any call, in Persian by default', async () => {
    serveProfilePage(server);
    serveSubscriptions();
    const { user } = await renderApp({ route: `/servers/${SERVER.id}?tab=subscriptions`, token: 'tok' });
    await screen.findByTestId('subscription-4', undefined, { timeout: 30_000 });
    expect(screen.getByRole('tab', { selected: true })).toHaveTextContent('لینک‌های اشتراک');
    await user.click(screen.getByRole('button', { name: 'ساختن لینک' }));
    expect(server.calls('POST', 'apps/subscriptions')).toHaveLength(0);
    expect(screen.getByRole('textbox', { name: /برچسب/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it("opens the links of the profile's server from the profile popup, for role_id 1 only", async () => {
    serveProfilePage(server);
    serveSubscriptions();
    server.on('GET', 'apps/exportFormats/:id', json({ data: { formats: [] } }));
    const { user } = await renderApp({ route: `/servers/${SERVER.id}`, token: 'tok', locale: 'en' });
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Details' })).toHaveLength(PROFILES.length), { timeout: 30_000 });
    await user.click(screen.getAllByRole('button', { name: 'Details' })[0]);
    const dialog = await screen.findByRole('dialog');
    expect(server.calls('GET', 'apps/subscriptions')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Subscription links of this server' }));
    expect(await within(dialog).findByTestId('subscription-4')).toHaveTextContent('تیم آزمایش');
    expect(server.calls('GET', 'apps/subscriptions')[0].query.get('serverId')).toBe(String(PROFILES[0].serverId));
  });

  it('gives an app admin no subscriptions tab and no link in the popup', async () => {
    serveProfilePage(server, { roleId: 2 });
    const { user } = await renderApp({ route: `/servers/${SERVER.id}?tab=subscriptions`, token: 'tok', locale: 'en' });
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Details' })).toHaveLength(PROFILES.length), { timeout: 30_000 });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Profile list', 'Batch import', 'New profile']);
    await user.click(screen.getAllByRole('button', { name: 'Details' })[0]);
    expect(within(await screen.findByRole('dialog')).queryByRole('button', { name: 'Subscription links of this server' })).not.toBeInTheDocument();
    expect(server.calls('GET', 'apps/subscriptions')).toHaveLength(0);
  });
});
