// The panel's styles go through the RTL plugin (stylis-plugin-rtl), which flips every physical side
// in Persian: `textAlign: 'left'` becomes right, `pl` becomes padding-right. On an element that is
// left to right in both languages (code, JSON, recovery codes, keys: `dir="ltr"`) that puts the text
// on the wrong side ("What the app receives" right-aligned, recovery-code markers over the codes).
// Logical values (`textAlign: 'start'`, `paddingInlineStart`) follow the element's own direction and
// are not flipped. This finds the class anywhere in src/.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '../../../src');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : /\.tsx?$/.test(name) ? [full] : [];
  });

const sources = files(root).map((file) => ({ file: path.relative(root, file), text: readFileSync(file, 'utf8') }));

it('aligns text by start and end, never by a physical side the RTL plugin would flip', () => {
  const found = sources.flatMap(({ file, text }) => [...text.matchAll(/textAlign: '(left|right)'/g)].map((m) => `${file}: ${m[0]}`));
  expect(found).toEqual([]);
});

it('gives a left-to-right element no physical padding or margin in its sx', () => {
  const found = sources.flatMap(({ file, text }) =>
    [...text.matchAll(/<[A-Za-z][\w.]*\s[^<>]*?dir="ltr"[^<>]*?sx=\{\{([^}]*)\}\}/g)]
      .filter((m) => /\b(pl|pr|ml|mr|paddingLeft|paddingRight|marginLeft|marginRight)\s*:/.test(m[1]))
      .map((m) => `${file}: ${m[1].trim().slice(0, 80)}`),
  );
  expect(found).toEqual([]);
});
