// The dashboard in a real browser against the real server (docs/product.md §7 "Dashboard"), in Persian and English, with the
// audits' seeded data (helpers/seed.ts): the cards show the seeded figures in the language's digits,
// the charts draw them (a bar per operator and per version, the blocked version in its own series,
// 30 days of registrations with today's point at the top), mirrored in Persian. Screenshots at 390
// and 1366 px go to __screenshots__ for a human look.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium, type LaunchedBrowser } from './helpers/chromium';
import { t } from './helpers/messages';
import { seed, useSession, type Seeded } from './helpers/seed';
import { startServer, type RunningServer } from './helpers/server';

const shots = join(__dirname, '__screenshots__');
let server: RunningServer;
let browser: LaunchedBrowser;
let page: Page;
let seeded: Seeded;

beforeAll(async () => {
  server = await startServer();
  seeded = await seed(server);
  browser = await launchChromium({ viewport: { width: 1366, height: 900 } });
  page = await browser.context.newPage();
  mkdirSync(shots, { recursive: true });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const digits = (locale: 'fa' | 'en', n: number) => new Intl.NumberFormat(locale === 'fa' ? 'fa-IR' : 'en-US').format(n);
const figure = (id: string) => page.getByTestId(`dashboard-card-${id}`).getByTestId('figure');
const chart = (id: string) => page.getByTestId(`dashboard-chart-${id}`);

/** Heights of the drawn bars of a chart, in the order of the DOM, zero-height ones left out. */
const barHeights = (id: string) =>
  chart(id)
    .locator('.MuiBarChart-element')
    .evaluateAll((bars) => bars.map((b) => (b as SVGGraphicsElement).getBBox().height).filter((h) => h > 0.5));

/** The x positions of the first and last tick labels of a chart's x axis. */
const xTicks = (id: string) =>
  chart(id)
    .locator('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel')
    .evaluateAll((labels) => labels.map((l) => ({ text: l.textContent ?? '', x: (l as SVGGraphicsElement).getBoundingClientRect().x })));

describe.each(['fa', 'en'] as const)('the dashboard in %s', (locale) => {
  beforeAll(async () => {
    await useSession(page, server.url, seeded.users.admin, locale);
  });

  test('cards and charts show the seeded figures', async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    // which charts' drawings each batch of DOM changes brought (a commit's insertions come in one batch)
    await page.addInitScript(() => {
      const batches: string[][] = [];
      (window as unknown as { drawingBatches: string[][] }).drawingBatches = batches;
      new MutationObserver((records) => {
        const ids = new Set<string>();
        for (const record of records) {
          for (const node of record.addedNodes) {
            if (!(node instanceof Element)) continue;
            for (const surface of [node, ...node.querySelectorAll('.MuiChartsSurface-root')].filter((el) => el.matches('.MuiChartsSurface-root'))) {
              const id = surface.closest('[data-testid^="dashboard-chart-"]')?.getAttribute('data-testid');
              if (id) ids.add(id.replace('dashboard-chart-', ''));
            }
          }
        }
        if (ids.size) batches.push([...ids]);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${server.url}/dashboard`);
    await page.getByTestId('dashboard-figures').waitFor();
    // the charts' drawings load after the cards (their own chunk), each once it is near the viewport
    for (const id of ['registrations', 'operators', 'versions']) {
      await chart(id).scrollIntoViewIfNeeded();
      await chart(id).locator('.MuiChartsSurface-root').waitFor();
    }
    // and are drawn one per commit, in the page's order (drawn together they were one long task)
    expect(await page.evaluate(() => (window as unknown as { drawingBatches: string[][] }).drawingBatches)).toEqual([
      ['registrations'],
      ['operators'],
      ['versions'],
    ]);

    // 3 apps (one inactive), 3 servers in 3 countries, 4 profiles, 40 devices all registered today, 3 staff users.
    expect(await figure('apps').textContent()).toBe(digits(locale, 3));
    expect(await figure('servers').textContent()).toBe(digits(locale, 3));
    expect(await figure('profiles').textContent()).toBe(digits(locale, 4));
    // The phones of the seed find the shared server's profile failing on MCI: one profile, though two apps serve it.
    expect(await page.getByTestId('failing-mci').getByTestId('failing-count').textContent()).toBe(digits(locale, 1));
    expect(await figure('devices').textContent()).toBe(digits(locale, seeded.deviceCount));
    expect(await figure('registrations').textContent()).toBe(digits(locale, seeded.deviceCount));
    expect(await figure('users').textContent()).toBe(digits(locale, 3));
    expect(await page.getByTestId('dashboard-card-apps').textContent()).toContain(digits(locale, 2));
    expect(await page.getByTestId('dashboard-card-devices').getByRole('link').getAttribute('href')).toBe('/app/devices');

    // Profiles by operator: one each, four equal bars.
    const operators = await barHeights('operators');
    expect(operators).toHaveLength(4);
    expect(Math.max(...operators) - Math.min(...operators)).toBeLessThan(1);

    // Alpha's versions: 24 devices on 3.1, 11 on the blocked 2.9 (its own series, in the error colour).
    const versions = await barHeights('versions');
    expect(versions).toHaveLength(2);
    expect(Math.max(...versions) / Math.min(...versions)).toBeCloseTo(24 / 11, 1);
    const versionLabels = (await xTicks('versions')).map((l) => l.text);
    expect(versionLabels).toEqual(expect.arrayContaining([digits(locale, 3.1), digits(locale, 2.9)]));
    expect(await chart('versions').textContent()).toContain(t(locale, 'dashboard.chart.blocked'));
    expect(await chart('versions').getByRole('link').getAttribute('href')).toBe(`/app/devices?appId=${seeded.apps.alpha.id}`);

    // Registrations: 30 days, today (the last) is the newest label, at the right in English and the left in Persian.
    const days = await xTicks('registrations');
    expect(days).toHaveLength(5); // a tick a week, the last one today
    const today = new Intl.DateTimeFormat(locale === 'fa' ? 'fa-IR-u-ca-persian-nu-arabext' : 'en-US-u-ca-gregory', {
      month: 'short',
      day: 'numeric',
      timeZone: 'Asia/Tehran',
    }).format(new Date());
    const first = days[0];
    const last = days[days.length - 1];
    if (locale === 'fa') expect(first.x).toBeGreaterThan(last.x);
    else expect(first.x).toBeLessThan(last.x);
    if (locale === 'fa') expect(days.map((d) => d.text).join(' ')).not.toMatch(/[0-9]/);
    // Every seeded device registered today: the value axis reaches the count (its top tick).
    const values = await chart('registrations').locator('.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel').allTextContents();
    expect(values.at(-1)).toBe(digits(locale, seeded.deviceCount));
    expect(days.map((d) => d.text)).toContain(today);

    await page.screenshot({ path: join(shots, `dashboard-${locale}-1366.png`), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('dashboard-figures').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(shots, `dashboard-${locale}-390.png`), fullPage: true });
  });
});

// On a phone the charts below the fold are drawn when the user scrolls towards them, not during the
// page's load (each drawing is a long task at a phone's CPU); the ones near the viewport
// are drawn at once, and a chart's space is there meanwhile, so nothing above it moves.
test('on a phone a chart far below the fold is drawn once it is scrolled to', async () => {
  await useSession(page, server.url, seeded.users.admin, 'en');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.url}/dashboard`);
  await page.getByTestId('dashboard-figures').waitFor();
  // the first chart is near the top, so drawn at once; then the page goes quiet (the charts' chunk
  // in, every near drawing's turn done)
  await chart('registrations').locator('.MuiChartsSurface-root').waitFor();
  await page.waitForLoadState('networkidle');
  for (let i = 0; i < 3; i++) await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  const ids = ['registrations', 'operators', 'versions'];
  const far: string[] = [];
  for (const id of ids) {
    const pending = chart(id).locator('[data-drawing="pending"]');
    if (!(await pending.count())) continue;
    // a drawing still waiting is one whose space is more than 200 px below the viewport
    expect((await pending.boundingBox())!.y).toBeGreaterThan(844 + 200);
    expect(await chart(id).locator('.MuiChartsSurface-root').count()).toBe(0);
    far.push(id);
  }
  // the premise: at this width the last chart is further down than that
  expect(far).toContain('versions');
  // drawn once scrolled to, where its space was (nothing above it moved)
  const docTop = (id: string) => chart(id).evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  for (const id of far) {
    const before = await docTop(id);
    await chart(id).scrollIntoViewIfNeeded();
    await chart(id).locator('.MuiChartsSurface-root').waitFor();
    expect(await docTop(id)).toBe(before);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
});
