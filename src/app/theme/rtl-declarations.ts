// Right-to-left styles for emotion through stylis-plugin-rtl, one declaration at a time.
// Used as emotion intends, the plugin flips a whole rule: it prints the rule back to text, runs
// cssjanus over it and parses the result again, for every new class, inside React's commit (emotion
// inserts styles in insertion effects, which cannot be split into smaller tasks). On the dashboard
// that was about a third of the commit. A page's thousands of declarations are a few hundred
// distinct ones ("padding-left:16px;"), and most name nothing a flip can change, so here the plugin
// flips a rule holding one declaration, once per distinct declaration, and only where it could
// change something. Which declarations are flipped is what the plugin flips (rules at the top, in
// @media or nested, and everything in @keyframes and @supports), and `/* @noflip */` before a
// declaration keeps it; rtl-declarations.test.tsx requires the same style sheet, byte for byte.
import { COMMENT, compile, DECLARATION, KEYFRAMES, MEDIA, RULESET, SUPPORTS } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

/** The part of a stylis element this middleware reads and writes. */
interface Element {
  type: string;
  value: string;
  props: string | string[];
  children: string | Element[];
  parent: Element | null;
  length: number;
  return: string;
}

/**
 * Every declaration cssjanus (the plugin's engine) changes names one of these: a side, a
 * direction, a cursor's east or west, a corner, a shadow, a translation, or a four-value margin,
 * padding, border or colour.
 */
const MAY_FLIP = /left|right|ltr|rtl|resize|radius|shadow|translate|margin|padding|border|-color|background/i;

const flipped = new Map<string, string>();
/** Distinct declarations remembered; past it the memory starts again (a bound the panel never reaches). */
const REMEMBERED = 20_000;

function flip(declaration: string): string {
  if (!MAY_FLIP.test(declaration)) return declaration;
  const known = flipped.get(declaration);
  if (known !== undefined) return known;
  const rule = (compile(`x{${declaration}}`) as Element[])[0];
  rtlPlugin(rule as never, 0, [rule] as never, (() => '') as never);
  const out = Array.isArray(rule.children) ? rule.children.map((child) => child.value).join('') : declaration;
  if (flipped.size >= REMEMBERED) flipped.clear();
  flipped.set(declaration, out);
  return out;
}

/** Whether the plugin, given the whole rule, would flip a declaration with these ancestors. */
function flippedByRule(parent: Element | null): boolean {
  for (let p = parent; p; p = p.parent) {
    if (p.type === KEYFRAMES || p.type === SUPPORTS) return true;
    if (p.type === RULESET && (!p.parent || p.parent.type === MEDIA || p.parent.type === RULESET)) return true;
  }
  return false;
}

const noFlip = (before: Element | undefined): boolean => before !== undefined && before.type === COMMENT && before.value.includes('@noflip');

/** A stylis middleware: put it before the prefixer, which then prefixes the flipped declaration. */
export function rtlDeclarations(element: Element, index: number, children: Element[]): void {
  if (element.type !== DECLARATION || element.return || !flippedByRule(element.parent)) return;
  if (noFlip(children[index - 1])) return;
  const value = flip(element.value);
  if (value === element.value) return;
  const colon = value.indexOf(':');
  element.value = value;
  element.length = colon;
  element.props = value.slice(0, colon);
  element.children = value.slice(colon + 1, -1);
}
