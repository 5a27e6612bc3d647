// The help pages: the panel guide in both languages, the app admins' video, and the API help with
// a new-tab link to /api/docs and placeholder credentials only.
import { screen, within } from '@testing-library/react';
import { renderApp } from '../../support/render';
import { json, useFakeServer } from '../../support/fake-server';
import { makeUser, ROLES } from '../../support/fixtures';

const server = useFakeServer();

async function open(route: string, locale: 'fa' | 'en') {
  server.on('GET', 'users/current', json({ data: makeUser({ role: ROLES.appAdmin }) }));
  return renderApp({ route, token: 'tok', locale });
}

describe('help pages', () => {
  it('shows the panel guide with its table section in Persian and in English', async () => {
    await open('/help/panel-training', 'fa');
    expect(await screen.findByRole('heading', { level: 1, name: 'آموزش پنل' })).toBeInTheDocument();
    const tables = screen.getByRole('region', { name: 'جدول‌ها' });
    expect(within(tables).getAllByRole('listitem')).toHaveLength(6);
    expect(tables).toHaveTextContent('۳۰، ۵۰ یا ۱۰۰');
  });

  it('shows the panel guide in English', async () => {
    await open('/help/panel-training', 'en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Panel guide' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Tables' })).toHaveTextContent('30, 50 or 100');
  });

  it('plays the training video from public/help on the app admin guide', async () => {
    const { container } = await open('/help/app-admin-panel-training', 'en');
    await screen.findByRole('heading', { level: 1, name: 'App admin training' });
    const video = container.querySelector('video')!;
    expect(video).toHaveAttribute('src', '/help/app-admin-training.webm');
    expect(video).toHaveAttribute('controls');
  });

  it('links to /api/docs in a new tab and shows only placeholder credentials', async () => {
    await open('/help/api', 'en');
    await screen.findByRole('heading', { level: 1, name: 'API help' });
    const link = screen.getByRole('link', { name: /Open the API documentation/ });
    expect(link).toHaveAttribute('href', '/api/docs');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByTestId('sample-username')).toHaveTextContent('admin');
    expect(screen.getByTestId('sample-password')).toHaveTextContent('<your password>');
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent('Authorization: JWT <token>');
    expect(main).toHaveTextContent('/api/v1/users/signin');
  });

  it("documents the mobile apps' config call: the call, the openssl decryption and the caching headers, in both languages", async () => {
    await open('/help/api', 'en');
    const section = await screen.findByRole('region', { name: 'The mobile apps’ config call' });
    expect(section).toHaveTextContent('/api/v1/apps/client/config?versionCode=');
    expect(section).toHaveTextContent('appapikey: <app API key>');
    expect(section).toHaveTextContent('openssl enc -d -aes-256-cbc');
    expect(section).toHaveTextContent('If-None-Match');
    expect(section).toHaveTextContent('304');
    expect(section).toHaveTextContent('409 APP_KEYS_MISSING');
  });

  it('documents the signed bundle for app developers: the call, the four-part rule, the openssl check and the reference verifier', async () => {
    await open('/help/api', 'en');
    const section = await screen.findByRole('region', { name: 'The signed bundle' });
    expect(section).toHaveTextContent('/api/v1/apps/client/bundle');
    expect(section).toHaveTextContent('v, app, version, issuedAt, expiresAt, apiBases, payload');
    const rule = within(section).getByTestId('bundle-rule');
    expect(
      within(rule)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('valid Ed25519 signature'),
      expect.stringContaining('your own package name'),
      expect.stringContaining('7 days from issuedAt'),
      expect.stringContaining('higher than the version of the bundle you hold'),
    ]);
    expect(section).toHaveTextContent('openssl pkeyutl -verify -pubin -inkey pub.pem -rawin -in canonical.bin -sigfile sig.bin');
    expect(section).toHaveTextContent('node scripts/verify-bundle.mjs bundle.json --key pub.pem');
  });

  it('documents the signed bundle in Persian too', async () => {
    await open('/help/api', 'fa');
    const section = await screen.findByRole('region', { name: 'بستهٔ امضاشده' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(4);
    expect(section).toHaveTextContent('۷ روز');
    expect(section).toHaveTextContent('openssl pkeyutl -verify');
  });

  it('documents the config call in Persian too', async () => {
    await open('/help/api', 'fa');
    const section = await screen.findByRole('region', { name: 'فراخوان پیکربندی اپلیکیشن موبایل' });
    expect(section).toHaveTextContent('openssl enc -d -aes-256-cbc');
    expect(section).toHaveTextContent('Cache-Control: private, no-cache');
  });
});
