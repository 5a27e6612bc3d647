// Settings and help pages in a real browser against the real server: the privacy policy
// edited in the rich-text editor survives a reload; a word encrypted in the panel equals AES-256-CBC
// of the app's key and IV (what `openssl enc -aes-256-cbc -base64` gives) and the API's answer; every
// help page opens in Persian and English, and the training video loads.
import { createCipheriv } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium, type LaunchedBrowser } from './helpers/chromium';
import { t } from './helpers/messages';
import { ADMIN, startServer, type RunningServer } from './helpers/server';
import { signInThroughForm } from './helpers/session';

const shots = join(__dirname, '__screenshots__');
let server: RunningServer;
let browser: LaunchedBrowser;
let page: Page;
let token: string;
let app: { id: number; name: string };

beforeAll(async () => {
  server = await startServer();
  token = await server.signIn(ADMIN.username, ADMIN.password);
  const admin = await server.api('users/signup', {
    method: 'POST',
    token,
    body: { name: 'رضا', family: 'کریمی', email: 'reza@example.com', username: 'reza', password: 'Reza-Pass-123!', role_id: 2 },
  });
  expect(admin.status).toBe(200);
  const created = await server.api('apps/storeApp', {
    method: 'POST',
    token,
    body: {
      name: 'Crypto App',
      packageName: 'com.example.crypto',
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

test('the privacy policy typed in the editor is saved, sanitised on the server and shown again after a reload', async () => {
  await page.goto(`${server.url}/settings/privacy`);
  await page.getByRole('heading', { name: t('fa', 'privacy.title') }).waitFor();
  const editor = page.locator('.public-DraftEditor-content');
  await editor.waitFor();
  // right-to-left and right-aligned in Persian
  expect(await page.locator('.DraftEditor-root').evaluate((el) => getComputedStyle(el.querySelector('.public-DraftStyleDefault-block') ?? el).direction)).toBe(
    'rtl',
  );

  await editor.click();
  await page.keyboard.type('سیاست حریم خصوصی آزمایشی. ');
  await page.keyboard.type('Test privacy policy E2E.');
  await page.getByRole('button', { name: t('fa', 'common.save') }).click();
  await page.getByText(t('fa', 'privacy.saveSettingsSuccess')).first().waitFor();

  const stored = await server.api('apps/privacy', { token });
  expect(stored.body.data.privacy).toContain('Test privacy policy E2E.');
  expect(stored.body.data.privacy).toContain('سیاست حریم خصوصی آزمایشی');
  expect(stored.body.data.privacy).toMatch(/^<p/);

  // open the block-type dropdown: its options are listed under the toolbar, readable in RTL
  await page.locator('.rdw-block-dropdown').click();
  await page.locator('.rdw-dropdown-optionwrapper').getByText(t('fa', 'privacy.editor.blocktype.h1')).waitFor();
  await page.screenshot({ path: join(shots, 'privacy-fa.png'), fullPage: true });
  await page.keyboard.press('Escape');

  await page.reload();
  await page.locator('.public-DraftEditor-content').getByText('Test privacy policy E2E.').waitFor();
  await page.locator('.public-DraftEditor-content').getByText('سیاست حریم خصوصی آزمایشی', { exact: false }).waitFor();
});

test("the editor's toolbar never shows the library's raw ARIA, not even between two tasks", async () => {
  // react-draft-wysiwyg renders its options as divs with aria-selected and no role; the page fixes
  // them (editor-aria.ts). An observer made before the app's sees each batch of changes as the
  // task that made them ends: what it finds is what a screen reader or axe could meet.
  const fresh = await browser.context.newPage();
  await fresh.addInitScript(() => {
    const seen: number[] = [];
    (window as unknown as { __rawAria: number[] }).__rawAria = seen;
    new MutationObserver(() => {
      const raw = document.querySelectorAll('.rdw-option-wrapper[aria-selected], .rdw-option-wrapper:not([role])').length;
      if (raw) seen.push(raw);
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  try {
    await fresh.goto(`${server.url}/settings/privacy`);
    await fresh.locator('.rdw-option-wrapper[role="button"]').first().waitFor();
    expect(await fresh.locator('.rdw-option-wrapper').count()).toBeGreaterThan(5);
    expect(await fresh.evaluate(() => (window as unknown as { __rawAria: number[] }).__rawAria)).toEqual([]);
  } finally {
    await fresh.close();
  }
});

test('a word encrypted in the panel equals AES-256-CBC with the app key and IV, and the API answer', async () => {
  const word = 'cdn.example.com/path?x=1';
  const details = await server.api(`apps/getApp/${app.id}`, { token });
  const { newCoreKey, newCoreIv } = details.body.data.settings as { newCoreKey: string; newCoreIv: string };
  // the same cipher as `printf %s "$WORD" | openssl enc -aes-256-cbc -K <hex key> -iv <hex iv> -base64 -A`
  const cipher = createCipheriv('aes-256-cbc', Buffer.from(newCoreKey, 'utf8'), Buffer.from(newCoreIv, 'utf8'));
  const expected = Buffer.concat([cipher.update(word, 'utf8'), cipher.final()]).toString('base64');
  const viaApi = await server.api('apps/wordEncryption', { method: 'POST', token, body: { appId: app.id, word } });
  expect(viaApi.body.data).toBe(expected);

  await page.goto(`${server.url}/settings/domain-encryption`);
  await page.getByRole('heading', { name: t('fa', 'encryption.title') }).waitFor();
  await page.getByRole('combobox', { name: t('fa', 'encryption.fields.app') }).click();
  await page.getByRole('option', { name: 'Crypto App' }).click();
  await page.getByLabel(t('fa', 'encryption.fields.word')).fill(word);
  await page.getByRole('button', { name: t('fa', 'encryption.encrypt.submit') }).click();
  const result = page.getByLabel(t('fa', 'encryption.result.value'));
  await result.waitFor();
  expect((await result.innerText()).trim()).toBe(expected);
  await page.screenshot({ path: join(shots, 'encryption-fa.png'), fullPage: true });

  // the Apps tab: set the repo, then decrypt the five domains back
  await page.getByRole('tab', { name: t('fa', 'encryption.tabs.apps') }).click();
  const row = page.locator('.MuiDataGrid-row', { hasText: 'Crypto App' });
  await row.getByRole('button', { name: t('fa', 'encryption.apps.setRepo') }).click();
  await page.getByRole('dialog').getByLabel(t('fa', 'encryption.fields.repoName')).fill('acme/crypto');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t('fa', 'common.save') })
    .click();
  await page.getByText(t('fa', 'encryption.setRepo.success')).first().waitFor();
  await row.getByText('acme/crypto').waitFor();
  await row.getByRole('button', { name: t('fa', 'encryption.apps.decrypt') }).click();
  const hosts = page.getByTestId('decrypted-domains');
  await hosts.getByText('https://github.com/acme/crypto').waitFor();
  await hosts.getByText('https://bitbucket.org/acme/crypto').waitFor();
  await page.waitForTimeout(400); // let the dialog finish fading in
  await page.screenshot({ path: join(shots, 'encryption-apps-fa.png'), fullPage: true });
  await page.keyboard.press('Escape');
});

const HELP_PAGES = [
  { path: '/help/panel-training', titleId: 'help.panel.title', sectionId: 'help.panel.tables.title' },
  { path: '/help/app-admin-panel-training', titleId: 'help.appAdmin.title', sectionId: 'help.appAdmin.video.title' },
  { path: '/help/api', titleId: 'help.api.title', sectionId: 'help.api.credentials.title' },
];

for (const locale of ['fa', 'en'] as const) {
  test(`every help page opens in ${locale}`, async () => {
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('button', { name: t(locale, `shell.language.${locale}`) }).click();
    await page.waitForFunction((dir) => document.documentElement.dir === dir, locale === 'fa' ? 'rtl' : 'ltr');
    for (const help of HELP_PAGES) {
      await page.goto(`${server.url}${help.path}`);
      await page.getByRole('heading', { level: 1, name: t(locale, help.titleId) }).waitFor();
      await page.getByRole('heading', { level: 2, name: t(locale, help.sectionId) }).waitFor();
    }
    // /help/api: the docs link opens /api/docs in a new tab; the password is a placeholder
    const docs = page.getByRole('link', { name: t(locale, 'help.api.docs.link') });
    expect(await docs.getAttribute('href')).toBe('/api/docs');
    expect(await docs.getAttribute('target')).toBe('_blank');
    expect(await page.getByTestId('sample-password').innerText()).toBe('<your password>');
    expect(await page.locator('main').innerText()).not.toContain(ADMIN.password);
    expect((await fetch(`${server.url}/api/docs`)).status).toBe(200);
    if (locale === 'en') await page.screenshot({ path: join(shots, 'help-api-en.png'), fullPage: true });

    await page.goto(`${server.url}/help/app-admin-panel-training`);
    const video = page.locator('video');
    const src = await video.getAttribute('src');
    expect(src).toBe('/help/app-admin-training.webm');
    const file = await fetch(`${server.url}${src}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('video/webm');
    // the browser itself can read the video's length (about 10 s)
    const duration = await video.evaluate(
      (el: HTMLVideoElement) =>
        new Promise<number>((ok) => (el.readyState >= 1 ? ok(el.duration) : el.addEventListener('loadedmetadata', () => ok(el.duration), { once: true }))),
    );
    expect(duration).toBeGreaterThan(5);
    if (locale === 'fa') await page.screenshot({ path: join(shots, 'help-app-admin-fa.png'), fullPage: true });
  });
}
