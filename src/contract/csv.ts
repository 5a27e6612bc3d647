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
//
// Data, not display: an export is read by programs, so every cell is the value itself.
// A date is written as ISO 8601 (a Date cell is written by toISOString, and callers hand over the
// stored ISO text, never a Jalali or locale date), a number with Latin digits (a number cell; never
// a locale-formatted string), and no cell or header carries a bidirectional control character
// (LRM/RLM U+200E/F, ALM U+061C, the embeddings and overrides U+202A-E, the isolates U+2066-9):
// the panel's Persian labels wrap Latin words in isolates for the screen (`کلید ⁦API⁩`), and a
// value typed by a phone or at a failed sign-in may carry an override (U+202E) that would show
// a cell reversed. They are removed before the formula check, so `\u202E=1+1` is guarded too.
//
// Large lists are written a batch at a time (the server's streamed exports): `csvHead` is the
// byte-order mark and the header line, `csvLines` the lines of a batch of rows, each ended by CRLF;
// `csvHead(h) + csvLines(rows)` is `csvText(h, rows)` followed by a line end.
import Papa from 'papaparse';

/** What a CSV cell can be given as; null and undefined are written as an empty cell. */
export type CsvCell = string | number | boolean | Date | null | undefined;

/** The bidirectional control characters no exported cell or header keeps (see the header comment). */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** The text without bidirectional control characters, as an export writes it. */
export const withoutBidiControls = (text: string): string => text.replace(BIDI_CONTROLS, '');

/** Characters that make a spreadsheet read a cell as a formula when they come first. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A whole cell that is a decimal number with an optional sign and exponent (no line break, no other text). */
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
/** papaparse's `escapeFormulae` as a pattern: FORMULA_START, unless the cell is a PLAIN_NUMBER (no `g` flag: `test` keeps no state). */
const ESCAPE_FORMULAE = new RegExp(`^(?!${PLAIN_NUMBER.source.slice(1, -1)}$)${FORMULA_START.source.slice(1)}`);

/** True when a spreadsheet would read this cell's text as a formula (and csvText prefixes it with `'`). */
export function isFormulaCell(value: CsvCell): boolean {
  if (typeof value !== 'string') return false;
  return ESCAPE_FORMULAE.test(withoutBidiControls(value));
}

/** A cell as written: text without bidi controls, an invalid date as nothing, anything else as given. */
function cleanCell(cell: CsvCell): CsvCell {
  if (typeof cell === 'string') return withoutBidiControls(cell);
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString();
  return cell ?? '';
}

const unparse = (fields: readonly CsvCell[], rows: readonly (readonly CsvCell[])[]) =>
  Papa.unparse(
    { fields: fields.map(cleanCell) as string[], data: rows.map((row) => row.map(cleanCell)) },
    { escapeFormulae: ESCAPE_FORMULAE, newline: '\r\n' },
  );

/**
 * A CSV file's text: a UTF-8 byte-order mark (so spreadsheet apps read Persian), the header row,
 * then one line a row, lines ended by CRLF. A cell a spreadsheet would run as a formula is written
 * as `"'=…"` (see the header comment); plain numbers stay numbers; bidi controls are dropped.
 */
export function csvText(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return `\uFEFF${unparse(header, rows)}`;
}

/** The start of a CSV written a batch at a time: the byte-order mark and the header line, with its line end. */
export function csvHead(header: readonly string[]): string {
  // the header as a row of its own: the same escaping, and its line end whatever the rows
  return `\uFEFF${unparse([], [header])}\r\n`;
}

/** The lines of a batch of rows, each ended by CRLF ('' for none), guarded like csvText's. */
export function csvLines(rows: readonly (readonly CsvCell[])[]): string {
  return rows.length ? `${unparse([], rows)}\r\n` : '';
}
