// Pure row processing for client-side tables: filter, sort (asc/desc with a locale collator,
// numbers as numbers, blanks last) and the CSV text of an export, which holds data, not display
// (exportCellValue: the stored value, an ISO date, a number) and is saved as report.csv.
import type { Locale } from '@/contract';
import { csvText } from '@/contract/csv';
import { intlLocale } from '@/lib/i18n';
import type { CellValue, DataTableColumn, DataTableFilter, ExportColumn } from './types';

/** Lower-case, Arabic ي/ك as Persian ی/ک, Persian and Arabic digits as Latin. */
export function normalizeSearch(value: CellValue): string {
  return String(value ?? '')
    .toLowerCase()
    .replace(/ي/g, 'ی')
    .replace(/ك/g, 'ک')
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .trim();
}

export function cellValue<R>(column: Pick<DataTableColumn<R>, 'field' | 'value'>, row: R): CellValue {
  return column.value ? column.value(row) : ((row as Record<string, unknown>)[column.field] as CellValue);
}

/**
 * A column's cell in a CSV export: data, not display. The column's `exportValue`; else
 * the row's own value under the column's field (the stored ISO date, not the Jalali text the
 * column shows; the number, not its Persian digits); else, for a computed column, its `value`.
 */
export function exportCellValue<R>(column: Pick<DataTableColumn<R>, 'field' | 'value' | 'exportValue'>, row: R): CellValue {
  if (column.exportValue) return column.exportValue(row);
  const own = (row as Record<string, unknown>)[column.field];
  if (own === null || typeof own === 'string' || typeof own === 'number' || typeof own === 'boolean') return own;
  return cellValue(column, row);
}

const ownValues = (row: unknown): CellValue[] =>
  Object.values(row as Record<string, unknown>).filter((v): v is string | number => typeof v === 'string' || typeof v === 'number');

export function filterValueOf<R>(filter: DataTableFilter<R>, values: Record<string, string>): string {
  return values[filter.key] ?? (filter.kind === 'select' ? (filter.defaultValue ?? '') : '');
}

export function filterRows<R>(rows: readonly R[], filters: readonly DataTableFilter<R>[], values: Record<string, string>): R[] {
  const active = filters.map((filter) => ({ filter, value: filterValueOf(filter, values) })).filter(({ value }) => value.trim() !== '');
  if (!active.length) return [...rows];
  return rows.filter((row) =>
    active.every(({ filter, value }) => {
      if (filter.kind === 'select') {
        return filter.test ? filter.test(row, value) : String((row as Record<string, unknown>)[filter.key]) === value;
      }
      const needle = normalizeSearch(value);
      return (filter.match ? filter.match(row) : ownValues(row)).some((v) => normalizeSearch(v).includes(needle));
    }),
  );
}

// One collator per locale for the page's lifetime: building one (the Persian one especially) costs
// more than sorting a few thousand rows with it, and every sort click would pay for it again.
const collators = new Map<Locale, Intl.Collator>();
export function collatorFor(locale: Locale): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) collators.set(locale, (collator = new Intl.Collator(intlLocale(locale), { numeric: true, sensitivity: 'base' })));
  return collator;
}

export function sortRows<R>(rows: readonly R[], valueOf: ((row: R) => CellValue) | undefined, ascending: boolean, locale: Locale, numeric = false): R[] {
  if (!valueOf) return [...rows];
  const collator = collatorFor(locale);
  const direction = ascending ? 1 : -1;
  const blank = (v: CellValue) => v === null || v === undefined || v === '';
  return rows
    .map((row, position) => ({ row, position, value: valueOf(row) }))
    .sort((a, b) => {
      if (blank(a.value) || blank(b.value)) return blank(a.value) === blank(b.value) ? a.position - b.position : blank(a.value) ? 1 : -1;
      const order =
        numeric || (typeof a.value === 'number' && typeof b.value === 'number')
          ? Number(a.value) - Number(b.value)
          : collator.compare(String(a.value), String(b.value));
      return order * direction || a.position - b.position;
    })
    .map(({ row }) => row);
}

/**
 * The export file's text: a UTF-8 byte-order mark, then the CSV (so spreadsheet apps read Persian),
 * written by the project's one CSV writer (contract/csv.ts), which keeps a cell from running as a
 * spreadsheet formula.
 */
export function toCsv<R>(rows: readonly R[], columns: readonly ExportColumn<R>[], header: (id: string) => string): string {
  return csvText(
    columns.map((c) => header(c.headerId)),
    rows.map((row) => columns.map((c) => c.value(row))),
  );
}

/** The type of every CSV the panel saves. */
const CSV_TYPE = 'text/csv;charset=utf-8';

export function downloadText(text: string, fileName: string, type = CSV_TYPE): void {
  downloadParts([text], fileName, type);
}

/**
 * Saves a CSV the server wrote (its bytes as received, byte-order mark included) as `<name>.csv`;
 * the text itself came from the server's csvHead and csvLines (contract/csv.ts), not from here.
 */
export function downloadCsvParts(parts: BlobPart[], name: string): void {
  downloadParts(parts, `${name}.csv`, CSV_TYPE);
}

function downloadParts(parts: BlobPart[], fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
