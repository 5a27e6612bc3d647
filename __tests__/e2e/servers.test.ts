// Servers and profiles in a real browser against the real server. As the top admin:
// create a server (country search prefills its name), add a profile (S- name), import the sample
// CSV through the file chooser, sort, reveal an address, batch delete with the Persian count. As an
// app admin: /servers/my-servers lists only the servers of their own apps.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium, type LaunchedBrowser } from './helpers/chromium';
import { t, tf } from './helpers/messages';
import { ADMIN, startServer, type RunningServer } from './helpers/server';
import { signInThroughForm, signOutThroughConfirm } from './helpers/session';

const shots = join(__dirname, '__screenshots__');
const SAMPLE = resolve(__dirname, '../../public/sample-profiles.csv');
const VLESS =
  'vless://3f1c9a6e-2b4d-4c8e-9f7a-1d2e3f4a5b6c@de1.example.com:443?encryption=none&security=tls&sni=de1.example.com&fp=chrome&type=ws&host=de1.example.com&path=%2Fws#DE-ws-tls';
const APP_ADMIN = { username: 'sara', email: 'sara@example.com', password: 'Sara-Pass-2024!' };

let server: RunningServer;
let browser: LaunchedBrowser;
let page: Page;
let adminToken: string;
let appA: { id: number; name: string };
let serverId: number;

async function createAppAdmin(username: string, email: string, password: string): Promise<number> {
  const temp = 'Temp-Pass-2024!';
  const r = await server.api('users/signup', {
    method: 'POST',
    token: adminToken,
    body: { name: 'سارا', family: 'احمدی', email, username, password: temp, role_id: 2 },
  });
  expect(r.status).toBe(200);
  // a new user's password is temporary: set the real one the way the user would
  const token = await server.signIn(username, temp);
  const c = await server.api('users/changepass', { method: 'POST', token, body: { currentPassword: temp, password, repassword: password } });
  expect(c.status).toBe(200);
  return r.body.data.id as number;
}

async function createApp(name: string, packageName: string, adminId: number) {
  const r = await server.api('apps/storeApp', { method: 'POST', token: adminToken, body: { name, packageName, sign: 'sig', adminId } });
  expect(r.status).toBe(200);
  return { id: r.body.data.id as number, name };
}

const cells = (field: string) => page.$$eval(`[role="gridcell"][data-field="${field}"]`, (els) => els.map((e) => (e.textContent ?? '').trim()));

async function toast(id: string, values?: Record<string, string | number>) {
  await page
    .getByText(tf('fa', id, values))
    .first()
    .waitFor();
}

