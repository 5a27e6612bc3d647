// The block list tab: blocking needs a chosen version (checkInput) and a confirm that says how many
// devices will be told to update; each list shows every version's device count (Persian digits in
// fa) and deletes through the path of its state.
import { screen, waitFor, within } from '@testing-library/react';
import type { Locale } from '../../../../src/contract';
import { renderApp } from '../../support/render';
import { json, useFakeServer } from '../../support/fake-server';
import { makeUser } from '../../support/fixtures';
import { makeApp, makeSettings } from './fixtures';

const server = useFakeServer();

async function open(locale: Locale = 'fa') {
  server.on('GET', 'users/current', json({ data: makeUser() }));
  server.on('GET', 'apps/getApp/:id', json({ data: { ...makeApp({ id: 1, name: 'LiveApp' }), settings: makeSettings() } }));
  server.on(
    'GET',
    'apps/versionBlock/:id',
    json({
      data: [
        { id: 11, appVersion: 1.2, status: true, app: { name: 'LiveApp' }, devicesCount: 1234 },
        { id: 13, appVersion: 1, status: true, app: { name: 'LiveApp' }, devicesCount: 0 },
        { id: 12, appVersion: 1.1, status: false, app: { name: 'LiveApp' }, devicesCount: 7 },
      ],
    }),
  );
  server.on('POST', 'apps/versionBlock', json({ success: true }));
  server.on('DELETE', 'apps/versionBlock/:id', json({ success: true }));
  server.on('DELETE', 'apps/version/:id', json({ success: true }));
  const view = await renderApp({ route: '/app/1?tab=versions', token: 't', locale });
  await screen.findByRole('button', { name: locale === 'fa' ? 'مسدود کن' : 'Block' });
  return view;
}

/** Chooses `version` in the block form and presses Block; answers the confirm that opens. */
async function askToBlock(user: Awaited<ReturnType<typeof open>>['user'], version: string, locale: Locale = 'fa') {
  await user.click(screen.getByRole('combobox', { name: locale === 'fa' ? 'نسخه فعال' : 'Active version' }));
  await user.click(await screen.findByRole('option', { name: version }));
  await user.click(screen.getByRole('button', { name: locale === 'fa' ? 'مسدود کن' : 'Block' }));
  return screen.findByRole('dialog');
}

/** The visible table's cells of `field`, top to bottom, as text. */
const cells = (field: string) =>
  screen
    .queryAllByRole('gridcell')
    .filter((c) => c.getAttribute('data-field') === field)
    .map((c) => c.textContent);

describe('block list tab', () => {
  it('blocking with no version chosen says checkInput and calls nothing; a chosen one is blocked', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'مسدود کن' }));
    expect((await screen.findAllByText('لطفا اطلاعات وارد شده را بررسی کنید')).length).toBeGreaterThan(0);
    expect(server.calls('POST', 'apps/versionBlock')).toHaveLength(0);
    const dialog = await askToBlock(user, '۱٫۲');
    expect(server.calls('POST', 'apps/versionBlock')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'مسدود کن' }));
    await waitFor(() => expect(server.calls('POST', 'apps/versionBlock')).toHaveLength(1));
    expect(server.calls('POST', 'apps/versionBlock')[0].body).toEqual({ appId: 1, appVersion: 1.2 });
    expect(await screen.findByText('نسخه مسدود شد')).toBeInTheDocument();
  });

  it('asks before blocking, with the devices told to update in Persian digits; cancelling sends nothing', async () => {
    const { user } = await open();
    let dialog = await askToBlock(user, '۱٫۲');
    expect(dialog).toHaveTextContent('نسخه ۱٫۲ مسدود شود؟ ۱٬۲۳۴ دستگاه باید به‌روزرسانی کنند.');
    await user.click(within(dialog).getByRole('button', { name: 'خیر' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await askToBlock(user, '۱');
    expect(dialog).toHaveTextContent('نسخه ۱ مسدود شود؟ هیچ دستگاهی این نسخه را گزارش نکرده است.');
    await user.click(within(dialog).getByRole('button', { name: 'خیر' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('POST', 'apps/versionBlock')).toHaveLength(0);
  });

  it('says the count in English with grouping, and blocks only once confirmed', async () => {
    const { user } = await open('en');
    const dialog = await askToBlock(user, '1.2', 'en');
    expect(dialog).toHaveTextContent('Block version 1.2? 1,234 devices will be told to update.');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(server.calls('POST', 'apps/versionBlock')).toHaveLength(1));
    expect(server.calls('POST', 'apps/versionBlock')[0].body).toEqual({ appId: 1, appVersion: 1.2 });
  });

  it("shows each version's device count, in Persian digits in fa", async () => {
    const { user } = await open();
    await user.click(screen.getByRole('tab', { name: /همه نسخه‌ها/ }));
    expect(await screen.findByRole('columnheader', { name: 'دستگاه‌ها' })).toBeInTheDocument();
    expect(cells('appVersion')).toEqual(['۱٫۲', '۱']);
    expect(cells('devicesCount')).toEqual(['۱٬۲۳۴', '۰']);
    await user.click(screen.getByRole('tab', { name: /نسخه‌های مسدود/ }));
    await waitFor(() => expect(cells('appVersion')).toEqual(['۱٫۱']));
    expect(cells('devicesCount')).toEqual(['۷']);
  });

  it("shows each version's device count with English grouping in en", async () => {
    const { user } = await open('en');
    await user.click(screen.getByRole('tab', { name: /All versions/ }));
    expect(await screen.findByRole('columnheader', { name: 'Devices' })).toBeInTheDocument();
    expect(cells('appVersion')).toEqual(['1.2', '1']);
    expect(cells('devicesCount')).toEqual(['1,234', '0']);
  });

  it('deletes an active version through apps/version and a blocked one through apps/versionBlock, after a confirm', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('tab', { name: /همه نسخه‌ها/ }));
    await user.click(await screen.findByRole('button', { name: 'حذف نسخه ۱٫۲' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'بله' }));
    await waitFor(() => expect(server.calls('DELETE', 'apps/version/11')).toHaveLength(1));
    expect(await screen.findByText('با موفقیت حذف شد')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('tab', { name: /نسخه‌های مسدود/ }));
    await user.click(await screen.findByRole('button', { name: 'حذف نسخه ۱٫۱' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'بله' }));
    await waitFor(() => expect(server.calls('DELETE', 'apps/versionBlock/12')).toHaveLength(1));
    expect(server.calls('DELETE', 'apps/version/12')).toHaveLength(0);
  });
});
