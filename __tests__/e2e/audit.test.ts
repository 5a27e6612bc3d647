// The audit log in a real browser against the real server (docs/product.md §7 "Audit log"): a change the test makes through
// the API is found on /settings/audit with the action filter, and its popup shows the renamed field
// side by side, before and after; a password set shows "changed", never a value.
import type { Page } from 'playwright-core';
import { launchChromium, type LaunchedBrowser } from './helpers/chromium';
import { t } from './helpers/messages';
import { settle } from './helpers/settle';
import { ADMIN, startServer, type RunningServer } from './helpers/server';
import { signInThroughForm } from './helpers/session';

let server: RunningServer;
let browser: LaunchedBrowser;
let page: Page;
let token: string;

beforeAll(async () => {
  server = await startServer();
  token = await server.signIn(ADMIN.username, ADMIN.password);
  browser = await launchChromium();
  page = await browser.context.newPage();
  await signInThroughForm(page, server.url, ADMIN.username, ADMIN.password);
  await page.waitForURL('**/dashboard');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('the audit page finds a rename the test just made, with the old and new name side by side', async () => {
  const owner = await server.api('users/signup', {
    method: 'POST',
    token,
    body: { name: 'رضا', family: 'کریمی', email: 'audit-owner@example.com', username: 'auditowner', password: 'Owner-Pass-123!', role_id: 2 },
  });
  expect(owner.status).toBe(200);
  const body = {
    name: 'Before Rename',
    packageName: 'com.example.audited',
    sign: 'sig',
    adminId: owner.body.data.id,
    cppSign: null,
    firebaseConfig: null,
    email: null,
    description: null,
  };
  const created = await server.api('apps/storeApp', { method: 'POST', token, body });
  expect(created.status).toBe(200);
  const renamed = await server.api(`apps/updateApp/${created.body.data.id}`, { method: 'PUT', token, body: { ...body, name: 'After Rename' } });
  expect(renamed.status).toBe(200);
  const reset = await server.api('users/changepasslist', {
    method: 'POST',
    token,
    body: { user_id: owner.body.data.id, password: 'Secret-Pass-456!', repassword: 'Secret-Pass-456!' },
  });
  expect(reset.status).toBe(200);

  await page.goto(`${server.url}/settings/audit`);
  await page.getByRole('heading', { name: t('fa', 'audit.title') }).waitFor();
  await settle(page);
  await page.getByRole('combobox', { name: t('fa', 'audit.fields.action') }).click();
  await page.getByRole('option', { name: t('fa', 'audit.actionNames.app.update') }).click();
  await settle(page);
  const row = page.getByRole('row').filter({ hasText: 'After Rename' });
  await row.waitFor();
  expect(
    await page
      .getByRole('row')
      .filter({ hasText: t('fa', 'audit.actionNames.app.update') })
      .count(),
  ).toBe(1);

  await row.getByRole('button', { name: t('fa', 'audit.actions.details') }).click();
  const dialog = page.getByRole('dialog');
  const changes = dialog.getByRole('table', { name: t('fa', 'audit.details.changes') });
  // the field shows under its form label, not its stored name
  const nameRow = changes.getByRole('row').filter({ hasText: 'Before Rename' }).first();
  expect((await nameRow.locator('td').allTextContents()).map((s) => s.replace(/[\u2066-\u2069]/g, ''))).toEqual(['نام', 'Before Rename', 'After Rename']);
  await page.keyboard.press('Escape');

  // the password set: "changed" on both sides, and the password itself nowhere on the page
  await page.getByRole('combobox', { name: t('fa', 'audit.fields.action') }).click();
  await page.getByRole('option', { name: t('fa', 'audit.actionNames.user.setPassword') }).click();
  await settle(page);
  await page
    .getByRole('row')
    .filter({ hasText: 'auditowner' })
    .getByRole('button', { name: t('fa', 'audit.actions.details') })
    .click();
  // the stored passwordHash shows under the form's password label, its values only as "changed"
  const label = new RegExp(`^[\\u2066-\\u2069\\s]*${t('fa', 'users.fields.password')}[\\u2066-\\u2069\\s]*$`);
  const hashRow = page
    .getByRole('dialog')
    .getByRole('row')
    .filter({ has: page.locator('td').first().filter({ hasText: label }) });
  expect((await hashRow.locator('td').allTextContents()).map((s) => s.replace(/[\u2066-\u2069]/g, ''))).toEqual([
    t('fa', 'users.fields.password'),
    t('fa', 'audit.changed'),
    t('fa', 'audit.changed'),
  ]);
  expect(await page.content()).not.toContain('Secret-Pass-456!');
});
