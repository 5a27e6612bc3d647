// The block list tab: blocking needs a chosen version (checkInput), and each list deletes through
// the path of its state.
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../support/render';
import { json, useFakeServer } from '../../support/fake-server';
import { makeUser } from '../../support/fixtures';
import { makeApp, makeSettings } from './fixtures';

const server = useFakeServer();

async function open() {
  server.on('GET', 'users/current', json({ data: makeUser() }));
  server.on('GET', 'apps/getApp/:id', json({ data: { ...makeApp({ id: 1, name: 'LiveApp' }), settings: makeSettings() } }));
  server.on('GET', 'apps/versionBlock/:id', json({
    data: [
      { id: 11, appVersion: 1.2, status: true, app: { name: 'LiveApp' } },
      { id: 12, appVersion: 1.1, status: false, app: { name: 'LiveApp' } },
    ],
  }));
  server.on('POST', 'apps/versionBlock', json({ success: true }));
  server.on('DELETE', 'apps/versionBlock/:id', json({ success: true }));
  server.on('DELETE', 'apps/version/:id', json({ success: true }));
  const view = await renderApp({ route: '/app/1?tab=versions', token: 't' });
  await screen.findByRole('button', { name: 'مسدود کن' });
  return view;
}

describe('block list tab', () => {
  it('blocking with no version chosen says checkInput and calls nothing; a chosen one is blocked', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'مسدود کن' }));
    expect((await screen.findAllByText('لطفا اطلاعات وارد شده را بررسی کنید')).length).toBeGreaterThan(0);
    expect(server.calls('POST', 'apps/versionBlock')).toHaveLength(0);
    await user.click(screen.getByRole('combobox', { name: 'نسخه فعال' }));
    await user.click(await screen.findByRole('option', { name: '۱٫۲' }));
    await user.click(screen.getByRole('button', { name: 'مسدود کن' }));
    await waitFor(() => expect(server.calls('POST', 'apps/versionBlock')).toHaveLength(1));
    expect(server.calls('POST', 'apps/versionBlock')[0].body).toEqual({ appId: 1, appVersion: 1.2 });
    expect(await screen.findByText('نسخه مسدود شد')).toBeInTheDocument();
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
