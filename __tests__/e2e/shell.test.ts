// The panel shell in a real browser against the real server: sign in as the seeded admin,
// RTL with the sidebar on the right, English flips to LTR and survives a reload, the profile page,
// and sign-out through the confirm, which also revokes the token on the server.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium, type LaunchedBrowser } from './helpers/chromium';
import { t } from './helpers/messages';
import { ADMIN, startServer, type RunningServer } from './helpers/server';
import { signInThroughForm, signOutThroughConfirm } from './helpers/session';

const shots = join(__dirname, '__screenshots__');
let server: RunningServer;
let browser: LaunchedBrowser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
  page = await browser.context.newPage();
  mkdirSync(shots, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function sidebarBox() {
  const paper = page.locator('.MuiDrawer-paper').first();
  await paper.waitFor({ state: 'visible' });
  return (await paper.boundingBox())!;
}

test('an anonymous visit to / lands on the login page, in Persian and right-to-left', async () => {
  await page.goto(server.url + '/');
  await page.waitForURL('**/login');
  expect(await page.getAttribute('html', 'dir')).toBe('rtl');
  expect(await page.getAttribute('html', 'lang')).toBe('fa');
  await page.getByRole('button', { name: t('fa', 'auth.login.submit') }).waitFor();
});

test('a wrong password shows the Persian error and stays on the login page', async () => {
  await signInThroughForm(page, server.url, ADMIN.username, 'Wrong-Pass1!');
  await page.getByText(t('fa', 'auth.login.wrongCredentials')).first().waitFor();
  expect(new URL(page.url()).pathname).toBe('/login');
});

test('the seeded admin signs in and sees the dashboard with the sidebar on the right', async () => {
  await signInThroughForm(page, server.url, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');
  const box = await sidebarBox();
  const width = page.viewportSize()!.width;
  expect(box.x + box.width).toBeGreaterThan(width - 5); // flush with the right edge
  expect(box.x).toBeGreaterThan(width / 2);
  // The menu is built from the admin's permissions: a manage entry is there.
  await page.locator('.MuiDrawer-paper').getByText('مدیریت', { exact: false }).first().waitFor();
  await page.screenshot({ path: join(shots, 'dashboard-fa.png'), fullPage: true });
});

test('switching to English gives left-to-right, the sidebar on the left, and survives a reload', async () => {
  await page.getByRole('button', { name: t('en', 'shell.language.en') }).click();
  await page.waitForFunction(() => document.documentElement.dir === 'ltr');
  expect(await page.getAttribute('html', 'lang')).toBe('en');
  await page.reload();
  await page.getByRole('button', { name: t('en', 'auth.signOut.button') }).waitFor();
  expect(await page.getAttribute('html', 'dir')).toBe('ltr');
  const box = await sidebarBox();
  expect(box.x).toBeLessThan(5);
  await page.screenshot({ path: join(shots, 'dashboard-en.png'), fullPage: true });
});

test('the header profile button opens the user info page with the username and role', async () => {
  await page.getByRole('link', { name: t('en', 'shell.profile'), exact: true }).click();
  await page.waitForURL('**/account/user-info');
  await page.getByText(ADMIN.username, { exact: true }).first().waitFor();
  await page.getByText(t('en', 'common.role.admin')).first().waitFor();
});

test('sign-out asks first, then returns to the login page and the old token no longer works', async () => {
  const token = await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      if (key.includes('token')) return localStorage.getItem(key);
    }
    return null;
  });
  expect(token).toBeTruthy();
  const raw = token!.replace(/^"|"$/g, '');
  expect((await server.api('users/current', { token: raw })).status).toBe(200);

  await signOutThroughConfirm(page, 'en');
  await page.waitForURL('**/login');
  expect((await server.api('users/current', { token: raw })).status).toBe(401);
});
