// The data grid of a list on a screen at least 600 px wide (DataTableView): columns from the list's
// declarations, sorting, paging and selection driven by the list's state, the row actions in a
// column sized to its buttons that sticks to the inline end of the grid, so the actions of every
// row stay in view whatever the width, the direction or the other columns. Its own chunk
// ("data-grid"): a phone shows the list as CompactTable and never loads the grid (its mount was most of a phone's blocking time).
import { useMemo } from 'react';
import { DataGrid, type GridColDef, type GridRowId } from '@mui/x-data-grid';
import { useIntl } from 'react-intl';
import { PAGE_SIZES } from '@/contract';
import { cellContent, formattedCell } from './cells';
import { ACTIONS_CLASS, RowActions, STICKY_ACTIONS_SX, actionsColumnWidth } from './row-actions';
import { cellValue } from './rows';
import type { ListRowsProps } from './types';

const ACTIONS_FIELD = '__actions';

/** The grid's columns: the list's, then the row actions sized to their buttons. */
function useGridColumns<R extends object>({ list, rowActions }: Pick<ListRowsProps<R>, 'list' | 'rowActions'>): GridColDef[] {
  const intl = useIntl();
  const pageRows = list.rows;
  const actionsTitle = intl.formatMessage({ id: 'dataTable.actions' });
  const actionsWidth = useMemo(
    () => (rowActions?.length ? actionsColumnWidth(rowActions, pageRows ?? [], actionsTitle) : 0),
    [rowActions, pageRows, actionsTitle],
  );
  return useMemo<GridColDef[]>(
    () => [
      ...list.columns.map<GridColDef>((c) => ({
        field: c.field,
        headerName: intl.formatMessage({ id: c.headerId }),
        sortable: c.sortable !== false,
        width: c.width,
        minWidth: c.minWidth ?? (c.width ? undefined : 120),
        flex: c.flex ?? (c.width ? undefined : 1),
        // numbers are aligned to the end; counts and row numbers in the locale's digits (no grouping),
        // technical numbers (`ltr`: ports, ids) as typed
        ...(c.numeric ? { align: 'right' as const, headerAlign: 'right' as const } : {}),
        ...(c.numeric && !c.ltr ? { valueFormatter: (value: unknown) => formattedCell(c, value, intl) } : {}),
        valueGetter: (_value, row) => cellValue(c, row as R),
        renderCell: (params) => cellContent(c, params.row as R, intl),
      })),
      ...(rowActions?.length
        ? [
            {
              field: ACTIONS_FIELD,
              headerName: actionsTitle,
              sortable: false,
              filterable: false,
              disableExport: true,
              width: actionsWidth,
              minWidth: actionsWidth,
              cellClassName: ACTIONS_CLASS,
              headerClassName: ACTIONS_CLASS,
              renderCell: (params) => <RowActions actions={rowActions} row={params.row as R} compact={false} />,
            } satisfies GridColDef,
          ]
        : []),
    ],
    [list.columns, rowActions, actionsWidth, actionsTitle, intl],
  );
}

export function GridView<R extends object>({ list, rowActions, selectable, fetching, localeText }: ListRowsProps<R>) {
  const intl = useIntl();
  const pageRows = list.rows;
  const gridColumns = useGridColumns({ list, rowActions });
  // page sizes in the locale's digits
  const pageSizeOptions = useMemo(() => PAGE_SIZES.map((value) => ({ value, label: intl.formatNumber(value) })), [intl]);

  return (
    <DataGrid
      autoHeight
      localeText={localeText}
      rows={pageRows ?? []}
      columns={gridColumns}
      getRowId={list.getRowId as (row: object) => GridRowId}
      loading={fetching}
      sortingMode="server"
      filterMode="server"
      sortingOrder={['asc', 'desc', null]}
      sortModel={list.sort.model}
      onSortModelChange={list.sort.onChange}
      disableColumnMenu
      disableColumnFilter
      // every column is rendered (a list has a handful), so the sticky actions column exists
      // however far the grid is scrolled sideways
      columnBufferPx={4000}
      paginationMode="server"
      rowCount={list.count}
      pageSizeOptions={pageSizeOptions}
      paginationModel={list.paging.model}
      onPaginationModelChange={list.paging.onChange}
      checkboxSelection={selectable}
      disableRowSelectionOnClick
      rowSelectionModel={list.selection.model}
      onRowSelectionModelChange={list.selection.onChange}
      slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'circular-progress' } }}
      // the sticky header also above the resize handles (z-index 30) of the headers it passes, whose
      // line would otherwise run through its title
      sx={{ [`& .${ACTIONS_CLASS}`]: STICKY_ACTIONS_SX, [`& .MuiDataGrid-columnHeader.${ACTIONS_CLASS}`]: { zIndex: 31 } }}
    />
  );
}
