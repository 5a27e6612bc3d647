// Lists: DataTable (state hooks + view) and the declarative column, filter and row-action types.
export { DataTable, ServerDataTable, INDEX_FIELD, type DataTableProps, type ServerDataTableProps } from './data-table';
export { DataTableView, type DataTableViewProps } from './data-table-view';
export { RowActions } from './row-actions';
export {
  useLocalList,
  useServerList,
  type ListController,
  type ListOptions,
  type ListParams,
  type PageAnswer,
  type PageQueryResult,
  type ServerList,
  type ServerListOptions,
} from './use-list';
export { readServerExport, useServerExport } from './server-export';
export { useTableState, useListParams } from './use-table-state';
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
