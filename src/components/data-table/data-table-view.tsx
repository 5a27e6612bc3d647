// The view half of a list: renders what useLocalList / useServerList computed (filters, toolbar,
// export, batch actions, the rows and their loading and error views) and the row actions a page
// declared as data. It holds no list state of its own. The rows are the data grid (GridView) on a
// screen at least 600 px wide and a plain table on a phone (CompactTable): the grid's mount was
// most of a phone's blocking time on /servers/{id}. The grid has its own chunk, asked
// for as soon as this module runs on a wide screen, so a phone never downloads or evaluates it.
import { useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import type { GridRowId } from '@mui/x-data-grid';
import { useIntl } from 'react-intl';
import { PHONE_QUERY } from '../media';
import { CompactTable } from './compact-table';
import { selectLocale, useAppSelector } from '@/lib/state';
import { LoadingState } from '../feedback/loading-state';
import { ErrorState } from '../feedback/error-state';
import { FilterBar } from './filter-bar';
import { useGridLocaleText } from './grid-locale';
import type { GridView } from './grid-view';
import type { ListController } from './use-list';
import type { ExportProgress, RowAction } from './types';

/**
 * A server-written export under way (useServerExport): a bar of the rows received against the
 * list's count, the figures in the page's digits, and a button that stops it.
 */
function ExportProgressBar({ progress, onCancel }: { progress: ExportProgress; onCancel: () => void }) {
  const intl = useIntl();
  const percent = progress.total > 0 ? Math.min(100, Math.floor((100 * progress.rows) / progress.total)) : 0;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 240 }}>
      <Box sx={{ flexGrow: 1 }}>
        <Typography variant="caption" component="div" role="status">
          {intl.formatMessage({ id: 'dataTable.export.progress' }, { rows: progress.rows, total: progress.total })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label={intl.formatMessage({ id: 'dataTable.export.progressLabel' })}
          aria-valuetext={intl.formatNumber(percent / 100, { style: 'percent' })}
        />
      </Box>
      <Button size="small" onClick={onCancel}>
        {intl.formatMessage({ id: 'dataTable.export.cancel' })}
      </Button>
    </Stack>
  );
}

let gridView: typeof GridView | undefined;
let gridLoad: Promise<typeof GridView> | undefined;

/** The data grid's chunk, loaded once (again after a failure). */
function loadGridView(): Promise<typeof GridView> {
  gridLoad ??= import(/* webpackChunkName: "data-grid" */ './grid-view').then(
    (module) => (gridView = module.GridView),
    (error: unknown) => {
      gridLoad = undefined;
      throw error;
    },
  );
  return gridLoad;
}

// a wide screen will show lists as grids: the grid's chunk comes with the table's own
if (typeof window !== 'undefined' && typeof window.matchMedia === 'function' && !window.matchMedia(PHONE_QUERY).matches)
  void loadGridView().catch(() => undefined);

/** The grid component once its chunk is in (at once when it already is), or the load's failure. */
function useGridView(wanted: boolean): { Grid?: typeof GridView; failed?: unknown; retry: () => void } {
  const [Grid, setGrid] = useState(() => gridView);
  const [failed, setFailed] = useState<unknown>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted || Grid) return undefined;
    let live = true;
    loadGridView().then(
      (component) => live && setGrid(() => component),
      (error: unknown) => live && setFailed(error),
    );
    return () => {
      live = false;
    };
  }, [wanted, Grid, attempt]);
  return {
    Grid: Grid ?? gridView,
    failed,
    retry: () => {
      setFailed(undefined);
      setAttempt((n) => n + 1);
    },
  };
}

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

export function DataTableView<R extends object>({
  list,
  loading = false,
  fetching = false,
  error,
  onRetry,
  rowActions,
  batchActions,
  toolbar,
}: DataTableViewProps<R>) {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const localeText = useGridLocaleText(locale);
  const compact = useMediaQuery(PHONE_QUERY, { noSsr: true });
  const { Grid, failed, retry } = useGridView(!compact);
  const pageRows = list.rows;

  let body: ReactNode;
  if (error) body = <ErrorState error={error} onRetry={onRetry} />;
  else if (loading && !pageRows) body = <LoadingState />;
  else {
    const rows = { list, rowActions, selectable: !!batchActions, fetching: fetching || loading, localeText };
    if (compact) body = <CompactTable {...rows} />;
    else if (Grid) body = <Grid {...rows} />;
    else if (failed) body = <ErrorState error={failed} onRetry={retry} />;
    else body = <LoadingState />;
  }

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
          {showExport && list.export.progress && <ExportProgressBar progress={list.export.progress} onCancel={list.export.cancel} />}
          {showExport && !list.export.progress && (
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
