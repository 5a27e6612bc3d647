// Staff users in a real browser against the real server: the admin adds an app admin
// through /users/add-new (Persian name typed into the Persian-only fields), the new user signs in
// in a fresh browser, is forced to change the temporary password, then sees the reduced menu (my-
// entries, no manage entries); the admin deactivates them and their next request fails.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium, type LaunchedBrowser } from './helpers/chromium';
import { t } from './helpers/messages';
import { ADMIN, startServer, type RunningServer } from './helpers/server';
import { signInThroughForm } from './helpers/session';

const shots = join(__dirname, '__screenshots__');
const NEW_USER = { username: 'sara.app', email: 'sara.app@example.com', temporary: 'Temp#Pass2024', final: 'Own#Pass2025' };

let server: RunningServer;
let adminBrowser: LaunchedBrowser;
let userBrowser: LaunchedBrowser | undefined;
let admin: Page;
let adminToken: string;
let newUserId: number;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const label = (page: Page, id: string, locale: 'fa' | 'en' = 'fa') => page.getByLabel(new RegExp(`^${escape(t(locale, id))}`));

async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      if (key.includes('token')) return localStorage.getItem(key);
    }
    return null;
  });
  expect(token).toBeTruthy();
  return token!.replace(/^"|"$/g, '');
}

beforeAll(async () => {
  server = await startServer();
  adminToken = await server.signIn(ADMIN.username, ADMIN.password);
  adminBrowser = await launchChromium();
  admin = await adminBrowser.context.newPage();
  mkdirSync(shots, { recursive: true });
});

afterAll(async () => {
  await userBrowser?.close();
  await adminBrowser?.close();
  await server?.stop();
});

test('the admin adds an app admin through /users/add-new and the form clears', async () => {
  await signInThroughForm(admin, server.url, ADMIN.username, ADMIN.password);
  await admin.waitForURL('**/dashboard');
  await admin.locator('.MuiDrawer-paper a[href="/users/add-new"]').click();
  await admin.getByRole('heading', { name: t('fa', 'users.create.title') }).waitFor();

  await label(admin, 'users.fields.username').fill(NEW_USER.username);
  await label(admin, 'users.fields.email').fill(NEW_USER.email);
  await label(admin, 'users.fields.password').fill(NEW_USER.temporary);
  await label(admin, 'users.fields.repassword').fill(NEW_USER.temporary);
  await admin.getByRole('combobox', { name: new RegExp(`^${t('fa', 'users.fields.role')}`) }).click();
  await admin.getByRole('option', { name: t('fa', 'common.role.appAdmin') }).click();
  // Latin in a Persian-only field is refused at once...
  await label(admin, 'users.fields.name').pressSequentially('Sara');
  expect(await label(admin, 'users.fields.name').inputValue()).toBe('');
  await admin.getByText(t('fa', 'validation.persianOnly')).first().waitFor();
  // ...and Persian is typed in.
  await label(admin, 'users.fields.name').pressSequentially('سارا');
  await label(admin, 'users.fields.family').pressSequentially('احمدی');
  await label(admin, 'users.fields.eName').fill('Sara');
  await label(admin, 'users.fields.eFamily').fill('Ahmadi');
  // the birthdate picker speaks the Persian calendar: 24 Esfand 1370 is 14 March 1992
  const birthdate = admin.getByRole('group', { name: t('fa', 'users.fields.birthdate') });
  for (const [section, part] of [
    ['سال', '1370'],
    ['ماه', '12'],
    ['روز', '24'],
  ]) {
    await birthdate.getByRole('spinbutton', { name: section }).click();
    await admin.keyboard.type(part);
  }
  // its calendar opens on that month of the Persian calendar
  await admin.getByRole('button', { name: /^تاریخ را انتخاب کنید/ }).click();
  const calendar = admin.getByRole('dialog');
  await calendar.getByText(/اسفند/).first().waitFor();
  await calendar
    .getByRole('gridcell', { name: '۲۴', exact: true })
    .or(calendar.getByRole('gridcell', { name: '24', exact: true }))
    .first()
    .waitFor();
  await admin.screenshot({ path: join(shots, 'users-birthdate-calendar-fa.png') });
  await admin.keyboard.press('Escape');
  await calendar.waitFor({ state: 'hidden' });
  await admin.screenshot({ path: join(shots, 'users-add-new-fa.png'), fullPage: true });

  await admin.getByRole('button', { name: t('fa', 'users.create.submit') }).click();
  await admin.getByText(t('fa', 'users.create.success')).first().waitFor();
  await admin.waitForFunction(() => (document.querySelector('input[name="username"]') as HTMLInputElement | null)?.value === '');

  const list = await server.api('users', { token: adminToken });
  const created = list.body.data.find((u: { username: string }) => u.username === NEW_USER.username);
  expect(created).toMatchObject({ name: 'سارا', family: 'احمدی', role_id: 2, active: true, needToChangePass: true, sex: 1, birthdate: '1992-03-14' });
  newUserId = created.id;
});

