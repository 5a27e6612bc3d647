// Lists: DataTable (state hooks + view) and the declarative column, filter and row-action types.
export { DataTable, INDEX_FIELD, type DataTableProps } from './data-table';
export { DataTableView, type DataTableViewProps } from './data-table-view';
export { RowActions } from './row-actions';
export { useLocalList, useServerList, type ListController, type ListOptions, type ServerListOptions } from './use-list';
export { readServerExport, useServerExport } from './server-export';
export { useTableState, useTableFilters } from './use-table-state';
export { listStatus, yesNoFilter, type ListQuery, type YesNoFilterOptions } from './list-helpers';
export { filterRows, sortRows, toCsv, downloadText, exportCellValue, normalizeSearch } from './rows';
export type {
  DataTableColumn,
  DataTableFilter,
  SearchFilter,
  SelectFilter,
  SelectFilterOption,
  ExportColumn,
  CellValue,
  RowAction,
  ServerExport,
  ExportProgress,
} from './types';
