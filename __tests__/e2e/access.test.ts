// Roles and grants in a real browser against the real server (docs/product.md §6): the top admin opens Roles from
// the sidebar, creates a "support" role, gives it scope all, the dashboard and devices menu items and
// only `GET apps/devices`, and gives it to a new user. That user's sidebar holds only the dashboard
// and the devices page, the devices of an app they do not administer are listed, there is no delete
// action, and the pages they were not granted redirect. Screenshots of the three access pages at
// 390 and 1366 px in both languages go to __screenshots__.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium, type LaunchedBrowser } from './helpers/chromium';
import { t } from './helpers/messages';
import { settle } from './helpers/settle';
import { useSession } from './helpers/seed';
import { ADMIN, startServer, type RunningServer } from './helpers/server';
import { signInThroughForm } from './helpers/session';

const shots = join(__dirname, '__screenshots__');
const TEMP = 'Temp-Pass-1!';
const FINAL = 'Support-Pass-9!';

let server: RunningServer;
let adminBrowser: LaunchedBrowser;
let admin: Page;
let adminToken: string;
let roleId: number;

async function ok(r: Promise<{ status: number; body: any }>, what: string) {
  const answer = await r;
  if (answer.status !== 200) throw new Error(`${what} answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

beforeAll(async () => {
  server = await startServer();
  adminToken = await server.signIn(ADMIN.username, ADMIN.password);
  // An app of someone else with two devices: the support user administers no app.
  const owner = await ok(
    server.api('users/signup', {
      method: 'POST',
      token: adminToken,
      body: { name: 'سارا', family: 'احمدی', email: 'owner@example.com', username: 'owner', password: TEMP, role_id: 2 },
    }),
    'signup owner',
  );
  const app = await ok(
    server.api('apps/storeApp', {
      method: 'POST',
      token: adminToken,
      body: {
        name: 'Alpha VPN',
        packageName: 'com.alpha.vpn',
        sign: 'alpha-sign',
        adminId: owner.data.id,
        cppSign: null,
        firebaseConfig: null,
        email: null,
        description: null,
      },
    }),
    'storeApp',
  );
  for (const id of ['alpha-device-1', 'alpha-device-2']) {
    await ok(
      server.api('apps/addDevice', {
        method: 'POST',
        headers: { appapikey: app.data.apiKey },
        body: { uniqueDeviceId: id, fcmToken: `fcm-${id}`, model: 'Pixel 8', appVersionCode: 1 },
      }),
      'addDevice',
    );
  }
  adminBrowser = await launchChromium({ viewport: { width: 1366, height: 900 } });
  admin = await adminBrowser.context.newPage();
  mkdirSync(shots, { recursive: true });
}, 180_000);

afterAll(async () => {
  await adminBrowser?.close();
  await server?.stop();
});

test('the top admin creates a support role from the Roles page', async () => {
  await signInThroughForm(admin, server.url, ADMIN.username, ADMIN.password);
  await admin.waitForURL('**/dashboard');
  await admin.locator('.MuiDrawer-paper a[href="/users/roles"]').click();
  await admin.getByRole('heading', { name: t('fa', 'users.access.roles.title') }).waitFor();
  await admin.getByRole('button', { name: t('fa', 'users.access.roles.actions.add') }).click();
  const dialog = admin.getByRole('dialog');
  // a Persian and an English name; the Persian panel lists the role by the Persian one
  await dialog.getByLabel(new RegExp(`^${t('fa', 'users.access.roles.fields.pName')}`)).pressSequentially('پشتیبانی');
  await dialog.getByLabel(new RegExp(`^${t('fa', 'users.access.roles.fields.enName')}`)).fill('support');
  await dialog.getByLabel(new RegExp(`^${t('fa', 'users.access.roles.fields.pDescription')}`)).fill('همهٔ دستگاه‌ها را می‌بیند و چیزی را تغییر نمی‌دهد');
  await dialog.getByLabel(new RegExp(`^${t('fa', 'users.access.roles.fields.enDescription')}`)).fill('Reads every device, changes nothing');
  await admin.screenshot({ path: join(shots, 'access-role-form-fa-1366.png'), fullPage: false });
  await dialog.getByRole('button', { name: t('fa', 'common.save') }).click();
  await dialog.waitFor({ state: 'detached' });
  const row = admin.getByRole('row').filter({ hasText: 'پشتیبانی' });
  await row.waitFor();
  const roles = await ok(server.api('access/roles', { token: adminToken }), 'roles');
  roleId = roles.data.find((r: { name: string }) => r.name === 'support').id;
  expect(roles.data.find((r: { name: string }) => r.name === 'support')).toMatchObject({ pName: 'پشتیبانی', usersCount: 0, scope: 'own' });
  await admin.screenshot({ path: join(shots, 'access-roles-fa-1366.png'), fullPage: false });

  await row.getByRole('link', { name: t('fa', 'users.access.roles.actions.permissions') }).click();
  await admin.waitForURL(`**/users/roles/${roleId}`);
  await admin.getByRole('radio', { name: t('fa', 'users.access.scope.allLong') }).check();
  await admin.getByRole('checkbox', { name: 'داشبورد /', exact: true }).check();
  await admin.getByRole('checkbox', { name: /^دستگاه‌ها/ }).check();
  // checking the devices item checked its parent, Applications
  expect(await admin.getByRole('checkbox', { name: 'اپلیکیشن‌ها /app', exact: true }).isChecked()).toBe(true);
  // each operation is named by what it lets the role do, its method and route below
  await admin.getByRole('checkbox', { name: new RegExp(`^${t('fa', 'users.access.operation.GET apps/devices')}`) }).check();
  await admin
    .getByTestId('unsaved-count')
    .getByText(/تغییر ذخیره‌نشده/)
    .waitFor();
  await admin.screenshot({ path: join(shots, 'access-permissions-dirty-fa-1366.png'), fullPage: false });
  await admin.getByRole('button', { name: t('fa', 'common.save') }).click();
  await admin.getByTestId('unsaved-count').getByText(t('fa', 'users.access.save.clean')).waitFor();

  const saved = await ok(server.api(`access/roles/${roleId}`, { token: adminToken }), 'role');
  expect(saved.data.scope).toBe('all');
  expect(saved.data.operations).toEqual([{ method: 'GET', route: 'apps/devices' }]);
  expect(saved.data.menuIds).toHaveLength(3);
}, 120_000);

test("a user of the support role sees only the dashboard and the devices, every app's, with no delete", async () => {
  const created = await ok(
    server.api('users/signup', {
      method: 'POST',
      token: adminToken,
      body: { name: 'نیما', family: 'رستمی', email: 'support@example.com', username: 'helpdesk', password: TEMP, role_id: roleId },
    }),
    'signup support',
  );
  const temp = await server.signIn('helpdesk', TEMP);
  await ok(server.api('users/changepass', { method: 'POST', token: temp, body: { currentPassword: TEMP, password: FINAL, repassword: FINAL } }), 'changepass');
  const token = await server.signIn('helpdesk', FINAL);

  const browser = await launchChromium({ viewport: { width: 1366, height: 900 } });
  try {
    const page = await browser.context.newPage();
    await useSession(page, server.url, { id: created.data.id, username: 'helpdesk', password: FINAL, token, roleId }, 'fa');
    await page.goto(`${server.url}/dashboard`);
    await settle(page);
    const links = await page.locator('.MuiDrawer-paper a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links.filter((href) => href !== '/account/user-info').sort()).toEqual(['/app/devices', '/dashboard']);

    await page.locator('.MuiDrawer-paper a[href="/app/devices"]').click();
    await page.waitForURL('**/app/devices');
    await settle(page);
    const row = page.getByRole('row').filter({ hasText: 'alpha-device-1' });
    await row.waitFor();
    expect(await row.getByRole('button', { name: t('fa', 'devices.actions.details') }).count()).toBe(1);
    expect(await row.getByRole('button', { name: t('fa', 'devices.actions.delete') }).count()).toBe(0);
    // The server agrees: no grant, no delete.
    const device = (await ok(server.api('apps/devices?page=1&size=30', { token }), 'devices')).rows[0];
    expect((await server.api(`apps/destroyDevice/${device.id}`, { method: 'DELETE', token })).status).toBe(403);

    for (const path of ['/app/my-apps', '/servers/my-servers', '/users/roles']) {
      await page.goto(`${server.url}${path}`);
      await page.waitForURL('**/dashboard');
    }
  } finally {
    await browser.close();
  }
}, 120_000);

test('the access pages look right at 390 and 1366 px in both languages', async () => {
  const token = adminToken;
  for (const locale of ['fa', 'en'] as const) {
    for (const width of [390, 1366]) {
      const browser = await launchChromium({ viewport: { width, height: 900 } });
      try {
        const page = await browser.context.newPage();
        await useSession(page, server.url, { id: 1, username: ADMIN.username, password: ADMIN.password, token, roleId: 1 }, locale);
        for (const [name, path] of [
          ['roles', '/users/roles'],
          ['permissions', `/users/roles/${roleId}`],
          ['menus', '/users/menus'],
        ]) {
          await page.goto(`${server.url}${path}`);
          await settle(page);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect([name, locale, width, overflow]).toEqual([name, locale, width, 0]);
          // the permissions page is long: its top, and its operations with the sticky save bar
          await page.screenshot({ path: join(shots, `access-${name}-${locale}-${width}.png`), fullPage: name !== 'permissions' });
          if (name === 'permissions') {
            await page.getByRole('heading', { name: t(locale, 'users.access.permissions.operations') }).scrollIntoViewIfNeeded();
            await page.screenshot({ path: join(shots, `access-${name}-operations-${locale}-${width}.png`) });
          }
        }
      } finally {
        await browser.close();
      }
    }
  }
}, 240_000);
