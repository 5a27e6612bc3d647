// The bundle mirrors on the settings tab of /app/{appId}: role_id 1 sees each mirror's state (the
// version last published and when, the remote's error left to right), adds one (the token sent,
// never shown), asks for a publish now and a test; the app's admin sees no mirrors at all. Both languages.
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../support/render';
import { json, useFakeServer } from '../../support/fake-server';
import { makeUser, ROLES } from '../../support/fixtures';
import type { MirrorDto } from '../../../../src/contract/mirrors';
import { countries, makeApp, makeSettings } from './fixtures';

const server = useFakeServer();

const OK: MirrorDto = {
  id: 4,
  kind: 'git',
  url: 'https://github.com/acme/mirror.git',
  branch: 'main',
  path: 'bundle.json',
  publishedVersion: 12,
  publishedAt: '2026-03-04T10:00:00.000Z',
  publishedCommit: 'abc',
  attemptedAt: '2026-03-04T10:00:00.000Z',
  lastError: null,
  failures: 0,
  nextAttemptAt: '2026-03-04T10:01:00.000Z',
  requested: false,
  currentVersion: 12,
  appActive: true,
};
const FAILING: MirrorDto = {
  ...OK,
  id: 5,
  url: 'https://codeberg.org/acme/mirror.git',
  publishedVersion: null,
  publishedAt: null,
  publishedCommit: null,
  failures: 2,
  lastError: 'git push: remote: pushes are refused\n ! [remote rejected] HEAD -> main (pre-receive hook declined)',
};

async function open(user = makeUser(), locale: 'fa' | 'en' = 'fa', listed: MirrorDto[] = [OK, FAILING]) {
  let mirrors = listed;
  server.on('GET', 'users/current', json({ data: user }));
  server.on('GET', 'apps/getApp/:id', json({ data: { ...makeApp({ id: 1, name: 'LiveApp' }), settings: makeSettings(user.role_id === 1) } }));
  server.on('GET', 'apps/countries', json({ data: countries }));
  server.on('GET', 'apps/bundleKeys/:appId', json({ data: [] }));
  server.on('GET', 'apps/bundleSettings/:appId', json({ data: { apiBases: [] } }));
  server.on('GET', 'apps/mirrors/:appId', () => json({ data: mirrors }));
  server.on('POST', 'apps/mirrors/:appId', (req) => {
    const body = req.body as { url: string; branch: string; path: string };
    mirrors = [...mirrors, { ...OK, id: 6, url: body.url, branch: body.branch, path: body.path, publishedVersion: null, publishedAt: null }];
    return json({ success: true, data: mirrors[2] });
  });
  server.on('POST', 'apps/mirrors/:appId/:mirrorId/publish', json({ success: true, data: { ...OK, requested: true } }));
  server.on(
    'POST',
    'apps/mirrors/:appId/:mirrorId/test',
    json({ success: true, data: { ok: false, branchExists: false, message: 'git ls-remote: fatal: Authentication failed' } }),
  );
  const view = await renderApp({ route: '/app/1', token: 't', locale });
  await screen.findByRole('region', { name: locale === 'fa' ? 'بستهٔ امضاشده' : 'Signed bundle' });
  return view;
}

describe('the bundle mirrors on the settings tab', () => {
  it("lists each mirror with its state for role_id 1, the remote's error left to right", async () => {
    await open();
    const section = await screen.findByRole('region', { name: 'آینه‌های بسته' });
    const ok = await within(section).findByRole('article', { name: 'آینهٔ شمارهٔ ۴' });
    expect(ok).toHaveTextContent('https://github.com/acme/mirror.git');
    expect(ok).toHaveTextContent('نسخهٔ ۱۲');
    expect(within(ok).getByText('به‌روز')).toBeInTheDocument();
    const failing = within(section).getByRole('article', { name: 'آینهٔ شمارهٔ ۵' });
    expect(within(failing).getByText('خطا')).toBeInTheDocument();
    const message = within(failing).getByText(/pre-receive hook declined/);
    expect(message).toHaveAttribute('dir', 'ltr');
    expect(within(failing).getByText(/۲ خطای پشت سر هم/)).toBeInTheDocument();
  });

  it('adds a mirror with its token, asks for a publish now and shows a failed test', async () => {
    const { user } = await open();
    const section = await screen.findByRole('region', { name: 'آینه‌های بسته' });
    await user.click(within(section).getByRole('button', { name: 'افزودن آینه' }));
    const dialog = await screen.findByRole('dialog', { name: 'افزودن آینه' });
    await user.type(within(dialog).getByRole('textbox', { name: /نشانی مخزن/ }), 'https://gitlab.com/acme/mirror.git');
    await user.type(within(dialog).getByLabelText(/توکن دسترسی/), 'glpat-secret');
    await user.click(within(dialog).getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(server.calls('POST', 'apps/mirrors/1')).toHaveLength(1));
    expect(server.calls('POST', 'apps/mirrors/1')[0].body).toEqual({
      kind: 'git',
      url: 'https://gitlab.com/acme/mirror.git',
      branch: 'main',
      path: 'bundle.json',
      token: 'glpat-secret',
    });
    expect(await within(section).findByRole('article', { name: 'آینهٔ شمارهٔ ۶' })).toHaveTextContent('هنوز منتشر نشده است');

    const ok = within(section).getByRole('article', { name: 'آینهٔ شمارهٔ ۴' });
    await user.click(within(ok).getByRole('button', { name: 'انتشار فوری' }));
    await waitFor(() => expect(server.calls('POST', 'apps/mirrors/1/4/publish')).toHaveLength(1));
    await user.click(within(ok).getByRole('button', { name: 'آزمایش' }));
    expect(await within(ok).findByText('مخزن بررسی را رد کرد:')).toBeInTheDocument();
    expect(within(ok).getByText(/Authentication failed/)).toHaveAttribute('dir', 'ltr');
  });

  it('shows a mirror of an inactive app as paused, with no publish now', async () => {
    await open(makeUser(), 'en', [{ ...OK, appActive: false, currentVersion: 13 }]);
    const paused = await screen.findByRole('article', { name: 'Mirror #4' });
    expect(within(paused).getByText('Paused')).toBeInTheDocument();
    expect(paused).toHaveTextContent('The app is inactive, so its bundle is not published here');
    expect(within(paused).getByRole('button', { name: 'Publish now' })).toBeDisabled();
  });

  it("is not shown to the app's admin", async () => {
    await open(makeUser({ id: 7, role: ROLES.appAdmin, role_id: 2 }));
    expect(screen.queryByRole('region', { name: 'آینه‌های بسته' })).toBeNull();
    expect(server.calls('GET', 'apps/mirrors/1')).toHaveLength(0);
  });

  it('reads in English too', async () => {
    await open(makeUser(), 'en');
    const section = await screen.findByRole('region', { name: 'Mirrors of the bundle' });
    const failing = await within(section).findByRole('article', { name: 'Mirror #5' });
    expect(failing).toHaveTextContent('Not published yet');
    expect(failing).toHaveTextContent('2 failures in a row');
    expect(within(failing).getByRole('button', { name: 'Publish now' })).toBeInTheDocument();
  });
});
