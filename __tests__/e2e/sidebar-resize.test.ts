// Issue 10 defect 1: crossing the 800 px breakpoint while the sidebar is open must not leave an
// overlay behind. In both languages, shrink 1366 → 760 and widen back, and each time the menu
// button and a page control must be the element under their centre and must work.
import type { Page } from 'playwright-core';
import { launchChromium, type LaunchedBrowser } from './helpers/chromium';
import { afterTransitions, menuButton, reachProblem, sidebarShown } from './helpers/layout';
import { t } from './helpers/messages';
import { ADMIN, startServer, type RunningServer } from './helpers/server';
import { settle } from './helpers/pages';

let server: RunningServer;
let browser: LaunchedBrowser;
let page: Page;
let token: string;

beforeAll(async () => {
  server = await startServer();
  token = await server.signIn(ADMIN.username, ADMIN.password);
  browser = await launchChromium({ viewport: { width: 1366, height: 800 } });
  page = await browser.context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(locale: 'fa' | 'en') {
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto(`${server.url}/login`);
  await page.evaluate(([tk, loc]) => {
    localStorage.setItem('token', tk);
    localStorage.setItem('locale', loc);
  }, [token, locale] as const);
  await page.goto(`${server.url}/dashboard`);
  await settle(page);
}

/** The dashboard's "change password" shortcut: a page control that must take a click. */
const shortcut = (locale: 'fa' | 'en') => page.getByRole('link', { name: new RegExp(t(locale, 'dashboard.shortcut.password')) });

async function expectUsable(locale: 'fa' | 'en') {
  expect(await reachProblem(menuButton(page), 'menu button')).toBeNull();
  expect(await reachProblem(shortcut(locale), 'password shortcut')).toBeNull();
}

describe.each(['fa', 'en'] as const)('crossing the breakpoint in %s', (locale) => {
  test('shrinking below 800 px leaves nothing over the page; the menu opens and closes the drawer', async () => {
    await open(locale);
    expect(await sidebarShown(page)).toBe(true);
    await page.setViewportSize({ width: 760, height: 800 });
    await afterTransitions(page);
    expect(await sidebarShown(page)).toBe(false);
    await expectUsable(locale);

    await menuButton(page).click({ timeout: 3000 });
    await afterTransitions(page);
    expect(await sidebarShown(page)).toBe(true);
    await page.keyboard.press('Escape');
    await afterTransitions(page);
    expect(await sidebarShown(page)).toBe(false);
    await expectUsable(locale);
    await shortcut(locale).click({ timeout: 3000 });
    await page.waitForURL('**/account/change-password');
  });

  test('widening back above 800 px shows the persistent sidebar and the page still takes clicks', async () => {
    await open(locale);
    await page.setViewportSize({ width: 760, height: 800 });
    await afterTransitions(page);
    await menuButton(page).click({ timeout: 3000 });
    await afterTransitions(page);
    // widen with the narrow drawer open
    await page.setViewportSize({ width: 1366, height: 800 });
    await afterTransitions(page);
    expect(await sidebarShown(page)).toBe(true);
    await expectUsable(locale);
    await menuButton(page).click({ timeout: 3000 });
    await afterTransitions(page);
    expect(await sidebarShown(page)).toBe(false);
    await menuButton(page).click({ timeout: 3000 });
    await afterTransitions(page);
    expect(await sidebarShown(page)).toBe(true);
    // and narrow again after the round trip
    await page.setViewportSize({ width: 760, height: 800 });
    await afterTransitions(page);
    await expectUsable(locale);
    await shortcut(locale).click({ timeout: 3000 });
    await page.waitForURL('**/account/change-password');
  });
});
