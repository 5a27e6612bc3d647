// Geometry probes the layout audits share: whether a control is on screen and on top (the element
// `document.elementFromPoint` returns at its centre is the control or inside it), whether the body
// scrolls sideways, and the sidebar's state. Each returns a problem line or null, for PageCheck reports.
import type { Locator, Page } from 'playwright-core';

/**
 * In the page: null when the element lies inside the viewport, nothing covers its centre and no
 * scrolling ancestor clips it; else what is wrong. Serialised into the page, so it is self-contained.
 */
export function reachInPage(el: Element, label: string): string | null {
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height) return null; // not rendered at this width (e.g. folded into a menu)
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  const describe = (n: Element | null) => (n ? `${n.tagName.toLowerCase()}${n.id ? '#' + n.id : ''}.${[...n.classList].slice(0, 3).join('.')}` : 'nothing');
  if (r.left < -0.5 || r.right > vw + 0.5) return `${label} lies outside the viewport (x ${Math.round(r.left)}..${Math.round(r.right)} of ${vw})`;
  // Scroll it into view vertically only; sideways it must already be visible.
  if (r.top < 0 || r.bottom > vh) el.scrollIntoView({ block: 'center', inline: 'nearest' });
  const box = el.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  if (!hit || !(hit === el || el.contains(hit))) return `${label} is covered by ${describe(hit)}`;
  // A parent that clips it (a grid scroller) hides part of it.
  for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
    if (getComputedStyle(p).overflowX === 'visible') continue;
    const pr = p.getBoundingClientRect();
    if (box.left < pr.left - 0.5 || box.right > pr.right + 0.5)
      return `${label} is clipped by ${describe(p)} (x ${Math.round(box.left)}..${Math.round(box.right)}, visible ${Math.round(pr.left)}..${Math.round(pr.right)})`;
  }
  return null;
}

/** Null when the control lies inside the viewport and nothing covers its centre; else what is wrong. */
export async function reachProblem(control: Locator, what: string): Promise<string | null> {
  return control.evaluate(reachInPage, what);
}

/** Every control matching `selector` that is shown, checked in one round trip. */
export async function reachProblems(page: Page, selector: string): Promise<string[]> {
  // functions do not cross into evaluate: reachInPage is installed in the page from its source
  await page.evaluate(`window.__reachInPage = ${reachInPage.toString()}`);
  return page.evaluate((sel) => {
    const reach = (window as unknown as { __reachInPage: (el: Element, label: string) => string | null }).__reachInPage;
    const problems: string[] = [];
    for (const el of document.querySelectorAll(sel)) {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || !(el as HTMLElement).offsetParent) continue;
      if (el.closest('[aria-hidden="true"], .MuiTabs-scrollableX')) continue; // behind a modal; or reached by the tab bar's arrows
      if (el.matches(':disabled, [aria-disabled="true"]')) continue; // takes no click anyway (pointer-events: none)
      const name = el.getAttribute('aria-label') || (el as HTMLElement).innerText?.trim().slice(0, 40) || el.getAttribute('title') || '';
      const role = el.closest('.DataTable-actions') ? 'row action' : el.getAttribute('role') === 'tab' ? 'tab' : el.tagName === 'A' ? 'link' : 'button';
      const problem = reach(el, `${role} "${name}"`);
      if (problem) problems.push(problem);
    }
    return problems;
  }, selector);
}

/** True when the page body scrolls sideways. */
export async function bodyScrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}

/** The header's sidebar toggle. */
export function menuButton(page: Page): Locator {
  return page.locator('header button[aria-expanded]').first();
}

/** Whether the sidebar's paper is on screen (a closed drawer slides out of the viewport). */
export async function sidebarShown(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const paper = document.querySelector('[data-testid="sidebar"]');
    if (!paper) return false;
    const r = paper.getBoundingClientRect();
    const style = getComputedStyle(paper);
    return style.visibility !== 'hidden' && r.right > 1 && r.left < document.documentElement.clientWidth - 1;
  });
}

/**
 * Waits for the drawer's slide and the backdrop's fade to end: their duration, then until no CSS
 * transition is running (a loaded CI machine starts a slide late, and a fixed wait then ended mid-way).
 */
export async function afterTransitions(page: Page) {
  await page.waitForTimeout(350);
  await page
    .waitForFunction(
      // an endless animation (a spinner) is no transition and never ends: not waited for
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
      undefined,
      { timeout: 3000, polling: 50 },
    )
    .catch(() => undefined); // still moving after 3 s: the caller's assertion decides
}

/**
 * Waits until the sidebar is fully in (`shown`) or fully out, up to `timeout` ms; false when it does
 * not get there. A state reached late on a busy machine passes; a wrong state still fails.
 */
export async function sidebarSettles(page: Page, shown: boolean, timeout = 5000): Promise<boolean> {
  return page
    .waitForFunction(
      (want) => {
        const paper = document.querySelector('[data-testid="sidebar"]');
        if (!paper) return !want;
        const r = paper.getBoundingClientRect();
        const cw = document.documentElement.clientWidth;
        const hidden = getComputedStyle(paper).visibility === 'hidden' || r.right <= 1 || r.left >= cw - 1;
        // shown means fully in (the slide has ended), hidden means fully out
        return want ? !hidden && r.left >= -0.5 && r.right <= cw + 0.5 : hidden;
      },
      shown,
      { timeout },
    )
    .then(() => true)
    .catch(() => false);
}
