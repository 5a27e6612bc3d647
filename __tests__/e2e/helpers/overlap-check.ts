// Part of the layout audit (docs/architecture.md §9): text that another element's box lies over. For
// each visible run of text in the page (each line box of each text node, within what its scrolling
// ancestors and the viewport show), the browser is asked what it hits at points along the line's
// middle; a hit that is neither the text's own element nor inside or around it covers the text.
// Intentional overlays are not failures: an element with position sticky or fixed and an opaque
// background (the sticky actions column a wide list scrolls under, the app bar), and what is open
// above the page (dialogs, menus, popovers, tooltips, toasts), which covers the page on purpose.
// Text the pointer passes through (pointer-events: none, a label resting inside its empty field) is
// skipped: the browser's hit test cannot see it.
import type { Page } from 'playwright-core';

export async function overlappingText(page: Page, scope = 'body'): Promise<string[]> {
  return page.evaluate((selector) => {
    const root = document.querySelector(selector);
    if (!root) return [];
    const LAYERS =
      '.MuiPopover-root, .MuiModal-root, .MuiPopper-root, .MuiTooltip-popper, .MuiSnackbar-root, [role=dialog], [role=tooltip], [role=alert], [role=status]';
    const opaque = (el: Element) => {
      const bg = getComputedStyle(el).backgroundColor;
      const m = bg.match(/rgba?\(([^)]+)\)/);
      if (!m) return false;
      const parts = m[1].split(',').map((p) => parseFloat(p));
      return parts.length < 4 || parts[3] >= 0.95;
    };
    /** An element that stays put over content that scrolls under it, and hides it. */
    const overlay = (el: Element | null): boolean => {
      for (let e = el; e && e !== document.body; e = e.parentElement) {
        const pos = getComputedStyle(e).position;
        if ((pos === 'sticky' || pos === 'fixed') && opaque(e)) return true;
      }
      return false;
    };
    /** The part of a rect that the element's clipping ancestors and the viewport show. */
    const visiblePart = (rect: DOMRect, el: Element) => {
      let { left, right, top, bottom } = rect;
      for (let e: Element | null = el; e && e !== document.documentElement; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
          const r = e.getBoundingClientRect();
          if (style.overflowX !== 'visible') [left, right] = [Math.max(left, r.left), Math.min(right, r.right)];
          if (style.overflowY !== 'visible') [top, bottom] = [Math.max(top, r.top), Math.min(bottom, r.bottom)];
        }
      }
      [left, right, top, bottom] = [Math.max(left, 0), Math.min(right, innerWidth), Math.max(top, 0), Math.min(bottom, innerHeight)];
      return right - left >= 4 && bottom - top >= 4 ? { left, right, top, bottom } : null;
    };
    const problems = new Set<string>();
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const owner = node.parentElement;
      if (!text || !owner || owner.closest('script, style, [aria-hidden=true]') || owner.closest(LAYERS)) continue;
      if (!owner.checkVisibility({ checkVisibilityCSS: true, opacityProperty: true })) continue;
      // text the pointer passes through (a field's label resting inside its empty field) cannot be
      // told apart from what lies under it
      if (getComputedStyle(owner).pointerEvents === 'none') continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        const part = visiblePart(rect, owner);
        if (!part) continue;
        const y = (part.top + part.bottom) / 2;
        for (const f of [0.1, 0.5, 0.9]) {
          const x = part.left + (part.right - part.left) * f;
          const hit = document.elementFromPoint(x, y);
          if (!hit || hit === owner || owner.contains(hit) || hit.contains(owner)) continue;
          // an invisible box (a picker's placeholder sections before focus) hides nothing
          if (!hit.checkVisibility({ opacityProperty: true, visibilityProperty: true }) || hit.closest(LAYERS) || overlay(hit)) continue;
          // an empty box that paints nothing (the grid's scrollbar spacer) hides nothing either
          const paint = getComputedStyle(hit);
          if (
            !hit.childElementCount &&
            !hit.textContent?.trim() &&
            /^(transparent|rgba\(0, 0, 0, 0\))$/.test(paint.backgroundColor) &&
            paint.backgroundImage === 'none' &&
            parseFloat(paint.borderTopWidth) + parseFloat(paint.borderBottomWidth) === 0
          )
            continue;
          const what = (hit.getAttribute('aria-label') ?? hit.textContent ?? '').trim().slice(0, 30) || hit.tagName.toLowerCase();
          problems.add(
            `"${what}" (${hit.tagName.toLowerCase()}${hit.className && typeof hit.className === 'string' ? `.${hit.className.split(' ')[0]}` : ''}) lies over the text "${text.slice(0, 40)}"`,
          );
          break;
        }
      }
    }
    return [...problems];
  }, scope);
}
