// The profile CSV of the batch import (docs/product.md §5 "Batch import guide", docs/architecture.md §7): parses the
// file with papaparse and validates every row, collecting every failure so the user can fix the
// whole file at once. Pure and DB-free; the route inserts the rows in one transaction.
//
// Row numbers: `row` is the 1-based DATA row number — the first line after the header is row 1,
// which is line 2 of the file (and spreadsheet row 2). Blank lines are skipped but still counted,
// so the number matches what a user counting lines after the header sees. A quoted field that
// spans several lines counts as one row. File-level failures (empty file, missing column, too
// large, too many rows) use row 0.
import Papa from 'papaparse';
import { DEFAULT_SLICE, yieldToEventLoop } from './cooperative';
import {
  CSV_COLUMNS,
  CSV_MAX_BYTES,
  CSV_MAX_ROWS,
  CSV_MESSAGES as C,
  PROFILE_NAME_MAX,
  PROFILE_NAME_PATTERN,
  PROTOCOLS,
  V,
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

export type CsvImportResult = { rows: ValidRow[] } | { errors: CsvRowError[] };

export const isCsvFailure = (r: CsvImportResult): r is { errors: CsvRowError[] } => 'errors' in r;

export interface CsvImportOptions {
  maxBytes?: number;
  maxRows?: number;
  /** Rows validated between two yields to the event loop (cooperative.ts). */
  slice?: number;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const fail = (...errors: CsvRowError[]): CsvImportResult => ({ errors });

/**
 * Parses and validates a profile CSV (UTF-8, with or without a byte-order mark, comma-separated).
 * Asynchronous only to yield to the event loop between slices of rows: a 100,000-row file takes
 * about half a second to validate, too long to hold every other request up.
 */
export async function parseProfileCsv(input: string | Uint8Array, options: CsvImportOptions = {}): Promise<CsvImportResult> {
  const maxBytes = options.maxBytes ?? CSV_MAX_BYTES;
  const maxRows = options.maxRows ?? CSV_MAX_ROWS;
  const slice = options.slice ?? DEFAULT_SLICE;

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

  const parsed = Papa.parse<string[]>(text, { delimiter: ',', header: false, skipEmptyLines: false });
  const records = parsed.data;

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
  if (headerErrors.length) return { errors: headerErrors };

  let dataRows = 0;
  for (let i = headerAt + 1; i < records.length; i++) if (!isBlank(records[i])) dataRows++;
  if (dataRows === 0) return fail({ row: 0, field: null, reason: C.noRows });
  if (dataRows > maxRows) return fail({ row: 0, field: null, reason: C.tooManyRows });

  // Unterminated quotes and similar structural faults, by row.
  const malformed = new Set<number>();
  for (const e of parsed.errors) {
    if (e.type === 'Quotes' && typeof e.row === 'number') malformed.add(e.row);
  }

  const rows: ValidRow[] = [];
  const errors: CsvRowError[] = [];
  const width = header.length;
  for (let i = headerAt + 1; i < records.length; i++) {
    if ((i - headerAt) % slice === 0) await yieldToEventLoop();
    const rec = records[i];
    if (isBlank(rec)) continue;
    const row = i - headerAt;
    if (malformed.has(i)) {
      errors.push({ row, field: null, reason: C.malformed });
      continue;
    }
    if (rec.length !== width) {
      errors.push({ row, field: null, reason: C.fieldCount });
      continue;
    }
    const before = errors.length;

    const name = rec[index.name].trim();
    if (name === '') errors.push({ row, field: 'name', reason: V.required });
    else if (name.length > PROFILE_NAME_MAX) errors.push({ row, field: 'name', reason: V.tooLong });
    else if (!PROFILE_NAME_PATTERN.test(name)) errors.push({ row, field: 'name', reason: V.profileName });

    const protocolText = rec[index.protocol].trim().toLowerCase();
    let protocol: Protocol | undefined;
    if (protocolText === '') errors.push({ row, field: 'protocol', reason: V.required });
    else if (!(PROTOCOLS as readonly string[]).includes(protocolText)) errors.push({ row, field: 'protocol', reason: V.oneOf });
    else protocol = protocolText as Protocol;

    const typeText = rec[index.type].trim().toLowerCase();
    if (typeText !== '' && typeText !== 'normal') errors.push({ row, field: 'type', reason: C.typeNotNormal });

    const address = rec[index.address].trim();
    let link: ParsedLink | undefined;
    if (address === '') errors.push({ row, field: 'address', reason: V.required });
    else {
      // With an unusable protocol cell the link is still checked on its own.
      const r = tryParseShareLink(address, protocol);
      if (r.ok) link = r.value;
      else errors.push({ row, field: 'address', reason: r.reason });
    }

    if (errors.length === before && protocol && link) {
      rows.push({ row, name, address, protocol, type: 'normal', link });
    }
  }
  return errors.length ? { errors } : { rows };
}

function isBlank(rec: string[] | undefined): boolean {
  if (!rec) return true;
  for (const cell of rec) if (cell.trim() !== '') return false;
  return true;
}
