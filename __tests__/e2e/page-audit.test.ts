// Issue 10's page audits in one walk (helpers/walk.ts): every state of PAGE_STATES, for each of the
// three roles in Persian and English. The layout check (top admin, at 390, 760, 1366 and 1920 px and
// after crossing 800 px both ways), axe-core (every role, 0 critical and 0 serious; the moderate
// ones are printed) and, in Persian, the direction and digits check (technical tokens in
// left-to-right isolates, numbers in Persian digits; every role) run on the same loaded pages, so
// each state is loaded once per role and language. Another audit is one more PageCheck in CHECKS.
// The run also writes screenshots of the main pages at 390 and 1366 px in both languages into
// __tests__/e2e/__screenshots__/ (run output, not committed).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { directionCheck, directionProblems } from './audits/direction';
import type { Locale, PageCheck } from './helpers/audit';
import { axeChecks } from './helpers/axe-check';
import { launchChromium, type LaunchedBrowser } from './helpers/chromium';
import { layoutCheck } from './helpers/layout-check';
import { PAGE_STATES, type PageState } from './helpers/pages';
import { seed, type RoleKey, type Seeded } from './helpers/seed';
import { startServer, type RunningServer } from './helpers/server';
import { AUDIT_HEIGHT, SCREENSHOTS_DIR, walkStates } from './helpers/walk';

const minor = new Map<string, Set<string>>();
const CHECKS: PageCheck[] = [layoutCheck, ...axeChecks(minor), directionCheck];

/** The pages a reviewer looks at first, as screenshots at 390 and 1366 px. */
const SCREENSHOT_STATES = new Set(['login', 'dashboard', 'servers-manage', 'server-profiles-list', 'apps-manage', 'devices', 'app-settings', 'app-versions-block', 'users-list', 'settings-privacy']);

let server: RunningServer;
let seeded: Seeded;
let browser: LaunchedBrowser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  seeded = await seed(server);
  // Reduced motion: the panel's transitions take 0 ms, so resizes and the sidebar toggle settle at once.
  browser = await launchChromium({ viewport: { width: 1366, height: AUDIT_HEIGHT }, reducedMotion: 'reduce' });
  page = await browser.context.newPage();
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (minor.size) {
    const lines = [...minor].map(([rule, where]) => `${rule}: ${where.size} states, e.g. ${[...where].slice(0, 3).join('; ')}`);
    console.log(`axe: moderate and minor violations left\n${lines.join('\n')}`);
  }
});

async function screenshot(p: Page, state: PageState, width: number, locale: Locale) {
  if (!SCREENSHOT_STATES.has(state.name) || (width !== 390 && width !== 1366)) return;
  await p.screenshot({ path: join(SCREENSHOTS_DIR, `${state.name}-${locale}-${width}.png`), fullPage: true });
}

test('the direction audit catches a reversed token, a bare direction and Latin digits, and passes isolated ones', async () => {
  await page.setContent(`<html dir="rtl" lang="fa"><body>
    <label id="a">کلید C++</label>
    <label id="b">کلید \u2066C++\u2069</label>
    <p id="c">آدرس <span style="direction: ltr">vless://x@198.51.100.7:443</span></p>
    <p id="d">آدرس <bdi dir="ltr">vless://x@198.51.100.7:443</bdi> و بسته <span dir="ltr">com.alpha.vpn</span></p>
    <p id="e">حداقل 8 نویسه</p>
    <p id="f">حداقل ۸ نویسه، نسخه <bdi dir="ltr">1.2.3</bdi>، مدل Redmi Note 10</p>
    <div style="direction: ltr">2001:db8::7</div>
  </body></html>`);
  const found = (await directionProblems(page)).map((p) => `${p.kind} ${p.token}`);
  expect(found).toEqual(['not-isolated C++', 'not-isolated vless://x@198.51.100.7:443', 'latin-digits 8']);
});

const RUNS: [RoleKey, Locale][] = [
  ['admin', 'fa'],
  ['admin', 'en'],
  ['appAdmin', 'fa'],
  ['appAdmin', 'en'],
  ['restricted', 'fa'],
  ['restricted', 'en'],
];

test.each(RUNS)('every page state as %s in %s: layout, axe and direction find nothing', async (role, locale) => {
  const problems = await walkStates(
    { page, baseUrl: server.url, seeded },
    {
      role,
      locale,
      checks: CHECKS,
      // the sign-in page is the same for every role: walked once per language
      states: role === 'admin' ? PAGE_STATES : PAGE_STATES.filter((s) => !s.public),
      onStep: role === 'admin' ? (p, state, step) => (step.resized ? Promise.resolve() : screenshot(p, state, step.width, locale)) : undefined,
    },
  );
  expect(problems).toEqual([]);
}, 600_000);
