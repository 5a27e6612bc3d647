// The product's own message catalogues, merged per locale, so e2e selectors follow the real texts.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const src = resolve(__dirname, '../../../src');

function load(locale: 'fa' | 'en'): Record<string, string> {
  const files = [join(src, 'app/i18n/lang', `${locale}.json`)];
  for (const f of readdirSync(join(src, 'features'))) {
    const p = join(src, 'features', f, 'lang', `${locale}.json`);
    if (existsSync(p)) files.push(p);
  }
  return Object.assign({}, ...files.map((p) => JSON.parse(readFileSync(p, 'utf8'))));
}

export const messages = { fa: load('fa'), en: load('en') };

/** The text of a message id in a locale; fails loudly on an unknown id. */
export function t(locale: 'fa' | 'en', id: string): string {
  const text = messages[locale][id];
  if (text === undefined) throw new Error(`no message ${id} in ${locale}`);
  return text;
}

/** The index just past the `}` that closes the `{` at `open`. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i + 1;
  }
  throw new Error(`unbalanced message: ${text}`);
}

/**
 * A message formatted the way the panel formats it, for the ICU forms the catalogues use (plain
 * `{x}`, `{x, number}` with an optional `::group-off`, `{x, plural, ...}` with `#`), numbers through
 * Intl in fa-IR or en-US: Persian digits in Persian, plural forms picked, isolates kept in place.
 * (The e2e project runs without the ESM transform intl-messageformat would need.)
 */
export function tf(locale: 'fa' | 'en', id: string, values: Record<string, string | number> = {}): string {
  const tag = locale === 'fa' ? 'fa-IR' : 'en-US';
  const number = (n: unknown, grouping = true) => new Intl.NumberFormat(tag, { useGrouping: grouping }).format(Number(n));
  const format = (text: string, pound?: number): string => {
    let out = '';
    for (let i = 0; i < text.length;) {
      if (text[i] === '#' && pound !== undefined) {
        out += number(pound);
        i++;
      } else if (text[i] !== '{') {
        out += text[i++];
      } else {
        const end = closing(text, i);
        const body = text.slice(i + 1, end - 1);
        const [name, kind] = body.split(',').map((part) => part.trim());
        const value = values[name];
        if (kind === 'plural') {
          const forms = new Map<string, string>();
          const rest = body.slice(body.indexOf('plural') + 'plural'.length + 1);
          for (let j = 0; j < rest.length;) {
            const open = rest.indexOf('{', j);
            if (open < 0) break;
            const key = rest.slice(j, open).trim();
            const close = closing(rest, open);
            forms.set(key, rest.slice(open + 1, close - 1));
            j = close;
          }
          const n = Number(value);
          const form = forms.get(`=${n}`) ?? forms.get(new Intl.PluralRules(tag).select(n)) ?? forms.get('other')!;
          out += format(form, n);
        } else if (kind === 'number') {
          out += number(value, !body.includes('group-off'));
        } else {
          out += String(value);
        }
        i = end;
      }
    }
    return out;
  };
  return format(t(locale, id));
}
