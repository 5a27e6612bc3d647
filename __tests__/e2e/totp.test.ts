// Two-factor sign-in in a real browser against the real server (docs/architecture.md §6): the admin enrols on
// /account/security (the code is computed from the key the page shows, as an authenticator would),
// sees the recovery codes once, signs out, and signs back in through the login's code step. Then a
// role that requires TOTP sends its unenrolled staff to enrol right after sign-in.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import * as OTPAuth from 'otpauth';
import type { Page } from 'playwright-core';
import { launchChromium, type LaunchedBrowser } from './helpers/chromium';
import { t } from './helpers/messages';
import { ADMIN, startServer, type RunningServer } from './helpers/server';
import { signInThroughForm, signOutThroughConfirm } from './helpers/session';

const shots = join(__dirname, '__screenshots__');

let server: RunningServer;
let browser: LaunchedBrowser;
let page: Page;
let secret: string;
let recoveryCodes: string[];

/** The code an authenticator shows `steps` periods from now. */
const codeFor = (key: string, steps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

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

test('the admin enrols through /account/security and sees the recovery codes once', async () => {
  await signInThroughForm(page, server.url, ADMIN.username, ADMIN.password);
  await page.waitForURL('**/dashboard');
  await page.goto(`${server.url}/account/user-info`);
  await page.getByRole('link', { name: t('fa', 'account.security.link') }).click();
  await page.waitForURL('**/account/security');
  // Setting up asks for the password again.
  await page.getByLabel(t('fa', 'account.security.password'), { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: t('fa', 'account.security.start') }).click();

  const qr = page.getByRole('img', { name: t('fa', 'account.security.qrAlt') });
  await qr.waitFor();
  await page.waitForFunction(() => document.querySelector('img[src^="data:image/svg+xml"]') !== null);
  secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.screenshot({ path: join(shots, 'totp-enrol-fa.png'), fullPage: true });

  await page.getByLabel(t('fa', 'account.security.code')).fill(codeFor(secret));
  await page.getByRole('button', { name: t('fa', 'account.security.confirm') }).click();
  const codes = page.getByTestId('recovery-codes').locator('li');
  await codes.first().waitFor();
  expect(await codes.count()).toBe(10);
  recoveryCodes = await codes.allInnerTexts();
  await page.screenshot({ path: join(shots, 'totp-recovery-codes-fa.png'), fullPage: true });
  await page.getByRole('button', { name: t('fa', 'account.security.saved') }).click();
  await page.getByRole('button', { name: t('fa', 'account.security.disable') }).waitFor();
  expect(await page.getByTestId('recovery-codes').count()).toBe(0);

  // The server agrees: the password alone no longer gives a token.
  const res = await server.api('users/signin', { method: 'POST', body: { email: ADMIN.username, password: ADMIN.password } });
  expect(res.body).toEqual({ totpRequired: true, challenge: expect.any(String) });
});

test('after signing out, the admin signs in with the password and then a code', async () => {
  await signOutThroughConfirm(page);
  await page.waitForURL('**/login');
  await signInThroughForm(page, server.url, ADMIN.email, ADMIN.password);
  const codeField = page.getByLabel(t('fa', 'auth.totp.code'));
  await codeField.waitFor();
  await page.screenshot({ path: join(shots, 'totp-login-step-fa.png'), fullPage: true });
  // A wrong code is refused and says so.
  await codeField.fill(codeFor(secret, 1) === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: t('fa', 'auth.totp.submit') }).click();
  await page.getByText(t('fa', 'auth.totp.wrongCode')).first().waitFor();
  // The next period's code (the one used to enrol is spent).
  await codeField.fill(codeFor(secret, 1));
  await page.getByRole('button', { name: t('fa', 'auth.totp.submit') }).click();
  await page.waitForURL('**/dashboard');
});

test('staff of a role that requires TOTP are sent to enrol right after sign-in', async () => {
  const adminToken = await (async () => {
    const { body } = await server.api('users/signin', { method: 'POST', body: { email: ADMIN.username, password: ADMIN.password } });
    // The codes of this period and the next are spent: a recovery code stands in, as it would for a lost device.
    const done = await server.api('users/signin/totp', { method: 'POST', body: { challenge: body.challenge, code: recoveryCodes[0] } });
    expect(done.status).toBe(200);
    return done.body.token as string;
  })();
  const password = 'Staff#Pass2025';
  const created = await server.api('users/signup', {
    method: 'POST',
    token: adminToken,
    body: { name: 'نیما', family: 'رستمی', email: 'nima@example.com', username: 'nima', password, repassword: password, role_id: 5, sex: 1 },
  });
  expect(created.status).toBe(200);
  // An admin-set password is temporary; the user's own is set here through the API.
  const userToken = await server.signIn('nima', password);
  const changed = await server.api('users/changepass', {
    method: 'POST',
    token: userToken,
    body: { currentPassword: password, password: 'Own#Pass2025x', repassword: 'Own#Pass2025x' },
  });
  expect(changed.status).toBe(200);
  const required = await server.api('users/totp/requireForRole', { method: 'POST', token: adminToken, body: { role_id: 5, required: true } });
  expect(required.status).toBe(200);

  const staff = await launchChromium();
  try {
    const staffPage = await staff.context.newPage();
    await signInThroughForm(staffPage, server.url, 'nima', 'Own#Pass2025x');
    await staffPage.waitForURL('**/account/security');
    await staffPage.getByText(t('fa', 'account.security.required')).waitFor();
  } finally {
    await staff.close();
  }
});
