// The page audit's accessibility check (helpers/axe-check.ts) on a page made to fail it: it must name
// the critical and serious violations as problems, keep the moderate ones aside for the report, look
// only at the header and the row actions at 390 px, and refuse a page with a frame (its in-page run
// would not reach into it).
import type { Page } from 'playwright-core';
import type { AuditContext } from './helpers/audit';
import { axeChecks } from './helpers/axe-check';
import { launchChromium, type LaunchedBrowser } from './helpers/chromium';
import type { PageState } from './helpers/pages';
import type { Seeded } from './helpers/seed';

let browser: LaunchedBrowser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium({ viewport: { width: 1366, height: 900 } });
  page = await browser.context.newPage();
}, 60_000);
afterAll(() => browser?.close());

const BROKEN = `<!doctype html><html lang="en"><head><title>t</title></head><body>
  <header><button id="nameless-in-header"></button></header>
  <main>
    <h1>Broken</h1>
    <button id="nameless"></button>
    <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" id="no-alt">
    <p id="faint" style="color:#bbb;background:#fff">hard to read</p>
  </main>
  <div id="outside">text outside every landmark</div>
</body></html>`;

const ctx = (width: 1366 | 390): AuditContext => ({
  page,
  baseUrl: 'about:blank',
  role: 'admin',
  locale: 'en',
  state: { name: 'made-to-fail' } as PageState,
  width,
  seeded: {} as Seeded,
});

test('at 1366 px: critical and serious violations are problems, moderate ones go to the report', async () => {
  await page.setContent(BROKEN);
  const minor = new Map<string, Set<string>>();
  const [desktop] = axeChecks(minor);
  const problems = await desktop.run(ctx(1366));
  const rules = problems.map((p) => p.split(' ')[0]).sort();
  expect(rules).toEqual(['button-name', 'color-contrast', 'image-alt']);
  expect(problems.find((p) => p.startsWith('button-name'))).toContain('2 nodes');
  expect([...minor.keys()]).toContain('region (moderate)');
});

test('at 390 px: only the header and the row actions are looked at', async () => {
  await page.setContent(BROKEN);
  const [, phone] = axeChecks(new Map());
  const problems = await phone.run(ctx(390));
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(/^button-name .*1 nodes.*#nameless-in-header/);
  await page.setContent('<!doctype html><html lang="en"><body><main><button></button></main></body></html>');
  expect(await phone.run(ctx(390))).toEqual([]); // neither part on the page
});

test('a page with a frame is reported, not passed', async () => {
  await page.setContent(
    `<!doctype html><html lang="en"><head><title>t</title></head><body><main><h1>x</h1><iframe title="f" srcdoc="<button></button>"></iframe></main></body></html>`,
  );
  const [desktop] = axeChecks(new Map());
  expect(await desktop.run(ctx(1366))).toEqual([expect.stringMatching(/^1 frame\(s\) in the page/)]);
});

test('a later run on the same page (axe-core left in it by the first) checks the page as it is now', async () => {
  await page.setContent('<!doctype html><html lang="en"><head><title>t</title></head><body><main><h1>Clean</h1><button>Save</button></main></body></html>');
  const [desktop] = axeChecks(new Map());
  expect(await desktop.run(ctx(1366))).toEqual([]);
  // an in-app navigation: the document changes, the window (and axe-core in it) stays
  await page.evaluate(() => {
    document.querySelector('main')!.insertAdjacentHTML('beforeend', '<button id="added"></button>');
  });
  expect(await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe)).toBe('object');
  const problems = await desktop.run(ctx(1366));
  expect(problems).toEqual([expect.stringMatching(/^button-name .*1 nodes.*#added/)]);
});