test('the list shows the new user with role and status, in Persian and in English', async () => {
  await admin.locator('.MuiDrawer-paper a[href="/users/list"]').click();
  const row = admin.getByRole('row').filter({ hasText: NEW_USER.username });
  await row.waitFor();
  await row.getByText('سارا احمدی').waitFor();
  await row.getByText(t('fa', 'common.role.appAdmin')).waitFor();
  expect(await row.getByRole('switch').isChecked()).toBe(true);
  await admin.screenshot({ path: join(shots, 'users-list-fa.png'), fullPage: true });

  await admin.getByRole('button', { name: t('en', 'shell.language.en') }).click();
  await admin.waitForFunction(() => document.documentElement.dir === 'ltr');
  await row.getByText('Sara Ahmadi').waitFor();
  await admin.screenshot({ path: join(shots, 'users-list-en.png'), fullPage: true });
  await admin.getByRole('button', { name: t('en', 'shell.language.fa') }).click();
  await admin.waitForFunction(() => document.documentElement.dir === 'rtl');
});

test('the new user must change the temporary password, then sees only their own entries', async () => {
  userBrowser = await launchChromium();
  const page = await userBrowser.context.newPage();
  await signInThroughForm(page, server.url, NEW_USER.username, NEW_USER.temporary);
  await page.waitForURL('**/account/change-password');
  await page.getByText(t('fa', 'account.changePassword.required')).waitFor();
  await label(page, 'account.changePassword.current').fill(NEW_USER.temporary);
  await label(page, 'account.changePassword.new').fill(NEW_USER.final);
  await label(page, 'account.changePassword.confirm').fill(NEW_USER.final);
  await page.getByRole('button', { name: t('fa', 'account.changePassword.submit') }).click();
  await page.waitForURL('**/dashboard');

  const menu = page.locator('.MuiDrawer-paper');
  await menu.locator('a[href="/app/my-apps"]').waitFor();
  await menu.locator('a[href="/servers/my-servers"]').waitFor();
  const hrefs = await menu.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs.filter((h) => h?.includes('manage'))).toEqual([]);
  expect(hrefs).not.toContain('/users/list');

  // The admin switches them off in the users list: their session ends at once.
  const userToken = await storedToken(page);
  expect((await server.api('users/current', { token: userToken })).status).toBe(200);
  const row = admin.getByRole('row').filter({ hasText: NEW_USER.username });
  const answered = admin.waitForResponse((r) => r.url().includes(`/api/v1/users/changestatus/${newUserId}`));
  await row.getByRole('switch').click();
  const off = await answered;
  expect(off.status()).toBe(200);
  expect((await off.json()).data.active).toBe(false);
  expect((await server.api('users/current', { token: userToken })).status).toBe(401);
  await page.reload();
  await page.waitForURL('**/login');
});

test('the admin sees the user switched off after a reload', async () => {
  await admin.reload();
  const row = admin.getByRole('row').filter({ hasText: NEW_USER.username });
  await row.waitFor();
  expect(await row.getByRole('switch').isChecked()).toBe(false);
});
