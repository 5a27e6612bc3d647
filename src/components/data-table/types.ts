// The data a page declares for a table: columns, filters and export columns (react-admin style),
// so pages stay declarative and DataTable owns sorting, paging, selection and export.
import type { ReactNode } from 'react';

export type CellValue = string | number | boolean | null | undefined;

export interface DataTableColumn<R> {
  /** Column key; also the persisted sort key. */
  field: string;
  /** Message id of the header, e.g. `servers.fields.ip`. */
  headerId: string;
  /** The cell's value for sorting, searching and export; defaults to `row[field]`. */
  value?: (row: R) => CellValue;
  /** Custom cell content; the value is still used for sorting and export. */
  render?: (row: R) => ReactNode;
  sortable?: boolean;
  /** Sorted as numbers and aligned to the end. */
  numeric?: boolean;
  /** A technical value shown left to right. */
  ltr?: boolean;
  width?: number;
  minWidth?: number;
  flex?: number;
  /** Leave out of the CSV export. */
  noExport?: boolean;
}

export interface SearchFilter<R> {
  kind: 'search';
  key: string;
  labelId: string;
  /** Values searched (case- and Arabic/Persian-letter-insensitive); defaults to the row's own values. */
  match?: (row: R) => CellValue[];
}

export interface SelectFilterOption {
  value: string;
  labelId?: string;
  label?: string;
}

export interface SelectFilter<R> {
  kind: 'select';
  key: string;
  labelId: string;
  options: readonly SelectFilterOption[];
  /** Used while the user has not chosen; '' means all. */
  defaultValue?: string;
  /** Offer an "all" choice (value ''); default true. */
  allowAll?: boolean;
  /** Whether a row passes; defaults to `String(row[key]) === value`. */
  test?: (row: R, value: string) => boolean;
}

export type DataTableFilter<R> = SearchFilter<R> | SelectFilter<R>;

export interface ExportColumn<R> {
  headerId: string;
  value: (row: R) => CellValue;
}
