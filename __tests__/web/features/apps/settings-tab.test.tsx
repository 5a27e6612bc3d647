// The application settings tab: what each role may edit and send (docs/product.md §6), and the
// UserConnectionLimit time selector (docs/product.md §5).
import { screen, waitFor, within } from '@testing-library/react';
import { EVERYONE_SETTINGS, TOP_ADMIN_ONLY_SETTINGS } from '../../../../src/contract';
import { renderApp } from '../../support/render';
import { apiError, json, useFakeServer } from '../../support/fake-server';
import { makeUser, ROLES } from '../../support/fixtures';
import { countries, makeApp, makeSettings } from './fixtures';

const server = useFakeServer();

async function open(user = makeUser()) {
  const topAdmin = user.role_id === 1;
  server.on('GET', 'users/current', json({ data: user }));
  server.on('GET', 'apps/getApp/:id', json({ data: { ...makeApp({ id: 1, name: 'LiveApp' }), settings: makeSettings(topAdmin) } }));
  server.on('GET', 'apps/countries', json({ data: countries }));
  server.on('POST', 'apps/updateSettings/:id', json({ success: true }));
  const view = await renderApp({ route: '/app/1', token: 't' });
  await screen.findByRole('button', { name: 'ذخیره تنظیمات' });
  return view;
}

const input = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`);
const save = () => screen.getByRole('button', { name: 'ذخیره تنظیمات' });
const sentBody = () => server.calls('POST', 'apps/updateSettings/1')[0].body as Record<string, unknown>;

describe('application settings tab', () => {
  it('role_id 1 edits the advanced fields and sends them', async () => {
    const { user } = await open();
    expect(input('newCoreKey')).toHaveValue('k'.repeat(32));
    expect(input('dnsServer')).toBeEnabled();
    await user.type(input('dnsServer')!, '1.1.1.1');
    await user.click(save());
    await waitFor(() => expect(server.calls('POST', 'apps/updateSettings/1')).toHaveLength(1));
    expect(sentBody()).toMatchObject({ dnsServer: '1.1.1.1', newCoreKey: 'k'.repeat(32), telegram: '@example', selectedCountries: 'IR', appVersion: 1.2 });
    expect(await screen.findByText('تنظیمات با موفقیت ذخیره شد')).toBeInTheDocument();
  });

  it('an app admin sees the role_id 1 fields read-only, not the secret keys, and its save leaves them out', async () => {
    const { user } = await open(makeUser({ id: 7, role: ROLES.appAdmin, role_id: 2 }));
    expect(input('newCoreKey')).toBeNull();
    expect(input('cppIv')).toBeNull();
    expect(input('dnsServer')).toBeDisabled();
    expect(input('telegram')).toBeDisabled();
    expect(input('connectDelay')).toBeEnabled();
    await user.clear(input('connectDelay')!);
    await user.type(input('connectDelay')!, '9');
    await user.click(save());
    await waitFor(() => expect(server.calls('POST', 'apps/updateSettings/1')).toHaveLength(1));
    const body = sentBody();
    for (const key of TOP_ADMIN_ONLY_SETTINGS) expect([key, key in body]).toEqual([key, false]);
    expect(body.connectDelay).toBe(9);
    for (const key of EVERYONE_SETTINGS) if (makeSettings(false)[key] !== null) expect([key, key in body]).toEqual([key, true]);
  });

  it('the time selector steps by +1 h and +30 min, back down, and never below 0', async () => {
    const { user } = await open();
    const group = screen.getByRole('group', { name: 'محدودیت زمان اتصال کاربر' });
    const seconds = () => {
      const m = /([۰-۹0-9٬,]+)\s*ثانیه/.exec(group.textContent ?? '')!;
      return Number(m[1].replace(/[٬,]/g, '').replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0)));
    };
    const step = (label: string) => user.click(within(group).getByRole('button', { name: label }));
    expect(seconds()).toBe(3600);
    await step('+ ۱ ساعت');
    expect(seconds()).toBe(7200);
    await step('+ ۳۰ دقیقه');
    expect(seconds()).toBe(9000);
    await step('− ۱ ساعت');
    await step('− ۱ ساعت');
    expect(seconds()).toBe(1800);
    await step('− ۱ ساعت');
    expect(seconds()).toBe(0);
    expect(within(group).getByRole('button', { name: '− ۳۰ دقیقه' })).toBeDisabled();
    await user.click(save());
    await waitFor(() => expect(server.calls('POST', 'apps/updateSettings/1')).toHaveLength(1));
    expect(sentBody().UserConnectionLimit).toBe(0);
  });

  it('a refused save shows saveSettingsError, marks the field the server named and keeps every edit', async () => {
    const { user } = await open();
    server.on('POST', 'apps/updateSettings/:id', apiError(400, 'VALIDATION_FAILED', { dnsServer: 'validation.tooLong' }));
    await user.type(input('dnsServer')!, '9.9.9.9');
    await user.type(input('telegram')!, '_team');
    await user.click(save());
    expect(await screen.findByText('ذخیره تنظیمات انجام نشد')).toBeInTheDocument();
    expect(screen.queryByText('تنظیمات با موفقیت ذخیره شد')).not.toBeInTheDocument();
    expect(await screen.findByText('مقدار وارد شده بیش از حد طولانی است')).toBeInTheDocument();
    // the refusal changed nothing on the server: no refetch, no rebuilt form, so the mark and the edits stay
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.calls('GET', 'apps/getApp/1')).toHaveLength(1);
    expect(input('dnsServer')).toHaveAttribute('aria-invalid', 'true');
    expect(input('dnsServer')).toHaveValue('9.9.9.9');
    expect(input('telegram')).toHaveValue('@example_team');
  });
});
