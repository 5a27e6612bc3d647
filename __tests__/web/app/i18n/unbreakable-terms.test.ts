// A technical term with a hyphen (UTF-8) never breaks across lines: a line that ends in `UTF-` and
// goes on with `8).` reads as two words, and in Persian the bidi order then shows `UTF-)`. Every
// message of both languages writes it with the non-breaking hyphen (U+2011), which looks the same.
import fs from 'node:fs';
import path from 'node:path';

const src = path.resolve(__dirname, '../../../../src');
const messages = (locale: 'fa' | 'en'): [string, string][] =>
  [
    path.join(src, 'app/i18n/lang', `${locale}.json`),
    ...fs.readdirSync(path.join(src, 'features')).map((f) => path.join(src, 'features', f, 'lang', `${locale}.json`)),
  ]
    .filter((p) => fs.existsSync(p))
    .flatMap((p) => Object.entries(JSON.parse(fs.readFileSync(p, 'utf8')) as Record<string, string>));

const TERMS = /UTF-8|UTF-16|ISO-8601/;

describe.each(['fa', 'en'] as const)('%s messages', (locale) => {
  it('write hyphenated technical terms with a non-breaking hyphen', () => {
    const breakable = messages(locale)
      .filter(([, text]) => TERMS.test(text))
      .map(([id]) => id);
    expect(breakable).toEqual([]);
  });

  it('still name UTF-8 where the import guide and its reasons do', () => {
    const ids = messages(locale)
      .filter(([, text]) => text.includes('UTF\u20118'))
      .map(([id]) => id);
    expect(ids).toEqual(expect.arrayContaining(['servers.import.guide.columns', 'servers.reason.csv.notUtf8']));
  });
});