beforeAll(async () => {
  server = await startServer();
  adminToken = await server.signIn(ADMIN.username, ADMIN.password);
  const saraId = await createAppAdmin(APP_ADMIN.username, APP_ADMIN.email, APP_ADMIN.password);
  const omidId = await createAppAdmin('omid', 'omid@example.com', 'Omid-Pass-2024!');
  appA = await createApp('FastVPN', 'com.example.fast', saraId);
  const appB = await createApp('SafeNet', 'com.example.safe', omidId);
  // a server of someone else's app, which sara must not see
  const countries = await server.api('apps/countries', { token: adminToken });
  const nl = countries.body.data.find((c: { code: string }) => c.code === 'NL');
  const other = await server.api('apps/addServer', {
    method: 'POST',
    token: adminToken,
    body: { appId: [appB.id], countryId: nl.id, ip: 'nl-server-1', username: null, password: null, port: 443 },
  });
  expect(other.status).toBe(200);

  browser = await launchChromium();
  page = await browser.context.newPage();
  mkdirSync(shots, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('the admin creates a server: the country is searched and names the server', async () => {
  await signInThroughForm(page, server.url, ADMIN.username, ADMIN.password);
  await page.waitForURL('**/dashboard');
  await page.goto(`${server.url}/servers/manage`);
  await page.getByRole('heading', { name: t('fa', 'servers.manage.title') }).waitFor();
  await page.getByRole('button', { name: t('fa', 'servers.create.button') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: t('fa', 'servers.fields.apps') }).click();
  await page.getByRole('option', { name: appA.name }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('combobox', { name: t('fa', 'servers.fields.country') }).fill('germ');
  // the option reads the Persian name (Intl), found by the English one too
  await page.getByRole('option', { name: /آلمان/ }).click();
  expect(await dialog.getByLabel(t('fa', 'servers.fields.ip')).inputValue()).toBe('de-server-1');
  await dialog.getByLabel(t('fa', 'servers.fields.username')).fill('root');
  await dialog.getByLabel(t('fa', 'servers.fields.password'), { exact: true }).fill('S3cret-pass!');
  await dialog.getByLabel(t('fa', 'servers.fields.port')).fill('2222');
  await page.screenshot({ path: join(shots, 'servers-create-fa.png') });
  await dialog.getByRole('button', { name: t('fa', 'common.save') }).click();
  await toast('servers.create.success');
  await page.waitForFunction(() => [...document.querySelectorAll('[role="gridcell"][data-field="ip"]')].some((c) => c.textContent === 'de-server-1'));
  expect((await cells('ip')).sort()).toEqual(['de-server-1', 'nl-server-1']);
  await page.screenshot({ path: join(shots, 'servers-list-fa.png') });
  const created = (await server.api('apps/servers?appId=null', { token: adminToken })).body.data.find((s: { ip: string }) => s.ip === 'de-server-1');
  expect(created).toMatchObject({ port: 2222, username: 'root', hasPassword: true, location: { code: 'DE' } });
  expect(JSON.stringify(created)).not.toContain('S3cret-pass!');
  serverId = created.id;
});

test("opens the server's profiles and adds one with the default S- name", async () => {
  const row = page.locator('[role="row"]', { has: page.locator('[data-field="ip"]', { hasText: 'de-server-1' }) });
  await row.getByRole('button', { name: t('fa', 'servers.actions.profiles') }).click();
  await page.waitForURL(`**/servers/${serverId}`);
  await page.getByRole('tab', { name: t('fa', 'servers.profiles.tab.new') }).click();
  const name = page.getByLabel(t('fa', 'servers.profile.fields.name'));
  expect(await name.inputValue()).toBe('S-1');
  await page.getByLabel(t('fa', 'servers.profile.fields.address')).fill(VLESS);
  await page.getByRole('button', { name: t('fa', 'servers.profiles.create.submit') }).click();
  await toast('servers.profiles.create.success');
  await page.waitForFunction(
    (label) => {
      const input = [...document.querySelectorAll('label')].find((l) => l.textContent?.startsWith(label))?.control as HTMLInputElement | undefined;
      return input?.value === 'S-2';
    },
    t('fa', 'servers.profile.fields.name'),
  );
});

test('imports the sample CSV through the file chooser', async () => {
  await page.getByRole('tab', { name: t('fa', 'servers.profiles.tab.import') }).click();
  await page.getByRole('link', { name: t('fa', 'servers.import.sample') }).waitFor();
  const chooser = page.waitForEvent('filechooser');
  await page.getByText(t('fa', 'servers.import.choose')).click();
  await (await chooser).setFiles(SAMPLE);
  await page.getByTestId('csv-file-name').getByText('sample-profiles.csv').waitFor();
  await page.screenshot({ path: join(shots, 'servers-import-fa.png'), fullPage: true });
  await page.getByRole('button', { name: t('fa', 'servers.import.upload') }).click();
  // The sample's first link is the one S-1 was saved with: the import asks before adding it twice.
  const asked = page.getByRole('dialog', { name: t('fa', 'servers.import.duplicates.title') });
  await asked.waitFor();
  await asked.getByRole('button', { name: t('fa', 'servers.import.duplicates.importAll') }).click();
  await toast('servers.import.uploadSuccess', { count: 4 });
});

test('lists, sorts and reveals the profiles', async () => {
  await page.getByRole('tab', { name: t('fa', 'servers.profiles.tab.list') }).click();
  await page.waitForFunction(() => document.querySelectorAll('[role="gridcell"][data-field="name"]').length === 5);
  expect(await cells('name')).toEqual(['S-1', 'DE-1', 'NL_reality 2', 'FR-3', 'TR-4']);
  const header = (field: string) => page.locator(`[role="columnheader"][data-field="${field}"] .MuiDataGrid-columnHeaderTitle`);
  await header('name').click();
  await page.waitForFunction(() => document.querySelector('[role="gridcell"][data-field="name"]')?.textContent === 'DE-1');
  expect(await cells('name')).toEqual(['DE-1', 'FR-3', 'NL_reality 2', 'S-1', 'TR-4']);
  await header('protocol').click();
  await page.waitForFunction(() => document.querySelector('[role="gridcell"][data-field="protocol"]')?.textContent === 'vless');
  expect(await cells('protocol')).toEqual(['vless', 'vless', 'vless', 'vmess', 'vmess']);
  await header('__index').click();
  await header('__index').click();
  await page.waitForFunction(() => document.querySelector('[role="gridcell"][data-field="__index"]')?.textContent === '۵'); // row numbers in Persian digits
  expect(await cells('name')).toEqual(['TR-4', 'FR-3', 'NL_reality 2', 'DE-1', 'S-1']);
  await page.screenshot({ path: join(shots, 'servers-profiles-fa.png'), fullPage: true });

  const row = page.locator('[role="row"]', { has: page.locator('[data-field="name"]', { hasText: 'FR-3' }) });
  await row.getByRole('button', { name: t('fa', 'servers.actions.details') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: t('fa', 'servers.profiles.reveal') }).click();
  const link = dialog.getByTestId('revealed-link');
  await link.waitFor();
  expect(await link.textContent()).toMatch(/^vmess:\/\//);
  await dialog.getByText('fr.example.net').first().waitFor();
  await page.screenshot({ path: join(shots, 'servers-reveal-fa.png') });
  await dialog.getByRole('button', { name: t('fa', 'common.close') }).click();
  await dialog.waitFor({ state: 'hidden' });
});

test('batch deletes three profiles after a confirm that counts them in Persian', async () => {
  const boxes = page.locator('[role="row"] input[type="checkbox"]:not([aria-label*="all" i])');
  const rows = page.locator('[role="gridcell"][data-field="__check__"] input[type="checkbox"]');
  for (let i = 0; i < 3; i++) await rows.nth(i).check();
  expect(await boxes.count()).toBeGreaterThan(0);
  await page.getByRole('button', { name: /حذف ۳ پروفایل/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('۳ پروفایل حذف شود؟').waitFor();
  await dialog.getByRole('button', { name: t('fa', 'common.yes') }).click();
  await toast('servers.profiles.batchDelete.success', { count: 3 });
  await page.waitForFunction(() => document.querySelectorAll('[role="gridcell"][data-field="name"]').length === 2);
  const left = await server.api(`apps/profiles/${serverId}`, { token: adminToken });
  expect(left.body.data.map((p: { name: string }) => p.name).sort()).toEqual(['DE-1', 'S-1']);
});

test('the profile list reads well in English (left to right)', async () => {
  await page.getByRole('button', { name: t('en', 'shell.language.en') }).click();
  await page.waitForFunction(() => document.documentElement.dir === 'ltr');
  await page.getByRole('tab', { name: t('en', 'servers.profiles.tab.list') }).waitFor();
  await page.screenshot({ path: join(shots, 'servers-profiles-en.png'), fullPage: true });
  await page.goto(`${server.url}/servers/manage`);
  await page.waitForFunction(() => document.querySelectorAll('[role="gridcell"][data-field="ip"]').length === 2);
  await page.screenshot({ path: join(shots, 'servers-list-en.png'), fullPage: true });
  await page.getByRole('button', { name: t('en', 'shell.language.fa') }).click();
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
});

test('an app admin sees only the servers of their own apps', async () => {
  await page.goto(`${server.url}/dashboard`); // no table there: "خروج" alone names the sign-out button
  await signOutThroughConfirm(page);
  await page.waitForURL('**/login');
  await signInThroughForm(page, server.url, APP_ADMIN.username, APP_ADMIN.password);
  await page.waitForURL('**/dashboard');
  await page.goto(`${server.url}/servers/my-servers`);
  await page.getByRole('heading', { name: t('fa', 'servers.mine.title') }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[role="gridcell"][data-field="ip"]').length > 0);
  expect(await cells('ip')).toEqual(['de-server-1']);
  expect(await cells('apps')).toEqual([appA.name]);
  // another admin's server is not reachable by address either
  const theirs = (await server.api('apps/servers?appId=null', { token: adminToken })).body.data.find((s: { ip: string }) => s.ip === 'nl-server-1');
  await page.goto(`${server.url}/servers/${theirs.id}`);
  await page.getByText(t('fa', 'servers.profiles.notFound')).waitFor();
});
