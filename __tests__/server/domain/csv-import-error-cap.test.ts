// A refused profile CSV names at most CSV_ROW_ERRORS_MAX (100) row errors, whole rows only and the
// first ones in the file, plus how many rows failed in all: a 100,000-row file of bad rows once
// answered 24.9 MB of errors, 23 times the upload.
import { CSV_MESSAGES as C, V } from '../../../src/contract';
import { CSV_ROW_ERRORS_MAX } from '../../../src/contract/responses-errors';
import { isCsvFailure, parseProfileCsv, type CsvImportResult } from '../../../server/src/domain/csv-import';

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const vless = (n: number) => `vless://${uuid(n)}@s${n % 50}.example.com:443?encryption=none&security=tls&type=ws#S-${n}`;
const HEADER = 'address,name,protocol,type';
const good = (n: number) => `${vless(n)},S-${n},vless,normal`;
/** Two problems: the name and the protocol. */
const twoBad = (n: number) => `${vless(n)},Bad name ${n}!,ftp,normal`;
/** Three problems: the name, the protocol and the type. */
const threeBad = (n: number) => `${vless(n)},Bad name ${n}!,ftp,smart`;
const file = (lines: string[]) => [HEADER, ...lines].join('\n') + '\n';

function failure(r: CsvImportResult) {
  if (!isCsvFailure(r)) throw new Error(`expected errors, got ${r.rows.length} rows`);
  return r;
}

it('is 100', () => expect(CSV_ROW_ERRORS_MAX).toBe(100));

it('names the first 100 errors of a file whose 5,000 rows all fail, and counts the 5,000', async () => {
  const r = failure(await parseProfileCsv(file(Array.from({ length: 5000 }, (_, i) => twoBad(i + 1)))));
  expect(r.failedRows).toBe(5000);
  expect(r.errors).toHaveLength(100);
  // rows 1-50, both problems of each
  expect(r.errors.slice(0, 2)).toEqual([
    { row: 1, field: 'name', reason: V.profileName },
    { row: 1, field: 'protocol', reason: V.oneOf },
  ]);
  expect(new Set(r.errors.map((e) => e.row))).toEqual(new Set(Array.from({ length: 50 }, (_, i) => i + 1)));
});

it('lists whole rows only: with three problems a row, 33 rows (99 errors), not a row cut in two', async () => {
  const r = failure(await parseProfileCsv(file(Array.from({ length: 200 }, (_, i) => threeBad(i + 1)))));
  expect(r.errors).toHaveLength(99);
  expect(r.errors.at(-1)).toEqual({ row: 33, field: 'type', reason: C.typeNotNormal });
  expect(r.failedRows).toBe(200);
});

it('counts failing rows, not errors, among good ones, and numbers them as before', async () => {
  const lines = Array.from({ length: 1000 }, (_, i) => (i % 4 === 3 ? threeBad(i + 1) : good(i + 1)));
  const r = failure(await parseProfileCsv(file(lines)));
  expect(r.failedRows).toBe(250);
  expect(r.errors[0]).toEqual({ row: 4, field: 'name', reason: V.profileName });
  expect(new Set(r.errors.map((e) => e.row)).size).toBe(33);
});

it('keeps every error when there are 100 or fewer', async () => {
  const r = failure(await parseProfileCsv(file(Array.from({ length: 50 }, (_, i) => twoBad(i + 1)))));
  expect(r.errors).toHaveLength(100);
  expect(r.failedRows).toBe(50);
});

it('counts no failing rows for a file refused as a whole (row 0)', async () => {
  expect(failure(await parseProfileCsv('')).failedRows).toBe(0);
  expect(failure(await parseProfileCsv(`address,name\n${vless(1)},S-1`)).failedRows).toBe(0);
});
