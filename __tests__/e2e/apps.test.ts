// Applications in a real browser against the real server. As the seeded admin: create an
// app, copy its key, deactivate it through the confirm, save a setting that survives a reload,
// switch ads off and see the slots cleared, block a version and delete it. As an app admin: the
// reduced list of their own apps.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium, type LaunchedBrowser } from './helpers/chromium';
import { t, tf } from './helpers/messages';
import { ADMIN, startServer, type RunningServer } from './helpers/server';
import { signInThroughForm, signOutThroughConfirm } from './helpers/session';

const shots = join(__dirname, '__screenshots__');
const OWNER = { username: 'sara', email: 'sara@example.com', temp: 'Temp-Pass1!', password: 'Sara-Pass1!' };
const APP = { name: 'E2E VPN', packageName: 'com.e2e.vpn', sign: 'E2E-SIGN' };
let server: RunningServer;
let browser: LaunchedBrowser;
let page: Page;
let adminToken: string;
let ownerId: number;
let appId: number;

const fa = (id: string) => t('fa', id);

beforeAll(async () => {
  server = await startServer();
  adminToken = await server.signIn(ADMIN.username, ADMIN.password);
  const owner = await server.api('users/signup', {
    method: 'POST',
    token: adminToken,
    body: { name: 'سارا', family: 'احمدی', email: OWNER.email, username: OWNER.username, password: OWNER.temp, role_id: 2 },
  });
  expect(owner.status).toBe(200);
  ownerId = owner.body.data.id;
  // Clear the must-change flag of the temporary password by changing it as the user.
  const ownerToken = await server.signIn(OWNER.username, OWNER.temp);
  const changed = await server.api('users/changepass', {
    method: 'POST',
    token: ownerToken,
    body: { currentPassword: OWNER.temp, password: OWNER.password, repassword: OWNER.password },
  });
  expect(changed.status).toBe(200);
  // Another admin's app, which the owner must not see.
  const other = await server.api('users/signup', {
    method: 'POST',
    token: adminToken,
    body: { name: 'علی', family: 'رضایی', email: 'ali@example.com', username: 'ali', password: OWNER.temp, role_id: 2 },
  });
  const otherApp = await server.api('apps/storeApp', {
    method: 'POST',
    token: adminToken,
    body: { name: 'Other VPN', packageName: 'com.other.vpn', sign: 'X', adminId: other.body.data.id },
  });
  expect(otherApp.status).toBe(200);

  browser = await launchChromium();
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  page = await browser.context.newPage();
  mkdirSync(shots, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const toast = (id: string) => page.getByText(fa(id)).first().waitFor();

/** Polls a browser-side condition until it holds (10 s). */
async function until(check: () => Promise<boolean>) {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in 10 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('the admin creates an application with an app admin', async () => {
  await signInThroughForm(page, server.url, ADMIN.username, ADMIN.password);
  await page.waitForURL('**/dashboard');
  await page.goto(`${server.url}/app/manage`);
  await page.getByRole('button', { name: fa('apps.actions.create') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[name="name"]').fill(APP.name);
  await dialog.locator('input[name="packageName"]').fill(APP.packageName);
  await dialog.locator('input[name="sign"]').fill(APP.sign);
  await dialog.getByRole('combobox', { name: fa('apps.fields.admin') }).click();
  await page.getByRole('option', { name: 'سارا احمدی' }).click();
  await dialog.getByRole('button', { name: fa('common.save') }).click();
  await toast('apps.form.createSuccess');
  await page.getByRole('grid').getByText(APP.name).waitFor();
  const list = await server.api('apps', { token: adminToken });
  const created = list.body.data.find((a: { name: string }) => a.name === APP.name);
  expect(created).toMatchObject({ packageName: APP.packageName, adminId: ownerId, active: true });
  appId = created.id;
  await page.screenshot({ path: join(shots, 'apps-manage-fa.png'), fullPage: true });
});

test('a click on the API key copies it', async () => {
  const { body } = await server.api(`apps/getApp/${appId}`, { token: adminToken });
  const row = page.getByRole('row').filter({ hasText: APP.name });
  await row.getByRole('button', { name: fa('apps.copy.apiKey'), exact: false }).click();
  await toast('common.copy.success');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(body.data.apiKey);
});

test('deactivating asks first, then hides the app under the default active filter', async () => {
  await page.getByRole('switch', { name: tf('fa', 'apps.status.toggle', { name: APP.name }) }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(fa('apps.status.deactivateTitle')).waitFor();
  expect((await server.api(`apps/getApp/${appId}`, { token: adminToken })).body.data.active).toBe(true);
  await dialog.getByRole('button', { name: fa('common.yes') }).click();
  await until(async () => (await server.api(`apps/getApp/${appId}`, { token: adminToken })).body.data.active === false);
  await page.getByRole('grid').getByText(APP.name).waitFor({ state: 'detached' });
});

test('settings are saved and shown again after a reload', async () => {
  await page.goto(`${server.url}/app/${appId}`);
  const delay = page.locator('input[name="connectDelay"]');
  await delay.fill('7');
  await page.locator('input[name="appVersion"]').fill('2.5');
  await page.getByRole('button', { name: fa('apps.settings.save') }).click();
  await toast('apps.saveSettingsSuccess');
  await page.reload();
  await until(
    async () =>
      (await page
        .locator('input[name="connectDelay"]')
        .inputValue()
        .catch(() => '')) === '7',
  );
  expect((await server.api(`apps/getApp/${appId}`, { token: adminToken })).body.data.settings).toMatchObject({ connectDelay: 7, appVersion: 2.5 });
  await page.screenshot({ path: join(shots, 'apps-settings-fa.png'), fullPage: true });
});

test('switching ads off clears the active slots', async () => {
  await page.getByRole('tab', { name: fa('apps.detail.tabAds') }).click();
  const master = page.getByRole('switch', { name: fa('apps.ads.masterSwitch') });
  await master.waitFor();
  if (!(await master.isChecked())) {
    await master.click();
    await toast('apps.ads.masterOn');
  }
  const intCon = page.getByRole('group', { name: 'intCon', exact: true }).getByRole('switch');
  await intCon.click();
  expect(await intCon.isChecked()).toBe(true);
  await page.getByRole('button', { name: fa('apps.ads.save') }).click();
  await toast('apps.saveSettingsSuccess');
  const activeOf = async () =>
    (await server.api(`apps/adsSettings/${appId}`, { token: adminToken })).body.data.find((e: { key: string }) => e.key === 'intConActive').value;
  expect(await activeOf()).toBe(true);
  await page.screenshot({ path: join(shots, 'apps-ads-fa.png'), fullPage: true });

  await master.click();
  await toast('apps.ads.masterOff');
  await until(async () => !(await intCon.isChecked()));
  expect(await activeOf()).toBe(false);
});

test('a version is blocked, then deleted from the blocked list', async () => {
  await page.getByRole('tab', { name: fa('apps.detail.tabVersions') }).click();
  await page.getByRole('combobox', { name: fa('apps.versions.select') }).click();
  await page.getByRole('option', { name: '۲٫۵' }).click();
  await page.getByRole('button', { name: fa('apps.versions.block') }).click();
  // Blocking asks first (the version is new to every device here, so no device is counted).
  await page
    .getByRole('dialog')
    .getByRole('button', { name: fa('apps.versions.block') })
    .click();
  await toast('apps.versions.blockSuccess');
  await page.getByRole('tab', { name: fa('apps.versions.tabBlocked') }).click();
  const del = page.getByRole('button', { name: tf('fa', 'apps.versions.delete', { version: 2.5 }) });
  await del.click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: fa('common.yes') })
    .click();
  await toast('apps.versions.deleteSuccess');
  await del.waitFor({ state: 'detached' });
  const versions = (await server.api(`apps/versionBlock/${appId}`, { token: adminToken })).body.data as { appVersion: number }[];
  expect(versions.map((v) => v.appVersion)).not.toContain(2.5);
});

test('in English the detail page is left to right', async () => {
  await page.getByRole('button', { name: t('en', 'shell.language.en') }).click();
  await page.waitForFunction(() => document.documentElement.dir === 'ltr');
  await page.getByRole('tab', { name: t('en', 'apps.detail.tabAds') }).click();
  await page.getByRole('group', { name: 'intCon', exact: true }).waitFor();
  await page.screenshot({ path: join(shots, 'apps-ads-en.png'), fullPage: true });
  await page.getByRole('button', { name: t('fa', 'shell.language.fa') }).click();
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
});

test('the app admin sees only their own app, without edit or delete', async () => {
  await signOutThroughConfirm(page);
  await page.waitForURL('**/login');
  await signInThroughForm(page, server.url, OWNER.username, OWNER.password);
  await page.waitForURL('**/dashboard');
  await page.goto(`${server.url}/app/my-apps`);
  // Their app is inactive now: show every status.
  await page.getByRole('combobox', { name: fa('apps.list.statusFilter') }).click();
  await page.getByRole('option', { name: fa('dataTable.filter.all') }).click();
  const grid = page.getByRole('grid');
  await grid.getByText(APP.name).waitFor();
  expect(await grid.getByText('Other VPN').count()).toBe(0);
  const row = page.getByRole('row').filter({ hasText: APP.name });
  await row.getByRole('button', { name: tf('fa', 'apps.actions.details', { name: APP.name }) }).waitFor();
  await row.getByRole('link', { name: tf('fa', 'apps.actions.settings', { name: APP.name }) }).waitFor();
  expect(await row.getByRole('button', { name: tf('fa', 'apps.actions.edit', { name: APP.name }) }).count()).toBe(0);
  expect(await row.getByRole('button', { name: tf('fa', 'apps.actions.delete', { name: APP.name }) }).count()).toBe(0);
  expect(await page.getByRole('button', { name: fa('apps.actions.create') }).count()).toBe(0);
  await page.screenshot({ path: join(shots, 'apps-mine-fa.png'), fullPage: true });
});
