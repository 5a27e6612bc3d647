// The one list component: x-data-grid bound to the persisted state of a named table (SPEC §4
// "Table state"). It owns filtering and sorting (asc → desc → none) so that export sees exactly
// what the user sees, paging (30/50/100; filter or size changes go back to page 1), row selection
// for batch actions, the loading and full error views, and the CSV export (report.csv with a BOM).
// Client paging: `rows` is the whole list (filtered, sorted and sliced here; the grid sees one page).
// Server paging: `rows` is the current page, `server.rowCount` the total, and the page builds its
// query from useTableState(name).
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Box from '@mui/material/Box';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import {
  DataGrid,
  type GridColDef,
  type GridPaginationModel,
  type GridRowId,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { useIntl } from 'react-intl';
import { EXPORT_FILE_NAME, PAGE_SIZES } from '../../contract';
import { selectLocale, useAppSelector, useNotify } from '../../lib/state';
import { Ltr } from '../ltr';
import { LoadingState } from '../feedback/loading-state';
import { ErrorState } from '../feedback/error-state';
import { FilterBar } from './filter-bar';
import { cellValue, collatorFor, downloadText, filterRows, sortRows, toCsv } from './rows';
import { useTableState } from './use-table-state';
import { useGridLocaleText } from './grid-locale';
import type { DataTableColumn, DataTableFilter, ExportColumn } from './types';

export const INDEX_FIELD = '__index';
const ACTIONS_FIELD = '__actions';
const emptySelection = (): GridRowSelectionModel => ({ type: 'include', ids: new Set() });

export interface DataTableProps<R> {
  /** The persisted state key (e.g. 'servers'); SPEC §9 storage keys derive from it. */
  name: string;
  rows: readonly R[] | undefined;
  columns: readonly DataTableColumn<R>[];
  getRowId?: (row: R) => GridRowId;
  filters?: readonly DataTableFilter<R>[];
  /** First load: a spinner instead of the grid. */
  loading?: boolean;
  /** A refresh with rows already shown: the grid's progress bar. */
  fetching?: boolean;
  /** A failed load: the full error view, with `onRetry` as its button. */
  error?: unknown;
  onRetry?: () => void;
  /** A leading row-number column (numbers follow the rows' original order and sort numerically). */
  indexColumn?: boolean;
  /** Cell content of a trailing actions column (details, edit, delete ...). */
  actions?: (row: R) => ReactNode;
  /** Width of the actions column, for rows with more buttons than the default fits (140 px). */
  actionsWidth?: number;
  /** Buttons shown while rows are selected; selection enables checkboxes. */
  batchActions?: (selectedIds: GridRowId[], clearSelection: () => void) => ReactNode;
  /** Page-level buttons next to export (e.g. "create"). */
  toolbar?: ReactNode;
  /** Columns of the CSV; defaults to the visible columns. `false` hides the export button. */
  exportColumns?: readonly ExportColumn<R>[] | false;
  /** Server-side paging: rows are one page and rowCount the total. */
  server?: { rowCount: number };
}

const defaultRowId = (row: unknown) => (row as { id: GridRowId }).id;

export function DataTable<R extends object>({
  name,
  rows,
  columns,
  getRowId = defaultRowId,
  filters = [],
  loading = false,
  fetching = false,
  error,
  onRetry,
  indexColumn = false,
  actions,
  actionsWidth,
  batchActions,
  toolbar,
  exportColumns,
  server,
}: DataTableProps<R>) {
  const intl = useIntl();
  const notify = useNotify();
  const locale = useAppSelector(selectLocale);
  const table = useTableState(name);
  const [selection, setSelection] = useState<GridRowSelectionModel>(emptySelection);
  const localeText = useGridLocaleText(locale);

  const indexOf = useMemo(() => {
    const offset = server ? (table.page - 1) * table.pageSize : 0;
    return new Map((rows ?? []).map((row, i) => [getRowId(row), offset + i + 1]));
  }, [rows, getRowId, server, table.page, table.pageSize]);

  const allColumns = useMemo<DataTableColumn<R>[]>(
    () => [
      ...(indexColumn
        ? [
            {
              field: INDEX_FIELD,
              headerId: 'dataTable.index',
              numeric: true,
              width: 80,
              value: (row: R) => indexOf.get(getRowId(row)),
              // a server-paged list is ordered by the server; the row number is not a column it knows
              sortable: !server,
            },
          ]
        : []),
      ...columns,
    ],
    [columns, indexColumn, indexOf, getRowId, server],
  );

  // While the browser is idle, build the locale's collator (loading its collation data) and run the
  // sort once over a sample of rows, so the first sort click does not pay for either.
  const sample = useMemo(() => (rows && !server ? rows.slice(0, 200) : []), [rows, server]);
  useEffect(() => {
    const warm = () => {
      const collator = collatorFor(locale);
      collator.compare('a', 'b');
      for (const column of allColumns) {
        if (column.sortable !== false) sortRows(sample, (row: R) => cellValue(column, row), true, locale, column.numeric);
      }
    };
    if (typeof requestIdleCallback !== 'function') return void warm();
    const handle = requestIdleCallback(warm);
    return () => cancelIdleCallback(handle);
  }, [locale, sample, allColumns]);

  const visibleRows = useMemo(() => {
    if (!rows) return [];
    if (server) return [...rows];
    const sortColumn = allColumns.find((c) => c.field === table.sortKey && c.sortable !== false);
    return sortRows(
      filterRows(rows, filters, table.filter),
      sortColumn && ((row: R) => cellValue(sortColumn, row)),
      table.ascending,
      locale,
      sortColumn?.numeric,
    );
  }, [rows, server, allColumns, table.sortKey, table.ascending, table.filter, filters, locale]);

  // The grid only ever gets the rows of the current page (paginationMode "server" below, for client
  // lists too): handing it every row of a 10,000-profile list made each sort click rebuild its row
  // model for all of them, well over the 200 ms budget of ARCHITECTURE §8.
  const rowCount = server ? server.rowCount : visibleRows.length;
  const pageRows = useMemo(
    () => (server ? visibleRows : visibleRows.slice((table.page - 1) * table.pageSize, table.page * table.pageSize)),
    [server, visibleRows, table.page, table.pageSize],
  );
  // (a page past the end, after the last rows were deleted, is moved back by the grid itself through
  // onPaginationModelChange: it clamps the page to rowCount)

  const gridColumns = useMemo<GridColDef[]>(
    () => [
      ...allColumns.map<GridColDef>((c) => ({
        field: c.field,
        headerName: intl.formatMessage({ id: c.headerId }),
        sortable: c.sortable !== false,
        width: c.width,
        minWidth: c.minWidth ?? (c.width ? undefined : 120),
        flex: c.flex ?? (c.width ? undefined : 1),
        // numbers are aligned to the end but shown as given (no digit grouping for ports and ids)
        ...(c.numeric ? { align: 'right' as const, headerAlign: 'right' as const } : {}),
        valueGetter: (_value, row) => cellValue(c, row as R),
        renderCell: c.render
          ? (params) => c.render!(params.row as R)
          : c.ltr
            ? (params) => <Ltr>{params.formattedValue as ReactNode}</Ltr>
            : undefined,
      })),
      ...(actions
        ? [
            {
              field: ACTIONS_FIELD,
              headerName: intl.formatMessage({ id: 'dataTable.actions' }),
              sortable: false,
              filterable: false,
              minWidth: actionsWidth ?? 140,
              renderCell: (params) => (
                <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
                  {actions(params.row as R)}
                </Stack>
              ),
            } satisfies GridColDef,
          ]
        : []),
    ],
    [allColumns, actions, actionsWidth, intl],
  );

  const sortModel = useMemo<GridSortModel>(
    () => (table.sortKey ? [{ field: table.sortKey, sort: table.ascending ? 'asc' : 'desc' }] : []),
    [table.sortKey, table.ascending],
  );

  const onSortModelChange = useCallback(
    (model: GridSortModel) => {
      const key = model[0]?.field ?? table.sortKey;
      if (key) table.cycleSort(key);
    },
    [table],
  );

  const onPaginationModelChange = useCallback(
    (model: GridPaginationModel) => {
      if (model.pageSize !== table.pageSize) table.setPageSize(model.pageSize);
      else if (model.page !== table.page - 1) table.setPage(model.page + 1);
    },
    [table],
  );

  const selectedIds = useMemo<GridRowId[]>(() => {
    if (selection.type === 'include') return [...selection.ids];
    return visibleRows.map(getRowId).filter((id) => !selection.ids.has(id));
  }, [selection, visibleRows, getRowId]);
  const clearSelection = useCallback(() => setSelection(emptySelection()), []);

  const csvColumns = useMemo<readonly ExportColumn<R>[]>(
    () =>
      exportColumns === false
        ? []
        : (exportColumns ?? columns.filter((c) => !c.noExport).map((c) => ({ headerId: c.headerId, value: (row: R) => cellValue(c, row) }))),
    [exportColumns, columns],
  );

  const exportCsv = () => {
    if (!visibleRows.length) {
      notify.error('dataTable.export.empty');
      return;
    }
    downloadText(toCsv(visibleRows, csvColumns, (id) => intl.formatMessage({ id })), `${EXPORT_FILE_NAME}.csv`);
  };

  const setFilter = useCallback((key: string, value: string) => table.setFilter(key, value), [table]);

  let body: ReactNode;
  if (error) body = <ErrorState onRetry={onRetry} />;
  else if (loading && !rows) body = <LoadingState />;
  else
    body = (
      <DataGrid
        autoHeight
        localeText={localeText}
        rows={pageRows}
        columns={gridColumns}
        getRowId={getRowId as (row: object) => GridRowId}
        loading={fetching || loading}
        sortingMode="server"
        filterMode="server"
        sortingOrder={['asc', 'desc', null]}
        sortModel={sortModel}
        onSortModelChange={onSortModelChange}
        disableColumnMenu
        disableColumnFilter
        paginationMode="server"
        rowCount={rowCount}
        pageSizeOptions={[...PAGE_SIZES]}
        paginationModel={{ page: table.page - 1, pageSize: table.pageSize }}
        onPaginationModelChange={onPaginationModelChange}
        checkboxSelection={!!batchActions}
        disableRowSelectionOnClick
        rowSelectionModel={selection}
        onRowSelectionModelChange={setSelection}
        slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'circular-progress' } }}
      />
    );

  const showExport = exportColumns !== false && !error;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      {(filters.length > 0 || toolbar || showExport || (batchActions && selectedIds.length > 0)) && (
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
          <FilterBar filters={filters} values={table.filter} onChange={setFilter} />
          <Box sx={{ flexGrow: 1 }} />
          {batchActions && selectedIds.length > 0 && batchActions(selectedIds, clearSelection)}
          {toolbar}
          {showExport && (
            <Button variant="outlined" startIcon={<FileDownloadOutlinedIcon />} onClick={exportCsv}>
              {intl.formatMessage({ id: 'dataTable.export.button' })}
            </Button>
          )}
        </Stack>
      )}
      {body}
    </Paper>
  );
}
