// The signed bundle's part of the application settings tab: the public keys with their copy
// buttons, the API addresses, and what each role may do (role_id 1 rotates and saves; the app's admin
// reads), in Persian and English.
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../support/render';
import { apiError, json, useFakeServer } from '../../support/fake-server';
import { makeUser, ROLES } from '../../support/fixtures';
import { countries, makeApp, makeSettings } from './fixtures';

const server = useFakeServer();

const PEM_OLD = '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAOLDOLDOLDOLDOLDOLDOLDOLDOLDOLDOLDOLDOLDOLDO=\n-----END PUBLIC KEY-----\n';
const PEM_NEW = '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEANEWNEWNEWNEWNEWNEWNEWNEWNEWNEWNEWNEWNEWNEWN=\n-----END PUBLIC KEY-----\n';
const KEY_OLD = {
  id: 3,
  publicKeyPem: PEM_OLD,
  publicKey: 'T0xET0xET0xET0xET0xET0xET0xET0xET0xET0xET0w=',
  createdAt: '2026-01-02T10:00:00.000Z',
  active: true,
};
const KEY_NEW = {
  id: 9,
  publicKeyPem: PEM_NEW,
  publicKey: 'TkVXTkVXTkVXTkVXTkVXTkVXTkVXTkVXTkVXTkVXTkU=',
  createdAt: '2026-03-04T10:00:00.000Z',
  active: true,
};

let clipboard: string[];
function stubClipboard() {
  clipboard = [];
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: jest.fn(async (text: string) => void clipboard.push(text)) } });
}

async function open(user = makeUser(), locale: 'fa' | 'en' = 'fa', apiBases: string[] = ['https://api2.example.com/api/v1']) {
  let keys = [KEY_OLD];
  server.on('GET', 'users/current', json({ data: user }));
  server.on('GET', 'apps/getApp/:id', json({ data: { ...makeApp({ id: 1, name: 'LiveApp' }), settings: makeSettings(user.role_id === 1) } }));
  server.on('GET', 'apps/countries', json({ data: countries }));
  server.on('GET', 'apps/bundleKeys/:appId', () => json({ data: keys }));
  server.on('POST', 'apps/bundleKeys/:appId/rotate', () => {
    keys = [KEY_NEW, { ...KEY_OLD, active: false }];
    return json({ success: true, data: keys });
  });
  server.on('GET', 'apps/bundleSettings/:appId', () => json({ data: { apiBases } }));
  server.on('POST', 'apps/bundleSettings/:appId', (req) => {
    apiBases = (req.body as { apiBases: string[] }).apiBases;
    return json({ success: true, data: { apiBases } });
  });
  const view = await renderApp({ route: '/app/1', token: 't', locale });
  const section = await screen.findByRole('region', { name: locale === 'fa' ? 'بستهٔ امضاشده' : 'Signed bundle' });
  await within(section).findByTestId(`bundle-pem-${KEY_OLD.id}`);
  stubClipboard();
  return { ...view, section };
}

