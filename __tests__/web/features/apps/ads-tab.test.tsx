// The ad form of /app/{id}?tab=ads: one test per docs/product.md §4 rule, and the role_id 5 / non-admin-role view.
import { screen, waitFor, within } from '@testing-library/react';
import { AD_SLOTS_CLEARED_BY_MASTER, SMART_AD_FIELDS, AD_TEXT_FIELDS } from '../../../../src/contract';
import { renderApp } from '../../support/render';
import { json, useFakeServer } from '../../support/fake-server';
import { makeUser, ROLES } from '../../support/fixtures';
import { adEntries, makeApp, makeSettings } from './fixtures';

const server = useFakeServer();

async function open(entries: ReturnType<typeof adEntries>, user = makeUser()) {
  let stored = entries;
  server.on('GET', 'users/current', json({ data: user }));
  server.on('GET', 'apps/getApp/:id', json({ data: { ...makeApp({ id: 1, name: 'LiveApp' }), settings: makeSettings() } }));
  server.on('GET', 'apps/adsSettings/:id', () => json({ data: stored }));
  // Like the server: off clears the seven slots, gdprActive follows the master.
  server.on('POST', 'apps/showAds/:id', (req) => {
    const { state } = req.body as { state: boolean };
    stored = stored.map((e) => {
      if (e.key === 'adMob' || e.key === 'gdprActive') return { ...e, value: state };
      if (!state && AD_SLOTS_CLEARED_BY_MASTER.some((s) => e.key === `${s}Active`)) return { ...e, value: false };
      return e;
    });
    return json({ success: true });
  });
  server.on('POST', 'apps/updateSettingsAdmob/:id', json({ success: true }));
  const view = await renderApp({ route: '/app/1?tab=ads', token: 't' });
  await screen.findByRole('group', { name: 'intCon' });
  return view;
}

const slotSwitch = (slot: string) => within(screen.getByRole('group', { name: slot })).getByRole('switch');

describe('ad settings form', () => {
  it('turning the master off clears the Active flags of the seven slots (and only those)', async () => {
    const { user } = await open(adEntries({ active: ['intConActive', 'rewActive', 'appOpenActive', 'rew2Active'] }));
    expect(slotSwitch('intCon')).toBeChecked();
    await user.click(screen.getByRole('switch', { name: 'نمایش تبلیغات' }));
    await waitFor(() => expect(server.calls('POST', 'apps/showAds/1')).toHaveLength(1));
    expect(server.calls('POST', 'apps/showAds/1')[0].body).toEqual({ key: 'adMob', state: false });
    for (const slot of AD_SLOTS_CLEARED_BY_MASTER) await waitFor(() => expect(slotSwitch(slot)).not.toBeChecked());
    expect(slotSwitch('rew2')).toBeChecked();
    expect(screen.getByRole('switch', { name: 'GDPR' })).not.toBeChecked();
  });

  it('a slot cannot be switched on while the master is off', async () => {
    const { user } = await open(adEntries({ adMob: false }));
    await user.click(slotSwitch('intCon'));
    expect(await screen.findByText('نمایش تبلیغات خاموش است')).toBeInTheDocument();
    expect(slotSwitch('intCon')).not.toBeChecked();
  });

  it('a slot cannot be switched on while its pair is active', async () => {
    const { user } = await open(adEntries({ active: ['intConActive'] }));
    await user.click(slotSwitch('rewIntCon'));
    expect(await screen.findByText('این دو تبلیغ نمی‌توانند هم‌زمان فعال باشند')).toBeInTheDocument();
    expect(slotSwitch('rewIntCon')).not.toBeChecked();
    // Another, unpaired slot is allowed.
    await user.click(slotSwitch('intDis'));
    expect(slotSwitch('intDis')).toBeChecked();
  });

  it('a smart slot cannot be switched on while smart mode is off', async () => {
    const { user } = await open(adEntries());
    await user.click(slotSwitch('smartIntCon'));
    expect(await screen.findByText('حالت هوشمند خاموش است')).toBeInTheDocument();
    expect(slotSwitch('smartIntCon')).not.toBeChecked();
  });

  it('switching smart mode off clears both smart slots, and the save sends that', async () => {
    const { user } = await open(adEntries({ active: ['smartActive', 'smartIntConActive', 'smartIntDisActive'] }));
    expect(slotSwitch('smartIntCon')).toBeChecked();
    await user.click(screen.getByRole('switch', { name: 'حالت هوشمند فعال' }));
    expect(slotSwitch('smartIntCon')).not.toBeChecked();
    expect(slotSwitch('smartIntDis')).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'ذخیره تنظیمات تبلیغات' }));
    await waitFor(() => expect(server.calls('POST', 'apps/updateSettingsAdmob/1')).toHaveLength(1));
    expect(server.calls('POST', 'apps/updateSettingsAdmob/1')[0].body).toMatchObject({
      smartActive: false,
      smartIntConActive: false,
      smartIntDisActive: false,
      gdprActive: true,
      IDApp: 'ca-app-pub-1',
    });
    expect(await screen.findByText('تنظیمات با موفقیت ذخیره شد')).toBeInTheDocument();
  });

  it('role_id 5 does not see the smart section, cannot edit the ad ids, and sends neither', async () => {
    const { user } = await open(adEntries(), makeUser({ role: ROLES.restricted, role_id: 5 }));
    expect(screen.queryByRole('group', { name: 'smartIntCon' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'حالت هوشمند فعال' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'intCon' })).getByRole('textbox', { name: 'شناسه واحد تبلیغ' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'ذخیره تنظیمات تبلیغات' }));
    await waitFor(() => expect(server.calls('POST', 'apps/updateSettingsAdmob/1')).toHaveLength(1));
    const body = server.calls('POST', 'apps/updateSettingsAdmob/1')[0].body as Record<string, unknown>;
    for (const f of [...SMART_AD_FIELDS, ...AD_TEXT_FIELDS]) expect([f, f in body]).toEqual([f, false]);
    expect(body.intConInterval).toBe(30);
  });
});
