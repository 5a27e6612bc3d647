// A list on a phone: /servers/{id} shows its profiles in a plain table, not the data grid,
// whose chunk a phone never downloads (its mount was most of the page's blocking time on a phone's
// CPU); the table pages in Persian digits and its row menu opens a profile; the same page widened
// past 600 px loads the grid and shows the same page of rows in it.
import type { Page } from 'playwright-core';
import { launchChromium, type LaunchedBrowser } from './helpers/chromium';
import { t } from './helpers/messages';
import { seedProfiles } from './helpers/seed-profiles';
import { ADMIN, startServer, type RunningServer } from './helpers/server';

let server: RunningServer;
let browser: LaunchedBrowser;
let page: Page;
let token: string;
let serverId: number;
/** Paths the page requested, in order. */
const requested: string[] = [];
const gridChunk = () => requested.filter((p) => /^\/js\/data-grid\.[0-9a-f]+\.js$/.test(p));
const faDigits = (n: number) => String(n).replace(/[0-9]/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]);

beforeAll(async () => {
  server = await startServer();
  token = await server.signIn(ADMIN.username, ADMIN.password);
  serverId = await seedProfiles(server, token, 35);
  browser = await launchChromium({ viewport: { width: 390, height: 844 } });
  page = await browser.context.newPage();
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('a phone lists the profiles in a table without the data grid; widened past 600 px, the page shows the grid', async () => {
  await page.goto(`${server.url}/favicon.svg`);
  await page.evaluate((tk) => localStorage.setItem('token', tk), token);
  await page.goto(`${server.url}/servers/${serverId}`);

  const rows = page.locator('main table tbody tr.DataTable-row');
  await rows.first().waitFor();
  expect(await rows.count()).toBe(30);
  expect(await page.locator('main td[data-field="__index"]').allTextContents()).toEqual(Array.from({ length: 30 }, (_, i) => faDigits(i + 1)));
  expect(await page.locator('.MuiDataGrid-root').count()).toBe(0);

  await page.getByRole('button', { name: /صفحه‌ی بعدی/ }).click();
  await page.getByRole('cell', { name: faDigits(31), exact: true }).waitFor();
  expect(await page.locator('main td[data-field="__index"]').allTextContents()).toEqual(['۳۱', '۳۲', '۳۳', '۳۴', '۳۵']);

  // the first row's actions, folded into a menu, open that profile
  const name = (await page.locator('main tr.DataTable-row td[data-field="name"]').first().textContent())!;
  await page
    .getByRole('button', { name: t('fa', 'dataTable.moreActions') })
    .first()
    .click();
  await page.getByRole('menuitem', { name: t('fa', 'servers.actions.details') }).click();
  const dialog = page.getByRole('dialog', { name: t('fa', 'servers.profiles.details.title') });
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain(name);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  // nothing of the grid was downloaded on the way
  expect(gridChunk()).toEqual([]);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.locator('.MuiDataGrid-root .MuiDataGrid-row').first().waitFor();
  expect(gridChunk()).toHaveLength(1);
  expect(await page.locator('main table').count()).toBe(0);
  expect(await page.locator('.MuiDataGrid-cell[data-field="__index"]').allTextContents()).toEqual(['۳۱', '۳۲', '۳۳', '۳۴', '۳۵']);
});
