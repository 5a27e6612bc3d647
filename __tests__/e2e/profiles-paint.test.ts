// The title of /servers/{id} painted before the app (features/servers/profiles-paint.ts):
// a stored session sees the page's heading while the app chunk loads, and the app's own heading
// takes its place without moving, in both directions, on a phone and on a desktop, whether the
// header's "back" button shares its line (a short subtitle) or wraps below it (a long one). The test
// holds the app chunk back until the painted page has been measured.
import type { Page } from 'playwright-core';
import { launchChromium, type LaunchedBrowser } from './helpers/chromium';
import { t } from './helpers/messages';
import { ADMIN, startServer, type RunningServer } from './helpers/server';
import { storedSessionWithAppHeld, type Box } from './helpers/session';

let server: RunningServer;
let browser: LaunchedBrowser;
let page: Page;
let token: string;
/** A server of one short-named app, and one of three long-named apps (its header wraps on a phone). */
const serverIds: Record<'short' | 'long', number> = { short: 0, long: 0 };

beforeAll(async () => {
  server = await startServer();
  token = await server.signIn(ADMIN.username, ADMIN.password);
  const countries = await server.api('apps/countries', { token });
  const de = countries.body.data.find((c: { code: string }) => c.code === 'DE');
  const admin = await server.api('users/signup', {
    method: 'POST',
    token,
    body: { name: 'سارا', family: 'احمدی', email: 'paint@example.com', username: 'paint', password: 'Temp-Pass-2024!', role_id: 2 },
  });
  const app = async (name: string, packageName: string) =>
    (await server.api('apps/storeApp', { method: 'POST', token, body: { name, packageName, sign: 'sig', adminId: admin.body.data.id } })).body.data
      .id as number;
  const addServer = async (appId: number[], ip: string) =>
    (await server.api('apps/addServer', { method: 'POST', token, body: { appId, countryId: de.id, ip, username: null, password: null, port: 443 } })).body.data
      .id as number;
  serverIds.short = await addServer([await app('VPN', 'com.example.paint')], 'de-1');
  serverIds.long = await addServer(
    [
      await app('Very Long Secure Tunnel', 'com.example.long1'),
      await app('Another Long Named VPN', 'com.example.long2'),
      await app('Third App', 'com.example.long3'),
    ],
    'de-paint-server-with-a-long-name-1',
  );
  browser = await launchChromium({ viewport: { width: 1280, height: 800 } });
  page = await browser.context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The heading's text (its block is as wide as the subtitle's line once the server list is in), its text and the page's box width. */
const measure = (painted: boolean) =>
  page.evaluate((fromPaint) => {
    const title = fromPaint ? document.querySelector('#shell-paint .spp-title')! : document.querySelector('main h1')!;
    const range = document.createRange();
    range.selectNodeContents(title);
    const r = range.getBoundingClientRect();
    const style = getComputedStyle(title);
    return {
      box: { x: r.x, y: r.y, width: r.width, height: r.height } as Box,
      text: title.textContent!,
      font: `${style.fontWeight} ${style.fontSize}/${style.lineHeight} ${style.fontFamily}`,
      colour: style.color,
      clientWidth: document.documentElement.clientWidth,
      backTop: fromPaint ? null : document.querySelector('main a[href^="/servers/"]')!.getBoundingClientRect().top,
    };
  }, painted);

describe.each(['fa', 'en'] as const)('the painted heading of a server’s profiles in %s', (locale) => {
  test.each([
    [390, 'short'],
    [390, 'long'],
    [1280, 'short'],
    [1280, 'long'],
  ] as const)('at %i px, with a %s subtitle, it is on screen while the app loads and the app’s heading replaces it in place', async (width, subtitle) => {
    const { release, restore } = await storedSessionWithAppHeld(page, server.url, token, locale, width);
    try {
      await page.goto(`${server.url}/servers/${serverIds[subtitle]}`, { waitUntil: 'domcontentloaded' });
      await page.waitForSelector('#shell-paint .spp-title');
      await page.evaluate(() => document.fonts.ready);
      const painted = await measure(true);
      expect(await page.locator('main').count()).toBe(0);
      release();
      await page.locator('main [role="tab"][aria-selected="true"]').waitFor();
      await page.locator('#shell-paint').waitFor({ state: 'detached' });
      // the subtitle is in (the server list has loaded)
      await page.locator('main h1 + * img').waitFor();
      await page.evaluate(() => document.fonts.ready);
      const real = await measure(false);
      expect(painted.text).toBe(real.text);
      expect(painted.text).toBe(t(locale, 'servers.profiles.title'));
      expect(painted.font).toBe(real.font);
      expect(painted.colour).toBe(real.colour);
      if (width === 390) {
        // the back button's line: below the heading with the long subtitle, beside it with the short one
        expect(real.backTop! > real.box.y + real.box.height).toBe(subtitle === 'long');
      }
      // the same size, at the same height and the same distance from the start side (within the
      // page's box, which a scrollbar may narrow once the app's page is in)
      const rtl = locale === 'fa';
      const fromStart = (b: Box, clientWidth: number) => (rtl ? clientWidth - (b.x + b.width) : b.x);
      const near = (a: number, b: number) => Math.abs(a - b) <= 1; // sub-pixel text metrics
      expect({
        y: near(painted.box.y, real.box.y),
        height: near(painted.box.height, real.box.height),
        width: near(painted.box.width, real.box.width),
        side: near(fromStart(painted.box, painted.clientWidth), fromStart(real.box, real.clientWidth)),
      }).toEqual({ y: true, height: true, width: true, side: true });
    } finally {
      await restore();
    }
  });
});
