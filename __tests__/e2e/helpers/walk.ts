// The walker every page audit plugs into (docs/architecture.md §9): for one role and one locale it opens each
// state of PAGE_STATES in one browser page, then resizes that same page through the audit widths
// (1366 → 1920 → 760 → 390, then back to 1366, so the breakpoint is crossed both ways) and runs,
// at each step, every PageCheck that asks for that step. A state is loaded once however many checks
// there are; between states the panel navigates in-app (no reload), the way staff move around.
// Checks report problems as lines; the walker prefixes each with role, locale, state and width.
// Usage: __tests__/e2e/helpers/page-audit.ts; a new audit is one more PageCheck in its list.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { AUDIT_WIDTHS, type AuditWidth, type Locale, type PageCheck } from './audit';
import { t } from './messages';
import { PAGE_STATES, type PageState } from './pages';
import { settle } from './settle';
import { useSession, type RoleKey, type Seeded } from './seed';

export const SCREENSHOTS_DIR = join(__dirname, '..', '__screenshots__');
export const AUDIT_HEIGHT = 900;

/** The widths of one state's walk, in order; the last step comes back above 800 px after 390. */
export const WALK_STEPS: { width: AuditWidth; resized: boolean }[] = [
  { width: 1366, resized: false },
  { width: 1920, resized: false },
  { width: 760, resized: true },
  { width: 390, resized: false },
  { width: 1366, resized: true },
];

export interface WalkEnv {
  page: Page;
  baseUrl: string;
  seeded: Seeded;
}

export interface WalkOptions {
  role: RoleKey;
  locale: Locale;
  checks: readonly PageCheck[];
  states?: readonly PageState[];
  /** Called at every step after the checks, e.g. to take screenshots. */
  onStep?: (page: Page, state: PageState, step: { width: AuditWidth; resized: boolean }) => Promise<void>;
}

/** Moves the panel to `path` without a reload (the router follows history changes). */
async function navigate(page: Page, baseUrl: string, path: string) {
  const target = new URL(path, baseUrl);
  const current = new URL(page.url());
  if (current.origin !== target.origin) {
    await page.goto(target.href);
    return;
  }
  // close any open dialog or menu a former state left behind (only then: an Escape on the focused
  // button of the last check draws its focus ripple, and settle would wait for that)
  if (await page.locator('.MuiModal-root, .MuiPopover-root, .MuiPopper-root, [role="dialog"], [role="menu"], [role="listbox"]').count()) {
    await page.keyboard.press('Escape');
  }
  await page.evaluate((href) => {
    window.history.pushState({}, '', href);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, target.pathname + target.search);
}

async function clickTabs(page: Page, state: PageState, locale: Locale) {
  for (const tab of state.tabs ?? []) {
    const target = page.getByRole('tab', { name: t(locale, tab) });
    if (!(await target.count())) continue; // a role may not have the tab
    await target.click();
    await settle(page);
  }
}

async function resize(page: Page, width: number) {
  if (page.viewportSize()?.width === width) return;
  await page.setViewportSize({ width, height: AUDIT_HEIGHT });
  // Let the media queries re-render and the drawer's slide end. The page audit runs with the system's
  // reduced motion on, which the panel honours with 0 ms transitions, so a short settle is enough.
  const still = await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches);
  await page.waitForTimeout(still ? 80 : 320);
  await layoutSettled(page);
}

/**
 * Waits (up to about 2 s) until the header's and the main area's boxes are the same two frames
 * apart: on a loaded machine React may still be re-rendering for the new width when the fixed
 * settle ends, and a control measured mid-render (the sign-out button at 357..397 of 390 once) is
 * not where a person sees it. A layout that stays wrong is still measured, and still fails.
 */
async function layoutSettled(page: Page) {
  await page.evaluate(async () => {
    const boxes = () =>
      [...document.querySelectorAll('header, header button, main, [data-testid="sidebar"]')]
        .map((el) => {
          const r = el.getBoundingClientRect();
          return `${Math.round(r.left)},${Math.round(r.right)},${Math.round(r.top)}`;
        })
        .join(' ');
    const twoFrames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    let before = boxes();
    for (let i = 0; i < 60; i++) {
      await twoFrames();
      const now = boxes();
      if (now === before) return;
      before = now;
    }
  });
}

