// Persian messages keep technical text in its own order (docs/architecture.md §9): inside a message
// that has Persian text, every Latin run (C++, API, vmess://, UTF-8 ...) sits between Unicode
// isolates (U+2066 LRI or U+2068 FSI ... U+2069 PDI), so the bidi algorithm cannot turn "کلید C++"
// into "کلید ++C" (names in sentences are isolated with FSI too, where the message wants it); and
// every count-like argument is formatted as a number, so Persian gets Persian digits from Intl.
import fs from 'node:fs';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';

const src = path.resolve(__dirname, '../../../../src');
const langFiles = (locale: 'fa' | 'en') => [
  path.join(src, 'app/i18n/lang', `${locale}.json`),
  ...fs
    .readdirSync(path.join(src, 'features'))
    .map((f) => path.join(src, 'features', f, 'lang', `${locale}.json`))
    .filter((p) => fs.existsSync(p)),
];
const catalogue = (locale: 'fa' | 'en'): [string, string][] =>
  langFiles(locale).flatMap((p) => Object.entries(JSON.parse(fs.readFileSync(p, 'utf8')) as Record<string, string>));

const OPEN = new Set(['\u2066', '\u2067', '\u2068']);
const CLOSE = '\u2069';
const ARG = '\uE000';
/** Arguments that always carry a number. */
const NUMERIC_ARGS = new Set(['count', 'min', 'row', 'hours', 'minutes', 'seconds', 'from', 'to', 'servers', 'profiles', 'version']);

/** The message as the reader sees its order: literals, ARG for a string argument, tags' content inline. */
function flatten(elements: MessageFormatElement[]): string {
  return elements
    .map((el) => {
      if (el.type === TYPE.literal) return el.value;
      if (el.type === TYPE.argument) return ARG;
      if (el.type === TYPE.tag) return flatten(el.children);
      if (el.type === TYPE.plural || el.type === TYPE.select)
        return Object.values(el.options)
          .map((o) => flatten(o.value))
          .join(' ');
      return '#';
    })
    .join('');
}

function argumentsWithTypes(elements: MessageFormatElement[]): { name: string; type: TYPE }[] {
  return elements.flatMap((el) => {
    const own = 'value' in el && typeof el.value === 'string' && el.type !== TYPE.literal ? [{ name: el.value, type: el.type }] : [];
    const nested =
      el.type === TYPE.tag ? argumentsWithTypes(el.children) : 'options' in el ? Object.values(el.options).flatMap((o) => argumentsWithTypes(o.value)) : [];
    return [...own, ...nested];
  });
}

/** The runs of Latin letters found outside any isolate. */
export function unisolated(message: string): string[] {
  const flat = flatten(parse(message));
  if (!/[\u0600-\u06FF]/.test(flat)) return []; // all-Latin text is one run: nothing to isolate inside it
  const found: string[] = [];
  let depth = 0;
  let run = '';
  for (const c of flat) {
    if (OPEN.has(c)) depth++;
    else if (c === CLOSE) depth = Math.max(0, depth - 1);
    if (depth === 0 && /[A-Za-z]/.test(c)) {
      run += c;
      continue;
    }
    if (run) found.push(run);
    run = '';
  }
  if (run) found.push(run);
  return found;
}

describe('Persian messages and technical text', () => {
  const fa = catalogue('fa');

  it('the check itself tells isolated from bare Latin text', () => {
    expect(unisolated('کلید C++')).toEqual(['C']);
    expect(unisolated('کلید \u2066C++\u2069')).toEqual([]);
    expect(unisolated('حذف {name} از <b>API</b> و IV')).toEqual(['API', 'IV']);
    expect(unisolated('نام (<code>\u2066name\u2069</code>)')).toEqual([]);
    expect(unisolated('GitHub')).toEqual([]);
  });

  it.each(fa)('%s: every Latin run is isolated', (_id, message) => {
    expect(unisolated(message)).toEqual([]);
  });

  it('the C++ key label renders with the token isolated', () => {
    const label = new IntlMessageFormat(Object.fromEntries(fa)['apps.settings.fields.cppKey'], 'fa-IR').format() as string;
    expect(label).toBe('کلید \u2066C++\u2069');
  });

  it.each([...fa, ...catalogue('en')])('%s: count-like arguments are formatted as numbers', (_id, message) => {
    for (const arg of argumentsWithTypes(parse(message))) {
      if (NUMERIC_ARGS.has(arg.name)) expect([arg.name, arg.type === TYPE.number || arg.type === TYPE.plural]).toEqual([arg.name, true]);
    }
  });

  it('numbers in Persian messages come out in Persian digits', () => {
    const messages = Object.fromEntries(fa);
    const format = (id: string, values: Record<string, number>) => new IntlMessageFormat(messages[id], 'fa-IR').format(values) as string;
    expect(format('form.timeStep.value', { hours: 0, minutes: 30 })).toBe('۰ ساعت و ۳۰ دقیقه');
    expect(format('users.fields.passwordRule', { min: 8 })).toMatch(/^دست‌کم ۸ /);
    expect(format('devices.count', { count: 1200 })).toBe('۱٬۲۰۰ دستگاه');
    expect(format('dataGrid.paginationDisplayedRows', { from: 1, to: 30, count: 45 })).toBe('۱–۳۰ از ۴۵');
  });
});
