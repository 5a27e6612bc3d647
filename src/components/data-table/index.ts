// Lists: DataTable and the declarative column/filter types pages use with it.
export { DataTable, INDEX_FIELD, type DataTableProps } from './data-table';
export { useTableState, useTableFilters } from './use-table-state';
export { filterRows, sortRows, toCsv, downloadText, normalizeSearch } from './rows';
export type { DataTableColumn, DataTableFilter, SearchFilter, SelectFilter, SelectFilterOption, ExportColumn, CellValue } from './types';
