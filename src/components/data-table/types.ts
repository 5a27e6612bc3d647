// The data a page declares for a table: columns, filters and export columns (react-admin style),
// so pages stay declarative and DataTable owns sorting, paging, selection and export.
import type { ReactElement, ReactNode } from 'react';
import type { GridLocaleText } from '@mui/x-data-grid';
import type { ListController } from './use-list';

export type CellValue = string | number | boolean | null | undefined;

export interface DataTableColumn<R> {
  /** Column key; also the persisted sort key. */
  field: string;
  /** Message id of the header, e.g. `servers.fields.ip`. */
  headerId: string;
  /** The cell's value for sorting and searching; defaults to `row[field]`. */
  value?: (row: R) => CellValue;
  /**
   * The cell's value in the CSV export: data, not display (a stored ISO date, a number, the value as
   * typed). Defaults to the row's own value under `field`, or `value` when the row has none there.
   */
  exportValue?: (row: R) => CellValue;
  /** Custom cell content; the value is still used for sorting and export. */
  render?: (row: R) => ReactNode;
  sortable?: boolean;
  /** Sorted as numbers and aligned to the end; shown in the locale's digits unless `ltr`. */
  numeric?: boolean;
  /** A technical value (IP, port, link, package name, model): left to right, as typed, cut at its own end. */
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

/** A column of a CSV export: its header's message id and the cell's value (data, not display). */
export interface ExportColumn<R> {
  headerId: string;
  value: (row: R) => CellValue;
}

/**
 * The export of a server-paged list, written by the server (src/contract/exports.ts): the call that
 * streams every row of the list's current filters and sort as CSV, instead of the page shown.
 */
export interface ServerExport {
  /** The export call below /api/v1, e.g. `apps/devices/export`. */
  path: string;
  /** The list's query without paging (its filters and sort); the page's language is added as `lang`. */
  params: Record<string, string | number | boolean | undefined>;
  /** The saved file's name without its extension; default report (docs/product.md §9). */
  fileName?: string;
  /** The toast of a failed export; default dataTable.export.error. */
  errorMessageId?: string;
}

/** How far a server-written export has come: rows received of the list's count (an estimate on a large list). */
export interface ExportProgress {
  rows: number;
  total: number;
}

/**
 * One action of a row (details, edit, delete ...), declared as data: DataTable renders it as an
 * icon button with its label as tooltip and accessible name, in an actions column sized to the
 * actions and kept in view at the inline end (on a phone, folded into a "more" menu when needed).
 */
export interface RowAction<R> {
  /** Stable key, unique in the list. */
  key: string;
  icon: ReactElement;
  /** Message id of the label (tooltip, accessible name, menu entry). */
  labelId: string;
  /** Values for the label's placeholders, e.g. the row's name. */
  labelValues?: (row: R) => Record<string, string | number>;
  onClick?: (row: R) => void;
  /** An in-app address: the action is a link instead of a button. */
  href?: (row: R) => string;
  hidden?: boolean | ((row: R) => boolean);
  disabled?: boolean | ((row: R) => boolean);
  color?: 'error' | 'warning' | 'primary';
}

/** What the view of a list's rows gets: the data grid on a wide screen, the plain table on a phone. */
export interface ListRowsProps<R> {
  list: ListController<R>;
  rowActions?: readonly RowAction<R>[];
  /** Checkboxes for batch actions. */
  selectable: boolean;
  /** A refresh with rows already shown: a progress bar over the rows. */
  fetching: boolean;
  /** The grid's texts (MUI's faIR/enUS and ours), for the table too. */
  localeText: Partial<GridLocaleText>;
}
