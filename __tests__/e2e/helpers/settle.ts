// When an e2e test may read the page: the one wait every e2e file and the page-audit walk use after
// loading a page, moving in-app or clicking something that loads.
//
// A page is settled when, for `quietMs` together:
// - no request of the browser context has been in flight (tracked from the context's launch, so a
//   request the page sent before the wait began counts too);
// - the app has drawn something, shows no progress bar or skeleton, and its DOM and address have
//   not changed;
// - no finite animation is running (a snackbar sliding in is measured by axe at its end, not midway),
// leaving aside what moves without the page loading (the clock's tick and a button's ripple);
// and when the page next has no task left to run, nothing has changed since: work React had already
// queued (a guard's redirect runs in an effect after the commit that drew nothing; a route's chunk
// is rendered in slices before anything is drawn) has run.
//
// Playwright's `networkidle` is not enough (and waits 500 ms each time): a CI run read a guarded page
// as rendered because its redirect had not run yet, and axe once measured a page between a guard's
// commit and its redirect (no h1) and a notice mid-entrance (colour contrast).
import type { BrowserContext, Page } from 'playwright-core';

interface RequestTracker {
  inflight: number;
  /** performance-clock ms since the last request started or ended (0 while one is in flight). */
  idleFor(): number;
}

const trackers = new WeakMap<BrowserContext, RequestTracker>();

/** Counts a context's requests in flight; call it as soon as the context exists (launchChromium does). */
export function trackRequests(context: BrowserContext): RequestTracker {
  const known = trackers.get(context);
  if (known) return known;
  const open = new Set<unknown>();
  let changed = performance.now();
  const tracker: RequestTracker = {
    get inflight() {
      return open.size;
    },
    idleFor: () => (open.size ? 0 : performance.now() - changed),
  };
  context.on('request', (r) => {
    open.add(r);
    changed = performance.now();
  });
  const done = (r: unknown) => {
    if (open.delete(r)) changed = performance.now();
  };
  context.on('requestfinished', done);
  context.on('requestfailed', done);
  trackers.set(context, tracker);
  return tracker;
}

interface SettleState {
  last: number;
  href: string;
  observer: MutationObserver;
}
type SettleWindow = Window & { __panelSettle?: SettleState };

/**
 * What a page shows while it loads, and webpack's script of a chunk still loading (webpack removes
 * it once the chunk has run): a route's chunk can come from the cache, with no request to see.
 */
const BUSY = '[role="progressbar"], .MuiSkeleton-root, script[data-webpack]';

/**
 * What moves without the page loading: the sidebar's clock (role timer) ticks each second, and a
 * button's ripple (a click's feedback, MUI's TouchRipple) takes 550 ms to fade.
 */
const ASIDE = '[role="timer"], .MuiTouchRipple-root';

/** In the page: true once the page has been still for `quietMs` (see the file's comment). */
function stillFor({ quietMs, busy, aside }: { quietMs: number; busy: string; aside: string }): boolean {
  const w = window as SettleWindow;
  const now = performance.now();
  let s = w.__panelSettle;
  if (!s) {
    const state: SettleState = {
      last: now,
      href: location.href,
      observer: new MutationObserver((records) => {
        const moved = records.some((r) => !(r.target instanceof Element ? r.target : r.target.parentElement)?.closest(aside));
        if (moved) state.last = performance.now();
      }),
    };
    state.observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    w.__panelSettle = state;
    s = state;
  }
  if (location.href !== s.href) {
    s.href = location.href;
    s.last = now;
  }
  const root = document.getElementById('root');
  if (root && root.childElementCount === 0) return false;
  if (document.querySelector(busy)) return false;
  const moving = document.getAnimations().some((a) => {
    const target = (a.effect as KeyframeEffect | null)?.target;
    return a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity && !target?.closest(aside);
  });
  if (moving) {
    s.last = now;
    return false;
  }
  return now - s.last >= quietMs;
}

/**
 * In the page, after stillFor: once the page has no task left to run, has anything
 * changed since the check? React renders in slices of a few ms, one task each, and changes the DOM
 * only when it commits, so a still DOM alone does not say that its work is done.
 */
async function stillWhenIdle(busy: string): Promise<boolean> {
  const s = (window as SettleWindow).__panelSettle;
  if (!s) return false;
  const { last, href } = s;
  // the lowest priority of the task scheduler: it runs only when no other task is waiting
  // (requestIdleCallback would do, but Chromium may hold it back for most of a second)
  await (window as unknown as { scheduler: { postTask(task: () => void, o: { priority: 'background' }): Promise<void> } }).scheduler.postTask(() => undefined, {
    priority: 'background',
  });
  // a MutationObserver's records are delivered in a microtask after the change: let them in first
  await Promise.resolve();
  const still = s.last === last && location.href === href && !document.querySelector(busy);
  // settled: the observer goes, so it costs the test's own steps nothing, and the next wait starts afresh
  if (still) {
    s.observer.disconnect();
    delete (window as SettleWindow).__panelSettle;
  }
  return still;
}

/** Waits until the page is settled (see the file's comment); fails after `timeoutMs`. */
export async function settle(page: Page, { quietMs = 150, timeoutMs = 30_000 } = {}) {
  const requests = trackRequests(page.context());
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`settle: ${page.url()} was not still within ${timeoutMs} ms (${requests.inflight} requests in flight)`);
    await page.waitForFunction(stillFor, { quietMs, busy: BUSY, aside: ASIDE }, { timeout: left });
    const idle = requests.idleFor();
    if (idle < quietMs) {
      await page.waitForTimeout(Math.max(quietMs - idle, 20));
      continue;
    }
    // a full navigation in between destroys the context the check runs in: then look again
    const still = await page.evaluate(stillWhenIdle, BUSY).catch((e: Error) => {
      if (/context was destroyed|navigat/i.test(e.message)) return false;
      throw e;
    });
    if (still && requests.idleFor() >= quietMs) return;
  }
}
