// The page audits in one walk (helpers/walk.ts): every state of PAGE_STATES for one role, in
// Persian and English. The layout check (top admin, at 390, 760, 1366 and 1920 px and after
// crossing 800 px both ways), axe-core (every role, 0 critical and 0 serious; the moderate ones are
// printed) and, in Persian, the direction and digits check (technical tokens in left-to-right
// isolates, numbers in Persian digits; every role) run on the same loaded pages, so each state is
// loaded once per role and language. Another audit is one more PageCheck in CHECKS.
// One test file per role and language (__tests__/e2e/page-audit/), each with its own server and
// browser, so the suite's workers share the walk, the longest part of `npm test`, in pieces short
// enough that none of them is the end of the run.
// The top admin's run also writes screenshots of the main pages at 390 and 1366 px in both
// languages into __tests__/e2e/__screenshots__/ (run output, not committed).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { directionCheck } from '../audits/direction';
import type { Locale, PageCheck } from './audit';
import { axeChecks } from './axe-check';
import { launchChromium, type LaunchedBrowser } from './chromium';
import { layoutCheck } from './layout-check';
import { PAGE_STATES, type PageState } from './pages';
import { seed, type RoleKey, type Seeded } from './seed';
import { startServer, type RunningServer } from './server';
import { AUDIT_HEIGHT, SCREENSHOTS_DIR, walkStates } from './walk';

/** The pages a reviewer looks at first, as screenshots at 390 and 1366 px. */
const SCREENSHOT_STATES = new Set([
  'login',
  'dashboard',
  'servers-manage',
  'server-profiles-list',
  'apps-manage',
  'devices',
  'app-settings',
  'app-versions-block',
  'users-list',
  'settings-privacy',
]);

async function screenshot(p: Page, state: PageState, width: number, locale: Locale) {
  if (!SCREENSHOT_STATES.has(state.name) || (width !== 390 && width !== 1366)) return;
  await p.screenshot({ path: join(SCREENSHOTS_DIR, `${state.name}-${locale}-${width}.png`), fullPage: true });
}

/** A real server with the seeded data and one reduced-motion browser page, for one test file. */
export function auditSession(): { readonly page: Page; readonly server: RunningServer; readonly seeded: Seeded } {
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
  });

  return {
    get page() {
      return page;
    },
    get server() {
      return server;
    },
    get seeded() {
      return seeded;
    },
  };
}

export type AuditSession = ReturnType<typeof auditSession>;

/** The walk's tests for one role: every page state in each of `locales`. */
export function auditRole(role: RoleKey, locales: readonly Locale[], session: AuditSession = auditSession()): void {
  const minor = new Map<string, Set<string>>();
  const checks: PageCheck[] = [layoutCheck, ...axeChecks(minor), directionCheck];

  afterAll(() => {
    if (minor.size) {
      const lines = [...minor].map(([rule, where]) => `${rule}: ${where.size} states, e.g. ${[...where].slice(0, 3).join('; ')}`);
      console.log(`axe: moderate and minor violations left\n${lines.join('\n')}`);
    }
  });

  test.each<Locale>([...locales])(
    `every page state as ${role} in %s: layout, axe and direction find nothing`,
    async (locale) => {
      const problems = await walkStates(
        { page: session.page, baseUrl: session.server.url, seeded: session.seeded },
        {
          role,
          locale,
          checks,
          // the sign-in page is the same for every role: walked once per language
          states: role === 'admin' ? PAGE_STATES : PAGE_STATES.filter((s) => !s.public),
          onStep: role === 'admin' ? (p, state, step) => (step.resized ? Promise.resolve() : screenshot(p, state, step.width, locale)) : undefined,
        },
      );
      expect(problems).toEqual([]);
    },
    600_000,
  );
}
