// The one CSV writer of the project (docs/product.md §9 "Export": UTF-8 with a byte-order mark).
// Every CSV file the panel or the server writes is made by `csvText`, so no export can skip the
// formula guard below; __tests__/server/contract/csv.test.ts fails when papaparse's unparse (or
// another CSV writer) is called anywhere else in src/ or server/src.
//
// CSV ("formula") injection: a spreadsheet opening the file runs a cell that starts with `=`, `+`,
// `-` or `@` as a formula (`=HYPERLINK(...)`, `=cmd|' /C calc'!A0`), and one starting with a tab or
// a carriage return may be read the same way after the app trims it. Exported cells carry text
// typed by people without a staff account (a device's model sent with an app key, the name typed at
// a failed sign-in in the audit log), so every such cell is written with a leading apostrophe,
// which spreadsheets show as text and do not run (OWASP's advice; papaparse's `escapeFormulae`).
//
// Decision: a cell that is a plain number, signed or not (`-5`, `+98`, `-1.5`, `2e3`), is left as it
// is, whether it is given as a number or as text: a spreadsheet reads it as that number, it cannot
// run anything, and an apostrophe would turn a negative amount into text that no longer sums.
// papaparse's own `escapeFormulae: true` skips numbers but escapes the text "-5"; its pattern
// (/^[=+\-@\t\r].*$/) also misses a formula followed by a line break ("=1+1\nx"), since `.` stops
// at the break and `$` then fails. Hence the pattern here: any cell whose first character is one of
// the six, unless the whole cell is a plain number.
import Papa from 'papaparse';

/** What a CSV cell can be given as; null and undefined are written as an empty cell. */
export type CsvCell = string | number | boolean | null | undefined;

/** Characters that make a spreadsheet read a cell as a formula when they come first. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A whole cell that is a decimal number with an optional sign and exponent (no line break, no other text). */
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
/** papaparse's `escapeFormulae` as a pattern: FORMULA_START, unless the cell is a PLAIN_NUMBER (no `g` flag: `test` keeps no state). */
const ESCAPE_FORMULAE = new RegExp(`^(?!${PLAIN_NUMBER.source.slice(1, -1)}$)${FORMULA_START.source.slice(1)}`);

/** True when a spreadsheet would read this cell's text as a formula (and csvText prefixes it with `'`). */
export function isFormulaCell(value: CsvCell): boolean {
  if (typeof value !== 'string') return false;
  return ESCAPE_FORMULAE.test(value);
}

/**
 * A CSV file's text: a UTF-8 byte-order mark (so spreadsheet apps read Persian), the header row,
 * then one line a row, lines ended by CRLF. A cell a spreadsheet would run as a formula is written
 * as `"'=…"` (see the header comment); plain numbers stay numbers.
 */
export function csvText(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const csv = Papa.unparse(
    { fields: [...header], data: rows.map((row) => row.map((cell) => cell ?? '')) },
    { escapeFormulae: ESCAPE_FORMULAE, newline: '\r\n' },
  );
  return `\uFEFF${csv}`;
}
