// The shell at every width in both directions (docs/architecture.md §9). Defect 1: crossing the 800 px breakpoint
// while the sidebar is open must not leave an overlay behind: shrink 1366 → 760 and widen back, and
// each time the menu button and a page control must be the element under their centre and work.
// Defect 6: toasts sit at the top end corner, over no button of the page. Defect 8: the header title
// is whole on a phone.
import type { Page } from 'playwright-core';
import { launchChromium, type LaunchedBrowser } from './helpers/chromium';
import { directionProblems } from './audits/direction';
import { afterTransitions, menuButton, reachProblem, sidebarSettles } from './helpers/layout';
import { t } from './helpers/messages';
import { ADMIN, startServer, type RunningServer } from './helpers/server';
import { settle } from './helpers/settle';

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
  // a plain file of the origin: /login with the last test's token would start the app, whose store
  // can write its own locale back over the one set here once its chunks have loaded
  await page.goto(`${server.url}/favicon.svg`);
  await page.evaluate(
    ([tk, loc]) => {
      localStorage.setItem('token', tk);
      localStorage.setItem('locale', loc);
    },
    [token, locale] as const,
  );
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
    expect(await sidebarSettles(page, true)).toBe(true);
    await page.setViewportSize({ width: 760, height: 800 });
    await afterTransitions(page);
    expect(await sidebarSettles(page, false)).toBe(true);
    await expectUsable(locale);

    await menuButton(page).click({ timeout: 10_000 });
    await afterTransitions(page);
    expect(await sidebarSettles(page, true)).toBe(true);
    await page.keyboard.press('Escape');
    await afterTransitions(page);
    expect(await sidebarSettles(page, false)).toBe(true);
    await expectUsable(locale);
    await shortcut(locale).click({ timeout: 10_000 });
    await page.waitForURL('**/account/change-password');
  });

  test('widening back above 800 px shows the persistent sidebar and the page still takes clicks', async () => {
    await open(locale);
    await page.setViewportSize({ width: 760, height: 800 });
    await afterTransitions(page);
    await menuButton(page).click({ timeout: 10_000 });
    await afterTransitions(page);
    // widen with the narrow drawer open
    await page.setViewportSize({ width: 1366, height: 800 });
    await afterTransitions(page);
    expect(await sidebarSettles(page, true)).toBe(true);
    await expectUsable(locale);
    await menuButton(page).click({ timeout: 10_000 });
    await afterTransitions(page);
    expect(await sidebarSettles(page, false)).toBe(true);
    await menuButton(page).click({ timeout: 10_000 });
    await afterTransitions(page);
    expect(await sidebarSettles(page, true)).toBe(true);
    // and narrow again after the round trip
    await page.setViewportSize({ width: 760, height: 800 });
    await afterTransitions(page);
    await expectUsable(locale);
    await shortcut(locale).click({ timeout: 10_000 });
    await page.waitForURL('**/account/change-password');
  });
});

