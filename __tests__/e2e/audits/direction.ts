// The direction-and-digits audit of docs/architecture.md §9, as a PageCheck: in a Persian
// page, every Latin technical token on screen (a link with ://, C++, an IP, a package or host
// name, a version like 1.2.3) must sit in a left-to-right isolate, so the bidi algorithm cannot
// reorder it; and no number the panel formats may show Latin digits outside such an isolate.
// An isolate is either an element with computed `direction: ltr` and `unicode-bidi: isolate`
// (or isolate-override / plaintext) - or a block-level one with `direction: ltr`, which starts a
// paragraph of its own - or Unicode isolate marks (U+2066/U+2068 ... U+2069) around the token.
// `direction` alone on an inline element does not count: it reorders nothing.
// And where it matters most, it looks at the screen rather than the styles: a Latin name that ends in
// neutral characters ("Speed C++", "Gamma VPN (beta)", "Falcon VPN <b>") must be laid out in its
// logical order, each character to the right of the one before it on its line (Range.getClientRects),
// whatever component shows it: a name typed by a person or a phone, not isolated, reads "++Speed C".
import type { Page } from 'playwright-core';
import type { PageCheck } from '../helpers/audit';

export interface DirectionProblem {
  kind: 'not-isolated' | 'latin-digits' | 'reordered';
  /** The token or number found. */
  token: string;
  /** The text around it, and a short path of the element holding it. */
  text: string;
  where: string;
}

/** Runs in the page: every problem of the rendered document. */
function findProblems(): DirectionProblem[] {
  const TOKEN_SOURCES = [
    String.raw`[a-z][a-z0-9+.-]*:\/\/[^\s\u2066-\u2069«»"'<>()]+`, // links: vless://…, https://…
    String.raw`[A-Za-z]+\+\+`, // C++
    String.raw`\b\d{1,3}(?:\.\d{1,3}){3}\b`, // IPv4
    String.raw`\b[0-9a-fA-F]{1,4}(?::[0-9a-fA-F]{0,4}){2,7}`, // IPv6 (2001:db8::7)
    String.raw`\b[a-zA-Z][a-zA-Z0-9_-]*(?:\.[a-zA-Z][a-zA-Z0-9_-]*){2,}\b`, // package and host names
    String.raw`\b\d+\.\d+\.\d+\b`, // versions 1.2.3
  ];
  const tokenRe = new RegExp(TOKEN_SOURCES.join('|'), 'g');
  const OPEN = '\u2066\u2067\u2068';
  const CLOSE = '\u2069';
  const problems: DirectionProblem[] = [];
  const isolatedCache = new Map<Element, boolean>();

  const describe = (el: Element) => {
    const parts: string[] = [];
    for (let e: Element | null = el; e && e !== document.body && parts.length < 4; e = e.parentElement) {
      const field = e.getAttribute('data-field');
      parts.unshift(e.tagName.toLowerCase() + (field ? `[data-field=${field}]` : '') + (e.id ? `#${e.id}` : ''));
    }
    return parts.join(' > ');
  };

  /** Whether the element or an ancestor lays its content out left to right in an isolate. */
  const inLtrIsolate = (el: Element | null): boolean => {
    if (!el || el === document.documentElement) return false;
    const cached = isolatedCache.get(el);
    if (cached !== undefined) return cached;
    const style = getComputedStyle(el);
    const own = style.direction === 'ltr' && (['isolate', 'isolate-override', 'plaintext'].includes(style.unicodeBidi) || !style.display.startsWith('inline'));
    const result = own || inLtrIsolate(el.parentElement);
    isolatedCache.set(el, result);
    return result;
  };

  /** Depth of Unicode isolates at each index of the text. */
  const isolateDepths = (text: string) => {
    const depths: number[] = [];
    let depth = 0;
    for (const c of text) {
      if (OPEN.includes(c)) depth++;
      depths.push(depth);
      if (c === CLOSE) depth = Math.max(0, depth - 1);
    }
    return depths;
  };

  /** Latin words, and the neutral ending that a bidi reordering moves to the other side. */
  const NAME_WITH_NEUTRAL_END = /[A-Za-z][A-Za-z0-9]*(?:[ ._-][A-Za-z0-9]+)*(?:\+\+| ?\([A-Za-z0-9 ]+\)| ?<[A-Za-z]+>)/g;
  /** Whether the characters of text[start, end) are laid out left to right on each line. */
  const inLogicalOrder = (node: Text, start: number, end: number): boolean => {
    const range = document.createRange();
    let last: DOMRect | undefined;
    for (let i = start; i < end; i++) {
      if (node.data[i] === ' ') continue;
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const rect = range.getClientRects()[0];
      if (!rect || rect.width === 0) continue;
      // a new line (wrapped) starts the comparison again
      if (last && Math.abs(rect.top - last.top) < rect.height / 2 && rect.left < last.left - 0.5) return false;
      last = rect;
    }
    return true;
  };

  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const el = node.parentElement;
    const text = node.data;
    if (!el || !/[0-9A-Za-z]/.test(text)) continue;
    if (el.closest('script, style, noscript, textarea, [contenteditable="true"], svg')) continue;
    if (!el.checkVisibility({ checkVisibilityCSS: true })) continue;
    for (const match of text.matchAll(NAME_WITH_NEUTRAL_END)) {
      const start = match.index ?? 0;
      if (!inLogicalOrder(node, start, start + match[0].length)) {
        problems.push({ kind: 'reordered', token: match[0], text: text.trim().slice(0, 80), where: describe(el) });
      }
    }
    if (inLtrIsolate(el)) continue;
    const depths = isolateDepths(text);
    const covered: boolean[] = Array.from({ length: text.length }, () => false);
    for (const match of text.matchAll(tokenRe)) {
      const start = match.index ?? 0;
      for (let i = start; i < start + match[0].length; i++) covered[i] = true;
      if (depths[start] > 0) continue;
      problems.push({ kind: 'not-isolated', token: match[0], text: text.trim().slice(0, 80), where: describe(el) });
    }
    for (const match of text.matchAll(/[0-9]+/g)) {
      const start = match.index ?? 0;
      if (covered[start] || depths[start] > 0) continue;
      // digits of a Latin name (S-1, Redmi Note 10, base64) belong to that name, not to a formatted number
      const before = text.slice(0, start);
      const after = text[start + match[0].length] ?? '';
      if (/[A-Za-z_-]$|[A-Za-z][A-Za-z0-9.-]* $/.test(before) || /[A-Za-z_]/.test(after)) continue;
      problems.push({ kind: 'latin-digits', token: match[0], text: text.trim().slice(0, 80), where: describe(el) });
    }
  }
  return problems;
}

export async function directionProblems(page: Page): Promise<DirectionProblem[]> {
  return page.evaluate(findProblems);
}

export const directionCheck: PageCheck = {
  name: 'direction and digits',
  locales: ['fa'],
  widths: [1366],
  async run({ page }) {
    return (await directionProblems(page)).map((p) =>
      p.kind === 'not-isolated'
        ? `"${p.token}" is not in a left-to-right isolate: "${p.text}" (${p.where})`
        : p.kind === 'reordered'
          ? `"${p.token}" is laid out out of its order (not isolated): "${p.text}" (${p.where})`
          : `Latin digits "${p.token}" in Persian text: "${p.text}" (${p.where})`,
    );
  },
};
