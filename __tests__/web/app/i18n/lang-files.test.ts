// Every lang file pair (the shell's and every feature's) holds the same ids in fa and en, with the
// same placeholders; feature ids carry the feature's prefix and are unique across files; every
// validation message id of the contract has both texts; every message parses as ICU.
import fs from 'node:fs';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { V } from '../../../../src/contract';
import { loadMessages } from '../../../../src/app/i18n/messages';

const src = path.resolve(__dirname, '../../../../src');
const read = (file: string): Record<string, string> => JSON.parse(fs.readFileSync(file, 'utf8'));
const camel = (name: string) => name.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

const langDirs = [
  { owner: 'shell', dir: path.join(src, 'app/i18n/lang'), prefix: undefined as string | undefined },
  ...fs
    .readdirSync(path.join(src, 'features'))
    .filter((f) => fs.existsSync(path.join(src, 'features', f, 'lang')))
    .map((f) => ({ owner: f, dir: path.join(src, 'features', f, 'lang'), prefix: `${camel(f)}.` })),
];

function argumentsOf(elements: MessageFormatElement[]): string[] {
  return elements.flatMap((el) => {
    if (el.type === TYPE.literal || el.type === TYPE.pound) return [];
    const own = 'value' in el && typeof el.value === 'string' ? [el.value] : [];
    const nested = 'options' in el ? Object.values(el.options).flatMap((o) => argumentsOf(o.value)) : [];
    return [...own, ...nested];
  });
}

describe('lang files', () => {
  it('exist as fa/en pairs for the shell and every feature with pages', () => {
    const features = fs.readdirSync(path.join(src, 'features')).filter((f) => fs.existsSync(path.join(src, 'features', f, 'routes.ts')));
    for (const feature of features) expect(langDirs.map((d) => d.owner)).toContain(feature);
    for (const { dir } of langDirs) {
      expect(fs.existsSync(path.join(dir, 'fa.json'))).toBe(true);
      expect(fs.existsSync(path.join(dir, 'en.json'))).toBe(true);
    }
  });

  it.each(langDirs)('$owner: fa and en hold the same ids and placeholders', ({ dir }) => {
    const fa = read(path.join(dir, 'fa.json'));
    const en = read(path.join(dir, 'en.json'));
    expect(Object.keys(en).sort()).toEqual(Object.keys(fa).sort());
    for (const id of Object.keys(fa)) {
      expect([id, argumentsOf(parse(en[id])).sort()]).toEqual([id, argumentsOf(parse(fa[id])).sort()]);
      expect([id, fa[id].trim().length > 0, en[id].trim().length > 0]).toEqual([id, true, true]);
    }
  });

  it.each(langDirs.filter((d) => d.prefix))('$owner: ids start with the feature prefix', ({ dir, prefix }) => {
    for (const id of Object.keys(read(path.join(dir, 'fa.json')))) expect(id.startsWith(prefix!)).toBe(true);
  });

  it('no id is defined by two files', () => {
    const seen = new Map<string, string>();
    for (const { owner, dir } of langDirs) {
      for (const id of Object.keys(read(path.join(dir, 'fa.json')))) {
        expect([id, seen.get(id)]).toEqual([id, undefined]);
        seen.set(id, owner);
      }
    }
  });

  it('every validation message id of the contract has a text in both languages', async () => {
    const [fa, en] = await Promise.all([loadMessages('fa'), loadMessages('en')]);
    for (const id of Object.values(V)) {
      expect([id, typeof fa[id], typeof en[id]]).toEqual([id, 'string', 'string']);
    }
  });

  it("the merged catalogues contain every file's messages", async () => {
    const fa = await loadMessages('fa');
    for (const { dir } of langDirs) expect(fa).toMatchObject(read(path.join(dir, 'fa.json')));
  });
});
