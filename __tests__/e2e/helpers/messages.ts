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
