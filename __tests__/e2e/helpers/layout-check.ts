// The layout audit of docs/architecture.md §9 as a PageCheck: at each width (and after crossing the breakpoint)
// every page control and the first row's actions lie inside the viewport and are what the browser
// hits at their centre; the menu button opens and closes the sidebar; the body never scrolls
// sideways; no raw message id shows in the page text; nothing (a show-password button, an icon)
// lies over the part of a text input where its text runs; and no element's box lies over text
// (overlap-check.ts; intentional sticky overlays and open popups aside).
import type { Page } from 'playwright-core';
import type { PageCheck } from './audit';
import { messages } from './messages';
import { bodyScrollsSideways, menuButton, reachProblems, sidebarSettles, sidebarShown } from './layout';
import { overlappingText } from './overlap-check';

/**
 * Controls of the page: header and toolbar buttons, links, tabs, and the first row's actions of a
 * grid or of a phone's table (the other cells of either scroll sideways, as a wide list must).
 */
const CONTROLS = [
  'header button',
  'header a[href]',
  'main button:not(.MuiDataGrid-root button):not(.DataTable-compact button)',
  'main a[href]:not(.MuiDataGrid-root a):not(.DataTable-compact a)',
  'main .MuiDataGrid-footerContainer button',
  'main .MuiDataGrid-row[data-rowindex="0"] .DataTable-actions button',
  'main .MuiDataGrid-row[data-rowindex="0"] .DataTable-actions a[href]',
  'main .DataTable-compact .DataTable-row:first-child .DataTable-actions button',
  'main .DataTable-compact .DataTable-row:first-child .DataTable-actions a[href]',
].join(', ');

async function menuProblems(page: Page): Promise<string[]> {
  const button = menuButton(page);
  if (!(await button.count())) return []; // signed-out pages have no sidebar
  const before = await sidebarShown(page);
  const wait = (shown: boolean) => sidebarSettles(page, shown, 2000);
  try {
    await button.click({ timeout: 2000 });
  } catch {
    return ['the menu button does not take a click'];
  }
  if (!(await wait(!before))) return [`the menu button did not ${before ? 'close' : 'open'} the sidebar`];
  // Close the narrow drawer the way staff do (Escape or the backdrop); toggle the wide one back.
  if (!before) await page.keyboard.press('Escape');
  else await button.click({ timeout: 2000 }).catch(() => undefined);
  if (!(await wait(before))) return [`the sidebar did not ${before ? 'open again' : 'close'} after the menu button ${before ? 'closed' : 'opened'} it`];
  await page.waitForTimeout(120);
  return [];
}

// Message ids look like `servers.actions.delete`: a namespace of the catalogues, then dotted words.
const namespaces = new Set(Object.keys(messages.en).map((id) => id.split('.')[0]));
const knownIds = new Set([...Object.keys(messages.en), ...Object.keys(messages.fa)]);
const ID_PATTERN = /\b[a-z][a-zA-Z]*(?:\.[a-zA-Z][a-zA-Z0-9]*)+\b/g;

export async function rawIds(page: Page): Promise<string[]> {
  // code samples (the API help) may quote message ids on purpose
  const text = await page.evaluate(() => {
    const parts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!parent || parent.closest('pre, code, script, style')) continue;
      if (parent.getClientRects().length) parts.push(n.textContent ?? '');
    }
    return parts.join(' ');
  });
  const found = new Set<string>();
  for (const match of text.matchAll(ID_PATTERN)) {
    const id = match[0];
    if (knownIds.has(id) || (namespaces.has(id.split('.')[0]) && id.split('.').length >= 2 && !/\.(com|net|org|ir|io|vpn|app)$/.test(id))) found.add(id);
  }
  return [...found].map((id) => `raw message id in the page: ${id}`);
}

/**
 * Inputs whose text area (the box inside their padding) something else covers: the browser hits
 * another element at points along the middle of that area, so typed text would run under it (a long
 * password under the show button in Persian, whose input is left to right while the button sits at
 * the page's end).
 */
export async function coveredInputs(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const inputs = document.querySelectorAll<HTMLInputElement>(
      'input:not([type]), input[type=text], input[type=password], input[type=email], input[type=search], input[type=tel], input[type=url]',
    );
    for (const input of inputs) {
      if (!input.checkVisibility({ checkVisibilityCSS: true })) continue;
      const rect = input.getBoundingClientRect();
      const style = getComputedStyle(input);
      const px = (v: string) => parseFloat(v) || 0;
      const left = rect.left + px(style.borderLeftWidth) + px(style.paddingLeft);
      const right = rect.right - px(style.borderRightWidth) - px(style.paddingRight);
      const y = rect.top + rect.height / 2;
      if (right - left < 8 || y < 0 || y > innerHeight) continue;
      for (let i = 0; i <= 4; i++) {
        const x = left + 2 + ((right - left - 4) * i) / 4;
        if (x < 0 || x > innerWidth) continue;
        const hit = document.elementFromPoint(x, y);
        // What belongs to the field itself (an adornment beside the input, in the input's own box); a
        // sticky header over a scrolled field is not the field's fault.
        if (hit && hit !== input && input.parentElement?.contains(hit) && hit.closest('button, [role=button], a, svg')) {
          const name = input.getAttribute('aria-label') ?? input.labels?.[0]?.textContent ?? input.name ?? input.id;
          problems.push(
            `"${(hit.closest('button, [role=button], a, svg') as Element).getAttribute('aria-label') ?? hit.tagName.toLowerCase()}" lies over the text of the input "${name}"`,
          );
          break;
        }
      }
    }
    return problems;
  });
}

export const layoutCheck: PageCheck = {
  name: 'layout',
  roles: ['admin'],
  afterResize: true,
  async run({ page, width, resized }) {
    const problems: string[] = [];
    if (await bodyScrollsSideways(page)) {
      const widths = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
      problems.push(`the page body scrolls sideways (${widths[0]} px of content in ${widths[1]} px)`);
    }
    problems.push(...(await reachProblems(page, CONTROLS)));
    problems.push(...(await coveredInputs(page)));
    problems.push(...(await overlappingText(page)));
    // The sidebar toggle, on the steps that crossed 800 px: narrow (760) and wide (1366) again.
    if (resized) problems.push(...(await menuProblems(page)));
    if (width === 1366 && !resized) problems.push(...(await rawIds(page)));
    return problems;
  },
};