/** The box of an element, or null when absent. */
const box = (selector: string) => page.locator(selector).first().boundingBox();
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe.each(['fa', 'en'] as const)('toasts and the phone header in %s', (locale) => {
  test.each([1366, 390])('at %i px a toast sits at the top end corner, under the header and over no page button', async (width) => {
    await open(locale);
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${server.url}/servers/manage`);
    await settle(page);
    // no server yet: export answers with an error toast
    await page.getByRole('button', { name: t(locale, 'dataTable.export.button') }).click();
    const toast = page.getByTestId('notification').first();
    await toast.waitFor();
    await afterTransitions(page); // its entry animation
    const tb = (await toast.boundingBox())!;
    const header = (await box('header'))!;
    expect(tb.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
    expect(tb.y).toBeLessThan(header.height + 40);
    // the end side: left in Persian, right in English
    if (locale === 'fa') expect(tb.x).toBeLessThan(30);
    else expect(tb.x + tb.width).toBeGreaterThan(width - 30);
    const buttons = page.locator('main button');
    for (let i = 0; i < (await buttons.count()); i++) {
      const b = await buttons.nth(i).boundingBox();
      if (b)
        expect({ button: await buttons.nth(i).textContent(), covered: overlaps(tb, b) }).toEqual({
          button: await buttons.nth(i).textContent(),
          covered: false,
        });
    }
  });

  // WCAG 2.3.3, as the theme's transitions: a toast slides in only when the system allows motion
  // (axe once measured a notice's colour contrast halfway through its fade, in the reduced-motion walk)
  test('a toast comes in without motion when the system asks for reduced motion', async () => {
    const motionOf = async (reducedMotion: 'reduce' | 'no-preference') => {
      await page.emulateMedia({ reducedMotion });
      await page.goto(`${server.url}/servers/manage`);
      await settle(page);
      await page.getByRole('button', { name: t(locale, 'dataTable.export.button') }).click();
      const toast = page.getByTestId('notification').first();
      await toast.waitFor();
      // the style, not getAnimations(): a 180 ms entrance may be over before it is asked
      return toast.evaluate((el) => getComputedStyle(el).animationName);
    };
    try {
      await open(locale);
      expect(await motionOf('no-preference')).not.toBe('none');
      expect(await motionOf('reduce')).toBe('none');
    } finally {
      await page.emulateMedia({ reducedMotion: null });
    }
  });

  test('on a phone the header title is whole, and the folded links open the profile', async () => {
    await open(locale);
    await page.setViewportSize({ width: 390, height: 800 });
    await afterTransitions(page);
    const title = page.locator('header').getByText(t(locale, 'app.title'), { exact: true });
    const [scroll, client] = await title.evaluate((el) => [el.scrollWidth, el.clientWidth]);
    expect(scroll).toBeLessThanOrEqual(client);
    expect(await reachProblem(title, 'title')).toBeNull();
    await page
      .locator('header')
      .getByRole('button', { name: t(locale, 'shell.more') })
      .click();
    await page.getByRole('menuitem', { name: t(locale, 'shell.profile') }).click();
    await page.waitForURL('**/account/user-info');
  });

  test("on a phone the fold menu carries the unread alerts: its count in the language's digits, and the list with typed names in their own direction", async () => {
    const alert = (id: number, profileName: string, to: string, read: boolean) => ({
      id,
      appId: 1,
      appName: 'Falcon VPN <b>',
      profileId: id,
      profileName,
      serverId: 1,
      serverIp: '203.0.113.7',
      operator: 'mci',
      from: to === 'failing' ? 'working' : 'failing',
      to,
      at: '2026-11-28T10:00:00.000Z',
      read,
    });
    // The alerts come from field reports over hours; the list's answer is played here, the drawing is real.
    await page.route('**/api/v1/apps/notifications', (route) =>
      route.fulfill({
        json: {
          data: { rows: [alert(3, 'Speed C++', 'failing', false), alert(2, 'Tehran (beta)', 'working', false), alert(1, 'v2', 'failing', true)], unread: 2 },
        },
      }),
    );
    await page.route('**/api/v1/apps/notifications/read', (route) => route.fulfill({ json: { success: true } }));
    try {
      await open(locale);
      await page.setViewportSize({ width: 390, height: 800 });
      await afterTransitions(page);
      const more = page.locator('header').getByRole('button', { name: t(locale, 'shell.more') });
      expect((await more.getByTestId('notification-badge').textContent())?.trim()).toBe(locale === 'fa' ? '۲' : '2');
      const title = page.locator('header').getByText(t(locale, 'app.title'), { exact: true });
      const [scroll, client] = await title.evaluate((el) => [el.scrollWidth, el.clientWidth]);
      expect(scroll).toBeLessThanOrEqual(client);
      await more.click();
      await page
        .getByRole('menuitem', { name: new RegExp(`^${t(locale, 'notifications.bell').split(' (')[0]}`) })
        .first()
        .click();
      const list = page.getByRole('list', { name: t(locale, 'notifications.title') });
      await list.waitFor();
      await afterTransitions(page);
      expect(await list.getByTestId('notification').count()).toBe(3);
      if (locale === 'fa') expect((await directionProblems(page)).map((p) => `${p.kind} ${p.token}`)).toEqual([]);
      await page.keyboard.press('Escape');
    } finally {
      await page.unroute('**/api/v1/apps/notifications');
      await page.unroute('**/api/v1/apps/notifications/read');
    }
  });
});
