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

/** Property names that only change side: `margin-left` ↔ `margin-right`, `border-top-left-radius`, `left` … */
const SIDED_PROPERTY = /^(?:(?:margin|padding|border)-(?:left|right)(?:-(?:width|color|style))?|border-(?:top|bottom)-(?:left|right)-radius|left|right)$/;
/**
 * Property names some cssjanus rule reads (its patterns look for the name before the colon, so a
 * name ending in one counts): four-value shorthands, colours, backgrounds, radii, shadows, transforms.
 */
const NAME_READ =
  /(?:margin|padding|border-width|-color|border-style|background|background-position|background-position-x|border-radius|box-shadow|text-shadow|transform)$/i;
/** Of those, the ones cssjanus reorders only in their four-value form. */
const FOUR_VALUE = /(?:margin|padding|border-width|-color|border-style)$/i;
/** Anything in a value that cssjanus might read: a side or direction word, a cursor, a comment, an escape, a url. */
const VALUE_MAY_FLIP = /left|right|ltr|rtl|resize|\/\*|\\|url\(/i;
const swapSide = (name: string) => name.replace(/left|right/, (side) => (side === 'left' ? 'right' : 'left'));
/** How many values a value lists (a function's parentheses, with their spaces, count as part of one). */
const valueCount = (value: string) =>
  value
    .replace(/\([^()]*\)/g, '()')
    .replace(/\([^()]*\)/g, '()')
    .trim()
    .split(/\s+/).length;

/**
 * What cssjanus makes of the commonest declarations, without it (a phone spent 40-60 ms at 4x CPU
 * in cssjanus on a page's first commit; its first call alone, compiling its expressions,
 * cost ~10 ms unthrottled): a side-named property whose value names no side swaps its name; a value
 * of position words swaps its sides; a four-value shorthand of plain parts swaps its second and
 * fourth; a transform's one translate changes its offset's sign; a value that names nothing
 * cssjanus reads stays, under a name no rule of cssjanus reads, or under a four-value shorthand with
 * fewer values, a one-value radius, a shadow of `none` or a variable, or a one-word background.
 * Anything else: undefined, and cssjanus decides (rtl-declarations.test.tsx requires the same style
 * sheet either way).
 */
function quickFlip(declaration: string): string | undefined {
  const colon = declaration.indexOf(':');
  if (colon < 0 || !declaration.endsWith(';')) return undefined;
  const name = declaration.slice(0, colon);
  const value = declaration.slice(colon + 1, -1);
  if (/left|right/i.test(name) && !SIDED_PROPERTY.test(name)) return undefined;
  // `text-align:left`, `float:right`, `transform-origin:top left`: the side words swap
  if (POSITION_WORDS.test(value)) return `${SIDED_PROPERTY.test(name) ? swapSide(name) : name}:${value.replace(/left|right/g, swapSide)};`;
  if (VALUE_MAY_FLIP.test(value)) return undefined;
  if (SIDED_PROPERTY.test(name)) return `${swapSide(name)}:${value};`;
  if (!NAME_READ.test(name)) return declaration;
  if (FOUR_VALUE.test(name)) {
    if (valueCount(value) < 4) return declaration;
    const parts = value.split(' ');
    // `padding:0 12px 0 16px`: the second and fourth swap, where every part is a plain one
    const plain = /-color$|border-style$/i.test(name) ? PLAIN_COLOR : PLAIN_QUANTITY;
    if (parts.length === 4 && parts.every((part) => plain.test(part))) return `${name}:${parts[0]} ${parts[3]} ${parts[2]} ${parts[1]};`;
    return undefined;
  }
  if (/border-radius$/i.test(name) && valueCount(value) === 1 && !value.includes('/')) return declaration;
  // `box-shadow:none`, `box-shadow:var(--Paper-shadow)`: no offset to flip
  if (/^(?:box|text)-shadow$/i.test(name) && /^(?:none|var\(--[\w-]+\))$/.test(value)) return declaration;
  // `background:none`, `--AppBar-background:#1f4e9c`: one word, no position in it
  if (/background$/i.test(name) && /^[^\s\d.+-][^\s]*$/.test(value) && !value.includes('%')) return declaration;
  if (/transform$/i.test(name)) return quickTranslate(name, value);
  return undefined;
}

/** A value of position words only (`left`, `top right`, `center`). */
const POSITION_WORDS = /^(?:left|right|top|bottom|center)(?: (?:left|right|top|bottom|center))*$/;
/** A part cssjanus reorders in a four-value `margin`/`padding`/`border-width`: a number with its unit, `auto`, `inherit`. */
const PLAIN_QUANTITY = /^(?:-?(?:\d*\.\d+|\d+)(?:%|-?[_a-z][_a-z0-9-]*)?|auto|inherit)$/i;
/** A part cssjanus reorders in a four-value colour or `border-style`: a word or a hex colour. */
const PLAIN_COLOR = /^#?[_a-z0-9-]+$/i;
const TRANSLATE = /^(.*?\btranslateX?\(\s*)(-?(?:\d*\.\d+|\d+)(?:%|[a-z]+)?)((?:\s*,\s*-?(?:\d*\.\d+|\d+)(?:%|[a-z]+)?){0,2}\s*\).*)$/i;

/**
 * A transform, the way cssjanus flips it: the horizontal offset of its one `translate(x, …)` or
 * `translateX(x)` changes sign (a zero stays); a transform without either stays as it is.
 */
function quickTranslate(name: string, value: string): string | undefined {
  const translates = value.match(/translate/gi)?.length ?? 0;
  if (!/translateX?\s*\(/i.test(value)) return `${name}:${value};`;
  const match = translates === 1 ? TRANSLATE.exec(value) : null;
  if (!match) return undefined;
  const [, before, offset, after] = match;
  const flippedOffset = parseFloat(offset) === 0 ? offset : offset.startsWith('-') ? offset.slice(1) : `-${offset}`;
  return `${name}:${before}${flippedOffset}${after};`;
}

function flip(declaration: string): string {
  if (!MAY_FLIP.test(declaration)) return declaration;
  const known = flipped.get(declaration);
  if (known !== undefined) return known;
  const quick = quickFlip(declaration);
  if (quick !== undefined) {
    flipped.set(declaration, quick);
    return quick;
  }
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
