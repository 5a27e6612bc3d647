// settle() (helpers/settle.ts), the wait every e2e file trusts before it reads a page: on small
// pages of its own, each built to end a wrong wait early. No panel server: the pages are served
// by the page's own route handler from a made-up origin, so the address can change like the app's.
import type { Page } from 'playwright-core';
import { launchChromium, type LaunchedBrowser } from './helpers/chromium';
import { settle } from './helpers/settle';

const ORIGIN = 'http://settle.test';
let browser: LaunchedBrowser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.context.newPage();
});

afterAll(async () => {
  await browser?.close();
});

/** Serves `body` (with its scripts) at ORIGIN/ and opens it. */
async function open(body: string) {
  await page.route(`${ORIGIN}/`, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><html><body>${body}</body></html>` }));
  await page.goto(`${ORIGIN}/`);
  await page.unroute(`${ORIGIN}/`);
}

test('waits for work queued in slices with the DOM still, then a redirect, as React renders a guarded route', async () => {
  // 150 slices of 8 ms, one task each, change nothing; the last one moves the address and draws:
  // longer than networkidle's 500 ms and than settle's own quiet 150 ms
  await open(`<div id="root"><p>before</p></div><script>
    let n = 0;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      const end = performance.now() + 8;
      while (performance.now() < end);
      if (++n < 150) return channel.port2.postMessage(null);
      history.replaceState({}, '', '/landed');
      document.getElementById('root').innerHTML = '<h1>landed</h1>';
    };
    channel.port2.postMessage(null);
  </script>`);
  await settle(page);
  expect(new URL(page.url()).pathname).toBe('/landed');
  expect(await page.locator('h1').textContent()).toBe('landed');
});

test('waits for a finite animation to end, and for a progress bar to go', async () => {
  await open(`<div id="root"><p id="note" style="animation: fade 900ms linear">notice</p><div role="progressbar"></div></div>
    <style>@keyframes fade { from { opacity: 0 } to { opacity: 1 } }</style>
    <script>setTimeout(() => document.querySelector('[role=progressbar]').remove(), 400);</script>`);
  await settle(page);
  expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
  expect(await page.locator('[role="progressbar"]').count()).toBe(0);
});

test("leaves a clock's tick aside, but not a page that keeps changing", async () => {
  const ticking = (role: string) =>
    `<div id="root"><time ${role}>0</time></div><script>
      let n = 0;
      setInterval(() => { document.querySelector('time').textContent = String(++n); }, 50);
    </script>`;
  await open(ticking('role="timer"'));
  await settle(page, { timeoutMs: 5_000 });
  await open(ticking(''));
  await expect(settle(page, { timeoutMs: 2_000 })).rejects.toThrow();
});

test('waits for a request the page sent before the wait began', async () => {
  let answer: (() => void) | undefined;
  await page.route(`${ORIGIN}/slow`, async (route) => {
    await new Promise<void>((done) => (answer = done));
    await route.fulfill({ body: 'late' });
  });
  await open(`<div id="root"><p>waiting</p></div><script>
    fetch('/slow').then((r) => r.text()).then((t) => { document.querySelector('p').textContent = t; });
  </script>`);
  let settled = false;
  const waiting = settle(page).then(() => (settled = true));
  await page.waitForTimeout(600);
  expect(settled).toBe(false);
  answer!();
  await waiting;
  expect(await page.locator('p').textContent()).toBe('late');
  await page.unroute(`${ORIGIN}/slow`);
});
