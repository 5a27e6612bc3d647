// The profile CSV of the batch import (docs/product.md §5 "Batch import guide", docs/architecture.md §7): parses the
// file with papaparse and validates every row, collecting every failure so the user can fix the
// whole file at once. Pure and DB-free; the route inserts the rows in one transaction.
//
// Row numbers: `row` is the 1-based DATA row number — the first line after the header is row 1,
// which is line 2 of the file (and spreadsheet row 2). Blank lines are skipped but still counted,
// so the number matches what a user counting lines after the header sees. A quoted field that
// spans several lines counts as one row. File-level failures (empty file, missing column, too
// large, too many rows) use row 0.
//
// A refused file names at most CSV_ROW_ERRORS_MAX (100) errors: those of the first failing rows,
// whole rows only, plus `failedRows`, how many rows failed in all. (Every error of a 100,000-row
// file of bad rows was once answered: megabytes of JSON, many times the upload.)
import Papa from 'papaparse';
import { CSV_ROW_ERRORS_MAX } from '../../../src/contract/responses-errors';
import { Slices, yieldToEventLoop } from './cooperative';
import {
  CSV_COLUMNS,
  CSV_MAX_BYTES,
  CSV_MAX_ROWS,
  CSV_MESSAGES as C,
  PROFILE_NAME_MAX,
  PROFILE_NAME_PATTERN,
  PROTOCOLS,
  V,
  messageRef,
  type CsvColumn,
  type CsvRowError,
  type Protocol,
} from '../../../src/contract';
import { tryParseShareLink, type ParsedLink } from './share-links';

export type { CsvRowError };

export interface ValidRow {
  /** 1-based data row number (see the header comment). */
  row: number;
  name: string;
  /** The share link, trimmed. */
  address: string;
  protocol: Protocol;
  type: 'normal';
  link: ParsedLink;
}

export interface CsvFailure {
  /** The file's problems: row 0 for the file as a whole, else those of the first failing rows (at most maxErrors, whole rows). */
  errors: CsvRowError[];
  /** How many data rows failed in all; 0 when the file is refused as a whole. */
  failedRows: number;
}

export type CsvImportResult = { rows: ValidRow[] } | CsvFailure;

export const isCsvFailure = (r: CsvImportResult): r is CsvFailure => 'errors' in r;

