// The view half of a list: renders what useLocalList / useServerList computed (filters, toolbar,
// export, batch actions, the grid and its loading and error views) and the row actions a page
// declared as data. It holds no list state of its own.
// The actions column is sized to its buttons and sticks to the inline end of the grid, so the
// actions of every row stay in view whatever the width, the direction or the other columns.
import { useMemo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { DataGrid, type GridColDef, type GridRowId } from '@mui/x-data-grid';
import { useIntl } from 'react-intl';
import { PHONE_QUERY } from '../media';
import { PAGE_SIZES } from '../../contract';
import { LtrCell } from './ltr-cell';
import { selectLocale, useAppSelector } from '../../lib/state';
import { LoadingState } from '../feedback/loading-state';
import { ErrorState } from '../feedback/error-state';
import { FilterBar } from './filter-bar';
import { useGridLocaleText } from './grid-locale';
import { RowActions, actionsColumnWidth } from './row-actions';
import { cellValue } from './rows';
import type { ListController } from './use-list';
import type { RowAction } from './types';

const ACTIONS_FIELD = '__actions';
const ACTIONS_CLASS = 'DataTable-actions';

export interface DataTableViewProps<R> {
  list: ListController<R>;
  /** First load: a spinner instead of the grid. */
  loading?: boolean;
  /** A refresh with rows already shown: the grid's progress bar. */
  fetching?: boolean;
  /** A failed load: the full error view, with `onRetry` as its button. */
  error?: unknown;
  onRetry?: () => void;
  /** The actions of each row, as data (details, edit, delete ...). */
  rowActions?: readonly RowAction<R>[];
  /** Buttons shown while rows are selected; selection enables checkboxes. */
  batchActions?: (selectedIds: GridRowId[], clearSelection: () => void) => ReactNode;
  /** Page-level buttons next to export (e.g. "create"). */
  toolbar?: ReactNode;
}

export function DataTableView<R extends object>({ list, loading = false, fetching = false, error, onRetry, rowActions, batchActions, toolbar }: DataTableViewProps<R>) {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const localeText = useGridLocaleText(locale);
  const compact = useMediaQuery(PHONE_QUERY, { noSsr: true });
  const pageRows = list.rows;

  const actionsWidth = useMemo(
    () => (rowActions?.length ? actionsColumnWidth(rowActions, pageRows ?? [], compact) : 0),
    [rowActions, pageRows, compact],
  );

  // page sizes in the locale's digits
  const pageSizeOptions = useMemo(() => PAGE_SIZES.map((value) => ({ value, label: intl.formatNumber(value) })), [intl]);

  const gridColumns = useMemo<GridColDef[]>(
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
        ...(c.numeric && !c.ltr
          ? { valueFormatter: (value: unknown) => (typeof value === 'number' ? intl.formatNumber(value, { useGrouping: false }) : value) }
          : {}),
        valueGetter: (_value, row) => cellValue(c, row as R),
        renderCell: c.render
          ? (params) => c.render!(params.row as R)
          : c.ltr
            ? (params) => <LtrCell value={params.formattedValue as ReactNode} />
            : // names and other free text take the direction of their own first letter ("Beta C++ VPN")
              (params) => <bdi>{params.formattedValue as ReactNode}</bdi>,
      })),
      ...(rowActions?.length
        ? [
            {
              field: ACTIONS_FIELD,
              headerName: intl.formatMessage({ id: 'dataTable.actions' }),
              sortable: false,
              filterable: false,
              disableExport: true,
              width: actionsWidth,
              minWidth: actionsWidth,
              cellClassName: ACTIONS_CLASS,
              headerClassName: ACTIONS_CLASS,
              renderCell: (params) => <RowActions actions={rowActions} row={params.row as R} compact={compact} />,
            } satisfies GridColDef,
          ]
        : []),
    ],
    [list.columns, rowActions, actionsWidth, compact, intl],
  );

  let body: ReactNode;
  if (error) body = <ErrorState error={error} onRetry={onRetry} />;
  else if (loading && !pageRows) body = <LoadingState />;
  else
    body = (
      <DataGrid
        autoHeight
        localeText={localeText}
        rows={pageRows ?? []}
        columns={gridColumns}
        getRowId={list.getRowId as (row: object) => GridRowId}
        loading={fetching || loading}
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
        checkboxSelection={!!batchActions}
        disableRowSelectionOnClick
        rowSelectionModel={list.selection.model}
        onRowSelectionModelChange={list.selection.onChange}
        slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'circular-progress' } }}
        sx={{
          [`& .${ACTIONS_CLASS}`]: {
            position: 'sticky',
            insetInlineEnd: 0,
            zIndex: 1,
            backgroundColor: 'background.paper',
            borderInlineStart: 1,
            borderInlineStartColor: 'divider',
          },
        }}
      />
    );

  const showExport = list.export.enabled && !error;
  const selected = list.selection.ids;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      {(list.filters.length > 0 || toolbar || showExport || (batchActions && selected.length > 0)) && (
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
          <FilterBar filters={list.filters} values={list.filterValues} onChange={list.setFilter} />
          <Box sx={{ flexGrow: 1 }} />
          {batchActions && selected.length > 0 && batchActions(selected, list.selection.clear)}
          {toolbar}
          {showExport && (
            <Button variant="outlined" startIcon={<FileDownloadOutlinedIcon />} onClick={list.export.run}>
              {intl.formatMessage({ id: 'dataTable.export.button' })}
            </Button>
          )}
        </Stack>
      )}
      {body}
    </Paper>
  );
}
