// Devices in a real browser against the real server: 70 devices registered the way the
// mobile apps do it (appapikey header), then paged 30 at a time, filtered, and created from the panel.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium, type LaunchedBrowser } from './helpers/chromium';
import { t, tf } from './helpers/messages';
import { ADMIN, startServer, type RunningServer } from './helpers/server';
import { signInThroughForm } from './helpers/session';

const shots = join(__dirname, '__screenshots__');
const TOTAL = 70;
let server: RunningServer;
let browser: LaunchedBrowser;
let page: Page;
let app: { id: number; name: string; apiKey: string };

const deviceId = (i: number) => `e2e-device-${String(i).padStart(3, '0')}`;

async function register(apiKey: string, i: number) {
  const r = await fetch(`${server.url}/api/v1/apps/addDevice`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', appapikey: apiKey },
    body: JSON.stringify({ uniqueDeviceId: deviceId(i), fcmToken: `fcm-${i}-${'t'.repeat(60)}`, model: `Model ${i}`, appVersionCode: 2 }),
  });
  if (r.status !== 200) throw new Error(`addDevice ${i}: ${r.status} ${await r.text()}`);
}

beforeAll(async () => {
  server = await startServer();
  const token = await server.signIn(ADMIN.username, ADMIN.password);
  const admin = await server.api('users/signup', {
    method: 'POST',
    token,
    body: { name: 'سارا', family: 'احمدی', email: 'sara@example.com', username: 'sara', password: 'Sara-Pass-123!', role_id: 2 },
  });
  expect(admin.status).toBe(200);
  const created = await server.api('apps/storeApp', {
    method: 'POST',
    token,
    body: {
      name: 'Devices App',
      packageName: 'com.example.devices',
      sign: 'sig',
      adminId: admin.body.data.id,
      cppSign: null,
      firebaseConfig: null,
      email: null,
      description: null,
    },
  });
  expect(created.status).toBe(200);
  app = created.body.data;
  // in order, so the newest-first list is predictable: e2e-device-070 first
  for (let i = 1; i <= TOTAL; i++) await register(app.apiKey, i);

  browser = await launchChromium();
  page = await browser.context.newPage();
  mkdirSync(shots, { recursive: true });
  await signInThroughForm(page, server.url, ADMIN.username, ADMIN.password);
  await page.waitForURL('**/dashboard');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const grid = () => page.locator('.MuiDataGrid-root');
async function shownDeviceIds(): Promise<string[]> {
  await grid().locator('.MuiDataGrid-row').first().waitFor();
  return grid().locator('.MuiDataGrid-cell[data-field="uniqueDeviceId"]').allInnerTexts();
}

test('the apps link (?appId=) opens page 1 of 30 with the total, and the next page shows the next 30', async () => {
  await page.goto(`${server.url}/app/devices?appId=${app.id}`);
  await page.getByRole('heading', { name: t('fa', 'devices.title') }).waitFor();
  await page.getByText(tf('fa', 'devices.count', { count: TOTAL })).waitFor();
  await page.getByText(deviceId(70)).waitFor();
  const first = await shownDeviceIds();
  expect(first).toHaveLength(30);
  expect(first[0]).toBe(deviceId(70));
  expect(first.at(-1)).toBe(deviceId(41));
  expect(await page.getByRole('combobox', { name: t('fa', 'devices.fields.app') }).innerText()).toContain('Devices App');
  await page.screenshot({ path: join(shots, 'devices-fa.png'), fullPage: true });

  const next = page.locator('.MuiTablePagination-actions button').last();
  const answered = page.waitForResponse((r) => r.url().includes('/api/v1/apps/devices') && r.url().includes('page=2'));
  await next.click();
  const body = await (await answered).json();
  expect(body.count).toBe(TOTAL);
  await page.getByText(deviceId(40)).waitFor();
  const second = await shownDeviceIds();
  expect(second).toHaveLength(30);
  expect(second[0]).toBe(deviceId(40));
  expect(second.filter((id) => first.includes(id))).toEqual([]);
  // the row numbers continue from the first page
  expect(await grid().locator('.MuiDataGrid-cell[data-field="__index"]').first().innerText()).toBe('۳۱'); // in Persian digits

  await next.click();
  await page.getByText(deviceId(10)).waitFor();
  expect(await shownDeviceIds()).toHaveLength(10);
});

test('the text filter asks the server and goes back to page 1', async () => {
  const answered = page.waitForResponse((r) => r.url().includes('/api/v1/apps/devices') && r.url().includes('filter=device-05'));
  await page.getByRole('searchbox', { name: t('fa', 'devices.filter.search') }).fill('device-05');
  const url = new URL((await answered).url());
  expect(url.searchParams.get('page')).toBe('1');
  await page.getByText(tf('fa', 'devices.count', { count: 10 })).waitFor();
  const ids = await shownDeviceIds();
  expect(ids).toEqual(Array.from({ length: 10 }, (_, i) => deviceId(59 - i)));
  await page.getByRole('searchbox', { name: t('fa', 'devices.filter.search') }).fill('');
  await page.getByText(tf('fa', 'devices.count', { count: TOTAL })).waitFor();
});

test('a device created in the panel appears at the top of the list, and English reads left to right', async () => {
  await page.getByRole('button', { name: t('fa', 'devices.create.button') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: t('fa', 'devices.fields.app') }).click();
  await page.getByRole('option', { name: 'Devices App' }).click();
  await dialog.getByLabel(t('fa', 'devices.fields.uniqueDeviceId')).fill('panel-made-device');
  await dialog.getByLabel(t('fa', 'devices.fields.fcmToken')).fill('fcm-from-the-panel');
  const sent = page.waitForRequest((r) => r.url().includes('/api/v1/apps/addDevice'));
  await dialog.getByRole('button', { name: t('fa', 'common.save') }).click();
  // registered on the audited staff path: the chosen app's id and the staff token, no app key
  const request = await sent;
  expect(request.headers()['appapikey']).toBeUndefined();
  expect(request.postDataJSON()).toMatchObject({ appId: app.id, uniqueDeviceId: 'panel-made-device' });
  await page.getByText(t('fa', 'devices.create.success')).first().waitFor();
  await page.getByText(tf('fa', 'devices.count', { count: TOTAL + 1 })).waitFor();
  expect((await shownDeviceIds())[0]).toBe('panel-made-device');

  await page.getByRole('button', { name: t('en', 'shell.language.en') }).click();
  await page.waitForFunction(() => document.documentElement.dir === 'ltr');
  await page.getByText(tf('en', 'devices.count', { count: TOTAL + 1 })).waitFor();
  await page.screenshot({ path: join(shots, 'devices-en.png'), fullPage: true });
});

test('a click on the device id header sorts on the server from page 1, ascending then descending', async () => {
  const header = grid().locator('.MuiDataGrid-columnHeader[data-field="uniqueDeviceId"] .MuiDataGrid-columnHeaderTitle');
  await page.locator('.MuiTablePagination-actions button').last().click();
  await page.getByText(deviceId(41)).waitFor();

  let answered = page.waitForResponse((r) => r.url().includes('/api/v1/apps/devices') && r.url().includes('sort=uniqueDeviceId'));
  await header.click();
  let url = new URL((await answered).url());
  expect([url.searchParams.get('page'), url.searchParams.get('ascending')]).toEqual(['1', 'true']);
  await page.getByText(deviceId(1)).waitFor();
  expect((await shownDeviceIds()).slice(0, 3)).toEqual([deviceId(1), deviceId(2), deviceId(3)]);

  answered = page.waitForResponse((r) => r.url().includes('/api/v1/apps/devices') && r.url().includes('ascending=false'));
  await header.click();
  url = new URL((await answered).url());
  expect(url.searchParams.get('sort')).toBe('uniqueDeviceId');
  await page.getByText('panel-made-device').waitFor();
  expect((await shownDeviceIds()).slice(0, 3)).toEqual(['panel-made-device', deviceId(70), deviceId(69)]);
});