export interface CsvImportOptions {
  maxBytes?: number;
  maxRows?: number;
  /** Rows validated between two yields to the event loop; by default a slice lasts SLICE_MS (cooperative.ts). */
  slice?: number;
  /** Row errors named at most (CSV_ROW_ERRORS_MAX). */
  maxErrors?: number;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const fail = (...errors: CsvRowError[]): CsvImportResult => ({ errors, failedRows: 0 });

/** Text papaparse reads at a time before the parse yields to the event loop: a few ms of parsing. */
const PARSE_CHUNK_CHARS = 128 * 1024;

/**
 * The file's records, parsed a chunk at a time with a turn of the event loop between chunks (a
 * 10 MB file in one go held the loop 0.3-0.5 s), and the records papaparse found malformed (bad
 * quotes). The records are those of a parse in one go: papaparse keeps a record a chunk leaves open
 * and parses it again with the next one; its error rows count from the chunk's first record.
 */
function parseRecords(text: string): Promise<{ records: string[][]; malformed: Set<number> }> {
  return new Promise((resolve) => {
    const records: string[][] = [];
    const malformed = new Set<number>();
    Papa.parse<string[]>(text, {
      delimiter: ',',
      header: false,
      skipEmptyLines: false,
      chunkSize: PARSE_CHUNK_CHARS,
      chunk(results: Papa.ParseResult<string[]>, parser: Papa.Parser) {
        const first = records.length;
        for (const record of results.data) records.push(record);
        // (a record left open and parsed again may report its error twice: a set)
        for (const e of results.errors) if (e.type === 'Quotes' && typeof e.row === 'number') malformed.add(first + e.row);
        parser.pause();
        void yieldToEventLoop().then(() => parser.resume());
      },
      complete: () => resolve({ records, malformed }),
    });
  });
}

/**
 * Parses and validates a profile CSV (UTF-8, with or without a byte-order mark, comma-separated).
 * Asynchronous only to yield to the event loop between chunks of text and slices of rows: a
 * 100,000-row file takes a second or more to parse and validate, too long to hold every other
 * request up.
 */
export async function parseProfileCsv(input: string | Uint8Array, options: CsvImportOptions = {}): Promise<CsvImportResult> {
  const maxBytes = options.maxBytes ?? CSV_MAX_BYTES;
  const maxRows = options.maxRows ?? CSV_MAX_ROWS;
  const slices = new Slices(options.slice);
  const maxErrors = options.maxErrors ?? CSV_ROW_ERRORS_MAX;

  let text: string;
  if (typeof input === 'string') {
    if (Buffer.byteLength(input, 'utf8') > maxBytes) return fail({ row: 0, field: null, reason: C.tooLarge });
    text = input;
  } else {
    if (input.byteLength > maxBytes) return fail({ row: 0, field: null, reason: C.tooLarge });
    try {
      text = utf8.decode(input);
    } catch {
      return fail({ row: 0, field: null, reason: C.notUtf8 });
    }
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') return fail({ row: 0, field: null, reason: C.empty });

  const { records, malformed } = await parseRecords(text);

  // The header is the first non-blank record.
  let headerAt = 0;
  while (headerAt < records.length && isBlank(records[headerAt])) headerAt++;
  if (headerAt >= records.length) return fail({ row: 0, field: null, reason: C.empty });
  const header = records[headerAt].map((h) => h.trim().toLowerCase());

  const index = {} as Record<CsvColumn, number>;
  const headerErrors: CsvRowError[] = [];
  for (const col of CSV_COLUMNS) {
    const positions = header.reduce<number[]>((acc, h, i) => (h === col ? [...acc, i] : acc), []);
    if (positions.length === 0) headerErrors.push({ row: 0, field: col, reason: C.missingColumn });
    else if (positions.length > 1) headerErrors.push({ row: 0, field: col, reason: C.duplicateColumn });
    else index[col] = positions[0];
  }
  if (headerErrors.length) return { errors: headerErrors, failedRows: 0 };

  let dataRows = 0;
  for (let i = headerAt + 1; i < records.length; i++) if (!isBlank(records[i])) dataRows++;
  if (dataRows === 0) return fail({ row: 0, field: null, reason: C.noRows });
  if (dataRows > maxRows) return fail({ row: 0, field: null, reason: C.tooManyRows });

  const rows: ValidRow[] = [];
  /** The errors named: those of the first failing rows, while a whole row's errors fit in maxErrors. */
  const errors: CsvRowError[] = [];
  let failedRows = 0;
  let listFull = false;
  /** A failing row: counted, and named while the list has room for all of its errors. */
  const failed = (rowErrors: CsvRowError[]) => {
    failedRows++;
    if (!listFull && errors.length + rowErrors.length <= maxErrors) errors.push(...rowErrors);
    else listFull = true;
  };
  const width = header.length;
  for (let i = headerAt + 1; i < records.length; i++) {
    if (i > headerAt + 1 && slices.due()) await slices.next();
    const rec = records[i];
    if (isBlank(rec)) continue;
    const row = i - headerAt;
    if (malformed.has(i)) {
      failed([{ row, field: null, reason: C.malformed }]);
      continue;
    }
    if (rec.length !== width) {
      failed([{ row, field: null, reason: C.fieldCount }]);
      continue;
    }
    const rowErrors: CsvRowError[] = [];

    const name = rec[index.name].trim();
    if (name === '') rowErrors.push({ row, field: 'name', reason: V.required });
    else if (name.length > PROFILE_NAME_MAX) rowErrors.push({ row, field: 'name', reason: messageRef(V.tooLong, { max: PROFILE_NAME_MAX }) });
    else if (!PROFILE_NAME_PATTERN.test(name)) rowErrors.push({ row, field: 'name', reason: V.profileName });

    const protocolText = rec[index.protocol].trim().toLowerCase();
    let protocol: Protocol | undefined;
    if (protocolText === '') rowErrors.push({ row, field: 'protocol', reason: V.required });
    else if (!(PROTOCOLS as readonly string[]).includes(protocolText)) rowErrors.push({ row, field: 'protocol', reason: V.oneOf });
    else protocol = protocolText as Protocol;

    const typeText = rec[index.type].trim().toLowerCase();
    if (typeText !== '' && typeText !== 'normal') rowErrors.push({ row, field: 'type', reason: C.typeNotNormal });

    const address = rec[index.address].trim();
    let link: ParsedLink | undefined;
    if (address === '') rowErrors.push({ row, field: 'address', reason: V.required });
    else {
      // With an unusable protocol cell the link is still checked on its own.
      const r = tryParseShareLink(address, protocol);
      if (r.ok) link = r.value;
      else rowErrors.push({ row, field: 'address', reason: r.reason });
    }

    if (rowErrors.length) failed(rowErrors);
    // (once a row has failed the file is refused: the good rows are no longer kept)
    else if (protocol && link && failedRows === 0) rows.push({ row, name, address, protocol, type: 'normal', link });
  }
  return failedRows ? { errors, failedRows } : { rows };
}

function isBlank(rec: string[] | undefined): boolean {
  if (!rec) return true;
  for (const cell of rec) if (cell.trim() !== '') return false;
  return true;
}