describe('the signed bundle on the settings tab', () => {
  it('shows role_id 1 each public key as PEM and raw base64, and copies each exactly', async () => {
    const { user, section } = await open();
    expect(within(section).getByTestId('bundle-pem-3')).toHaveTextContent('MCowBQYDK2VwAyEAOLD');
    expect(within(section).getByTestId('bundle-raw-3')).toHaveTextContent(KEY_OLD.publicKey);
    expect(within(section).getByText('فعال: بسته‌های جدید را امضا می‌کند')).toBeInTheDocument();
    const card = within(section).getByRole('article', { name: 'کلید شمارهٔ ۳' });
    const [copyPem, copyRaw] = within(card).getAllByRole('button', { name: /^کپی / });
    await user.click(copyPem);
    await user.click(copyRaw);
    expect(clipboard).toEqual([PEM_OLD.trim(), KEY_OLD.publicKey]);
    expect(await screen.findAllByText('کپی شد')).not.toHaveLength(0);
  });

  it('rotates for role_id 1 after a warning, then lists the new active key first and the old one inactive', async () => {
    const { user, section } = await open();
    await user.click(within(section).getByRole('button', { name: 'کلید امضای جدید' }));
    const dialog = await screen.findByRole('dialog', { name: 'کلید امضای جدید ساخته شود؟' });
    expect(dialog).toHaveTextContent('نسخه‌هایی از اپلیکیشن که فقط به کلید فعلی اعتماد دارند');
    await user.click(within(dialog).getByRole('button', { name: 'ساخت کلید جدید' }));
    await waitFor(() => expect(server.calls('POST', 'apps/bundleKeys/1/rotate')).toHaveLength(1));
    expect(await screen.findByText('کلید امضای جدید فعال شد')).toBeInTheDocument();
    await within(section).findByTestId('bundle-pem-9');
    const cards = within(section).getAllByRole('article');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['کلید شمارهٔ ۹', 'کلید شمارهٔ ۳']);
    expect(cards[1]).toHaveTextContent('غیرفعال: بسته‌های پیشین را امضا کرده است');
    expect(within(section).getByRole('alert')).toBeInTheDocument();
  });

  it('lets role_id 1 save the API addresses, one per line, and refuses a bad one before sending', async () => {
    const { user, section } = await open();
    const field = within(section).getByRole('textbox', { name: /نشانی‌های/ });
    expect(field).toHaveValue('https://api2.example.com/api/v1');
    await user.type(field, '\nnot a url');
    await user.click(within(section).getByRole('button', { name: 'ذخیرهٔ نشانی‌ها' }));
    expect(await within(section).findByText('یک نشانی اینترنتی معتبر وارد کنید')).toBeInTheDocument();
    expect(server.calls('POST', 'apps/bundleSettings/1')).toHaveLength(0);
    await user.clear(field);
    await user.type(field, 'https://a.example.com/api/v1\n\n  http://203.0.113.9:8080/api/v1  ');
    await user.click(within(section).getByRole('button', { name: 'ذخیرهٔ نشانی‌ها' }));
    await waitFor(() => expect(server.calls('POST', 'apps/bundleSettings/1')).toHaveLength(1));
    expect(server.calls('POST', 'apps/bundleSettings/1')[0].body).toEqual({ apiBases: ['https://a.example.com/api/v1', 'http://203.0.113.9:8080/api/v1'] });
    expect(await screen.findByText('نشانی‌ها ذخیره شد')).toBeInTheDocument();
  });

  it('shows a server refusal of the addresses on the field', async () => {
    const { user, section } = await open();
    server.on('POST', 'apps/bundleSettings/:appId', apiError(400, 'VALIDATION_FAILED', { 'apiBases[0]': 'validation.duplicate' }));
    await user.click(within(section).getByRole('button', { name: 'ذخیرهٔ نشانی‌ها' }));
    expect(await within(section).findByText('این مقدار تکراری است')).toBeInTheDocument();
  });

  it("shows the app's admin the keys and addresses read-only: no rotate, no save", async () => {
    const { section } = await open(makeUser({ id: 7, role: ROLES.appAdmin, role_id: 2 }));
    expect(within(section).getByTestId('bundle-raw-3')).toHaveTextContent(KEY_OLD.publicKey);
    expect(within(section).getAllByRole('button', { name: /^کپی / })).toHaveLength(2);
    expect(within(section).queryByRole('button', { name: 'کلید امضای جدید' })).toBeNull();
    expect(within(section).queryByRole('textbox')).toBeNull();
    expect(within(section).queryByRole('button', { name: 'ذخیرهٔ نشانی‌ها' })).toBeNull();
    expect(within(section).getByRole('listitem')).toHaveTextContent('https://api2.example.com/api/v1');
  });

  it('reads in English too', async () => {
    const { section } = await open(makeUser(), 'en', []);
    expect(within(section).getByRole('article', { name: 'Key #3' })).toHaveTextContent('Active: signs new bundles');
    expect(within(section).getByText('Public key (PEM)')).toBeInTheDocument();
    expect(within(section).getByText('Public key (raw 32 bytes, base64)')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'New signing key' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Copy Public key (PEM)' })).toBeInTheDocument();
    expect(within(section).getByRole('textbox', { name: 'API addresses' })).toHaveValue('');
  });
});