/**
 * Where a walk's time went, by part (loading, resizing, each check), printed at its end when
 * PANEL_WALK_TIMING is set: the page audits are the longest files of `npm test`, and this is how
 * their time is looked into.
 */
class WalkTimer {
  private readonly ms = new Map<string, number>();
  async time<R>(part: string, run: () => Promise<R>): Promise<R> {
    const start = performance.now();
    try {
      return await run();
    } finally {
      this.ms.set(part, (this.ms.get(part) ?? 0) + performance.now() - start);
    }
  }
  report(title: string) {
    if (!process.env.PANEL_WALK_TIMING) return;
    const total = [...this.ms.values()].reduce((a, b) => a + b, 0);
    const lines = [...this.ms].sort((a, b) => b[1] - a[1]).map(([part, ms]) => `  ${part}: ${(ms / 1000).toFixed(1)} s`);
    console.log(`walk ${title}: ${(total / 1000).toFixed(1)} s\n${lines.join('\n')}`);
  }
}

/**
 * Walks every state for one role and locale and returns each problem the checks found, as
 * `role/locale state @width: problem`.
 */
export async function walkStates(env: WalkEnv, opts: WalkOptions): Promise<string[]> {
  const { page, baseUrl, seeded } = env;
  const { role, locale, checks } = opts;
  const states = opts.states ?? PAGE_STATES;
  const problems: string[] = [];
  const user = seeded.users[role];

  // Signed-out states first, then the session for the rest.
  await resize(page, WALK_STEPS[0].width);
  // a plain file of the origin (with a stored token /login would start the app, whose store can
  // write the session back after the clear)
  await page.goto(`${baseUrl}/favicon.svg`);
  await page.evaluate((loc) => {
    localStorage.clear();
    localStorage.setItem('locale', loc);
  }, locale);
  let signedIn = false;
  const timer = new WalkTimer();

  for (const state of states) {
    if (state.public) {
      if (signedIn) throw new Error('walkStates: list the public states first');
      await page.goto(`${baseUrl}${state.path(seeded)}`);
    } else {
      if (!signedIn) {
        await useSession(page, baseUrl, user, locale);
        await page.goto(`${baseUrl}/dashboard`);
        await settle(page);
        signedIn = true;
      }
      await resize(page, WALK_STEPS[0].width);
      await navigate(page, baseUrl, state.path(seeded));
    }
    await timer.time('load', () => settle(page));
    await timer.time('tabs', () => clickTabs(page, state, locale));

    for (const [i, step] of WALK_STEPS.entries()) {
      const due = checks.filter(
        (c) =>
          (!c.locales || c.locales.includes(locale)) &&
          (!c.roles || c.roles.includes(role)) &&
          (step.resized ? c.afterResize : (c.widths ?? AUDIT_WIDTHS).includes(step.width) && !WALK_STEPS.slice(0, i).some((s) => s.width === step.width)),
      );
      // a step with nothing to do is not even resized to
      if (!due.length && !opts.onStep) continue;
      await timer.time('resize', () => resize(page, step.width));
      for (const check of due) {
        let found: string[];
        try {
          found = await timer.time(`check: ${check.name}`, () =>
            check.run({ page, baseUrl, role, locale, state, width: step.width, seeded, resized: step.resized }),
          );
        } catch (e) {
          found = [`check failed to run: ${(e as Error).message.split('\n')[0]}`];
        }
        const where = `${role}/${locale} ${state.name} @${step.width}${step.resized ? ' (after resize)' : ''}`;
        problems.push(...found.map((p) => `${where} [${check.name}]: ${p}`));
      }
      if (opts.onStep) await timer.time('onStep', () => opts.onStep!(page, state, step));
    }
  }
  timer.report(`${role}/${locale}`);
  return problems;
}
