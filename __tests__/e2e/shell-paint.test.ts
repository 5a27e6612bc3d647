// The shell painted before the app (src/boot/shell-paint.ts): a stored session sees the
// header (and, above 800 px, the sidebar's frame) while the app chunk loads, then the dashboard's
// greeting once the user is in (features/dashboard/greeting-paint.ts), and the app's own shell and
// page take their place without anything moving: the painted bar, menu icon, title, language
// buttons, sidebar and greeting sit where the app then draws its own, with the same greeting, in
// both directions, on a phone and on a desktop. The test holds the app chunk back until the
// painted page has been measured.
import type { Page } from 'playwright-core';
import { launchChromium, type LaunchedBrowser } from './helpers/chromium';
import { t } from './helpers/messages';
import { ADMIN, startServer, type RunningServer } from './helpers/server';
import { storedSessionWithAppHeld, type Box } from './helpers/session';

let server: RunningServer;
let browser: LaunchedBrowser;
let page: Page;
let token: string;

beforeAll(async () => {
  server = await startServer();
  token = await server.signIn(ADMIN.username, ADMIN.password);
  browser = await launchChromium({ viewport: { width: 1280, height: 800 } });
  page = await browser.context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface ShellGeometry {
  bar: Box;
  barColour: string;
  menuIcon: Box;
  title: Box;
  languages: Box;
  selectedLanguage: string;
  sidebar: Box | null;
  greeting: Box;
  greetingTitle: Box;
  greetingText: string;
  /** The width of the page's box (the viewport less a scrollbar). */
  clientWidth: number;
}

/** The painted shell's parts, measured in the page. */
const paintedShell = (): Promise<ShellGeometry> =>
  page.evaluate(() => {
    const rect = (el: Element | null): Box | null => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    const layer = document.getElementById('shell-paint')!;
    const bar = layer.querySelector('.sp-bar')!;
    return {
      bar: rect(bar)!,
      barColour: getComputedStyle(bar).backgroundColor,
      menuIcon: rect(layer.querySelector('.sp-button svg'))!,
      title: rect(layer.querySelector('.sp-title'))!,
      languages: rect(layer.querySelector('.sp-languages'))!,
      selectedLanguage: layer.querySelector('.sp-language--on')!.textContent!,
      sidebar: rect(layer.querySelector('.sp-side')),
      greeting: rect(layer.querySelector('.dg'))!,
      greetingTitle: rect(layer.querySelector('.dg-title'))!,
      greetingText: layer.querySelector('.dg-title')!.textContent!,
      clientWidth: document.documentElement.clientWidth,
    };
  });

/** The same parts of the app's own shell. */
const appShell = (title: string): Promise<ShellGeometry> =>
  page.evaluate((titleText) => {
    const rect = (el: Element | null): Box | null => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    const header = document.querySelector('header')!;
    const titleEl = [...header.querySelectorAll('div')].find((d) => d.textContent === titleText)!;
    const sidebar = document.querySelector('[data-testid="sidebar"]');
    const r = sidebar?.getBoundingClientRect();
    const shown = sidebar && r && getComputedStyle(sidebar).visibility !== 'hidden' && r.right > 1 && r.left < document.documentElement.clientWidth - 1;
    const persistent = shown ? sidebar : null;
    return {
      bar: rect(header)!,
      barColour: getComputedStyle(header).backgroundColor,
      menuIcon: rect(header.querySelector('button[aria-expanded] svg'))!,
      title: rect(titleEl)!,
      languages: rect(header.querySelector('[role="group"]'))!,
      selectedLanguage: header.querySelector('[role="group"] [aria-pressed="true"]')!.textContent!,
      sidebar: rect(persistent),
      greeting: rect(document.querySelector('[data-testid="dashboard-greeting"]')!.closest('.MuiPaper-root'))!,
      greetingTitle: rect(document.querySelector('[data-testid="dashboard-greeting"]'))!,
      greetingText: document.querySelector('[data-testid="dashboard-greeting"]')!.textContent!,
      clientWidth: document.documentElement.clientWidth,
    };
  }, title);

/**
 * Each part where the app draws its own: the same size and height, and the same distance from the
 * side it hangs from (the start side for the bar, menu button, title, sidebar and greeting; the end
 * side for the language buttons). A desktop page taller than the window gets a scrollbar once the
 * app's page is in, which narrows the page's box on the end side (left in Persian, right in
 * English): distances are measured within that box, so they stay comparable.
 */
function expectInPlace(painted: ShellGeometry, real: ShellGeometry, rtl: boolean) {
  const fromStart = (b: Box, width: number) => (rtl ? width - (b.x + b.width) : b.x);
  const fromEnd = (b: Box, width: number) => (rtl ? b.x : width - (b.x + b.width));
  const parts: [string, Box | null, Box | null, 'start' | 'end'][] = [
    ['menu icon', painted.menuIcon, real.menuIcon, 'start'],
    ['title', painted.title, real.title, 'start'],
    ['language buttons', painted.languages, real.languages, 'end'],
    ['sidebar', painted.sidebar, real.sidebar, 'start'],
    ['greeting', painted.greeting, real.greeting, 'start'],
    ['greeting title', painted.greetingTitle, real.greetingTitle, 'start'],
  ];
  const near = (a: number, b: number) => Math.abs(a - b) <= 1; // sub-pixel text metrics
  for (const [what, p, r, side] of parts) {
    expect({ what, present: p !== null }).toEqual({ what, present: r !== null });
    if (!p || !r) continue;
    const offset = side === 'start' ? fromStart : fromEnd;
    const widthOff = what === 'greeting' ? p.width - painted.clientWidth - (r.width - real.clientWidth) : p.width - r.width;
    expect({
      what,
      y: near(p.y, r.y),
      height: near(p.height, r.height),
      width: Math.abs(widthOff) <= 1,
      side: near(offset(p, painted.clientWidth), offset(r, real.clientWidth)),
    }).toEqual({
      what,
      y: true,
      height: true,
      width: true,
      side: true,
    });
  }
  expect(near(painted.bar.height, real.bar.height) && near(painted.bar.y, real.bar.y)).toBe(true);
  expect(near(painted.bar.width - painted.clientWidth, real.bar.width - real.clientWidth)).toBe(true);
}

describe.each(['fa', 'en'] as const)('the painted shell in %s', (locale) => {
  test.each([
    [390, false],
    [1280, true],
  ])('at %i px it is on screen while the app loads and the app’s shell replaces it in place (sidebar: %s)', async (width, wide) => {
    const { release, restore } = await storedSessionWithAppHeld(page, server.url, token, locale, width);
    try {
      await page.goto(`${server.url}/dashboard`, { waitUntil: 'domcontentloaded' });
      // the shell, then the greeting once the user is in
      await page.waitForSelector('#shell-paint .dg-title');
      await page.evaluate(() => document.fonts.ready);
      const painted = await paintedShell();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(locale === 'fa' ? 'rtl' : 'ltr');
      expect(painted.sidebar !== null).toBe(wide);
      expect(painted.selectedLanguage).toBe(t(locale, `shell.language.${locale}`));
      // the app has not started: its header is not there yet
      expect(await page.locator('header').count()).toBe(0);
      release();
      await page.getByTestId('dashboard-greeting').waitFor();
      expect(await page.locator('#shell-paint').count()).toBe(0);
      const real = await appShell(t(locale, 'app.title'));
      expect(real.barColour).toBe(painted.barColour);
      expect(real.selectedLanguage).toBe(painted.selectedLanguage);
      expect(real.greetingText).toBe(painted.greetingText);
      expectInPlace(painted, real, locale === 'fa');
    } finally {
      await restore();
    }
  });
});

// The greeting's own wait: index.html asks for the session's user while main.js is still
// downloading (src/boot/early-user.ts), and the app's chunks start only once the painted page is on
// screen, so that none of them shares the line or the main thread with the greeting's paint.
test('the user is asked for before main.js has loaded, once, and the app’s chunks start after the greeting is painted', async () => {
  const fresh = await browser.context.newPage();
  try {
    await fresh.goto(`${server.url}/favicon.svg`);
    await fresh.evaluate((tk) => {
      localStorage.setItem('token', tk);
      localStorage.setItem('locale', 'fa');
    }, token);
    await fresh.addInitScript(() => {
      const w = window as unknown as { __greetingAt?: number };
      new MutationObserver((_records, observer) => {
        if (document.querySelector('#shell-paint .dg-title')) {
          w.__greetingAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const userCalls: string[] = [];
    let userAsked!: () => void;
    const asked = new Promise<void>((resolve) => (userAsked = resolve));
    fresh.on('request', (request) => {
      if (request.url().endsWith('/api/v1/users/current')) {
        userCalls.push(request.url());
        userAsked();
      }
    });
    // main.js is held until the user's call has gone out: main.js cannot be the one asking
    const mainJs = /\/js\/main\.[0-9a-f]+\.js$/;
    await fresh.route(mainJs, async (route) => {
      await asked;
      await route.continue();
    });
    await fresh.goto(`${server.url}/dashboard`);
    await fresh.getByTestId('dashboard-greeting').waitFor();
    await fresh.unroute(mainJs);
    const timing = await fresh.evaluate(() => ({
      greetingAt: (window as unknown as { __greetingAt?: number }).__greetingAt,
      // every script but the entry's own (the early call, main.js and the core messages it preloads)
      chunkStarts: performance
        .getEntriesByType('resource')
        .filter((e) => /\/js\/.+\.js$/.test(e.name) && !/\/js\/(early-user|main|messages-fa)\.[0-9a-f]+\.js$/.test(e.name))
        .map((e) => e.startTime),
    }));
    expect(userCalls).toHaveLength(1);
    expect(timing.greetingAt).toBeDefined();
    expect(timing.chunkStarts.length).toBeGreaterThan(5);
    expect(Math.min(...timing.chunkStarts)).toBeGreaterThan(timing.greetingAt!);
  } finally {
    await fresh.close();
  }
});

// A painted page names its chunk group (FeatureRoute.chunk): its files download next to the app's,
// while its modules are evaluated only after the app's store and theme (boot/index.tsx loadApp), so
// no one task evaluates both. Holding the app chunk shows the page's chunk is asked for meanwhile,
// not after the app's modules have run.
test('the first page’s chunk downloads next to the app chunk, not after it', async () => {
  const fresh = await browser.context.newPage();
  try {
    await fresh.goto(`${server.url}/favicon.svg`);
    await fresh.evaluate((tk) => {
      localStorage.setItem('token', tk);
      localStorage.setItem('locale', 'en');
    }, token);
    const appJs = /\/js\/app\.[0-9a-f]+\.js$/;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const served: string[] = [];
    await fresh.route(appJs, async (route) => {
      await held;
      served.push(route.request().url());
      await route.continue();
    });
    const pageChunk = fresh.waitForRequest(/\/js\/page-dashboard\.[0-9a-f]+\.js$/, { timeout: 20_000 });
    await fresh.goto(`${server.url}/dashboard`, { waitUntil: 'domcontentloaded' }); // the held chunk holds back `load`
    await pageChunk;
    expect(served).toEqual([]); // asked for while the app chunk was still held
    release();
    await fresh.getByTestId('dashboard-greeting').waitFor();
    expect(served).toHaveLength(1);
    expect(await fresh.locator('#shell-paint').count()).toBe(0);
  } finally {
    await fresh.close();
  }
});
