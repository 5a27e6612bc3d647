// The state half of a list (react-admin's useList / useListController): one hook for rows held in
// memory and one for a server-paged list, returning the same shape (the current page's rows, the
// count, sort, paging, filters, selection and export), which DataTableView only renders.
// Local: `rows` is the whole list, filtered, sorted and sliced here (the grid sees one page).
// Server: the hook owns the query (react-admin's useListController): the page says how the list's
// state (filters, sort; a link's presets from the URL, useListParams) becomes its query and which
// RTK Query hook asks for a page; `rows` is then the current page and `count` the total. Its export
// is the server's (`serverExport`): every row of the query, streamed with a progress bar, never the
// page shown.
// Every export holds data, not display: stored values, ISO dates, numbers (rows.ts exportCellValue).
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { GridPaginationModel, GridRowId, GridRowSelectionModel, GridSortModel } from '@mui/x-data-grid';
import { useIntl } from 'react-intl';
import { EXPORT_FILE_NAME } from '@/contract';
import { selectLocale, useAppSelector, useNotify } from '@/lib/state';
import { cellValue, collatorFor, downloadText, exportCellValue, filterRows, filterValueOf, sortRows, toCsv } from './rows';
import { useServerExport } from './server-export';
import { useListParams, useTableState, type TableState } from './use-table-state';
import type { DataTableColumn, DataTableFilter, ExportColumn, ExportProgress, ServerExport } from './types';

export const INDEX_FIELD = '__index';
const emptySelection = (): GridRowSelectionModel => ({ type: 'include', ids: new Set() });
const defaultRowId = (row: unknown) => (row as { id: GridRowId }).id;
const noop = () => undefined;

export interface ListOptions<R> {
  /** The persisted state key (e.g. 'servers'); docs/product.md §9 storage keys derive from it. */
  name: string;
  rows: readonly R[] | undefined;
  columns: readonly DataTableColumn<R>[];
  getRowId?: (row: R) => GridRowId;
  filters?: readonly DataTableFilter<R>[];
  /** A leading row-number column (numbers follow the rows' original order and sort numerically). */
  indexColumn?: boolean;
  /** Columns of the CSV; defaults to the visible columns. `false` hides the export button. */
  exportColumns?: readonly ExportColumn<R>[] | false;
}

/** What a list's query is made from: every declared filter's value (its default when none is chosen) and the sort. */
export interface ListParams {
  filter: Record<string, string>;
  sortKey: string | null;
  ascending: boolean;
}

/** A page of a server-paged list, as its call answers it (more fields may come along, e.g. countEstimated). */
export interface PageAnswer<R> {
  rows: R[];
  count: number;
}

/** The part of an RTK Query hook's result a server-paged list reads. */
export interface PageQueryResult<D> {
  data?: D;
  isLoading: boolean;
  isFetching: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/** A server-paged list that owns its query. */
export interface ServerListOptions<R, Q, D extends PageAnswer<R>> extends Omit<ListOptions<R>, 'rows' | 'exportColumns'> {
  /** Filter keys a link may preset in the URL (`?appId=3`): see useListParams. */
  presets?: readonly string[];
  /** The query of the list's state (without paging): the page's arguments and the export's. Keep it stable (module level or useCallback). */
  toQuery: (params: ListParams) => Q;
  /** The page's RTK Query hook (module level), asked with the query plus the page and its size. */
  useQuery: (args: Q & { page: number; size: number }) => PageQueryResult<D>;
  /** The server's export of the whole list for a query; none (or undefined): no export button. */
  serverExport?: (query: Q) => ServerExport | undefined;
}

export interface ServerList<R, Q, D extends PageAnswer<R> = PageAnswer<R>> extends ListController<R> {
  /** The current query (filters and sort, no paging). */
  query: Q;
  /** The current page's call: its answer, loading, fetching and error. */
  result: PageQueryResult<D>;
}

export interface ListController<R> {
  name: string;
  /** The rows of the current page, in display order; undefined before the first load. */
  rows: R[] | undefined;
  /** Rows across all pages (after filtering). */
  count: number;
  /** The declared columns, after the row-number column when asked for. */
  columns: DataTableColumn<R>[];
  getRowId: (row: R) => GridRowId;
  filters: readonly DataTableFilter<R>[];
  filterValues: Record<string, string>;
  setFilter: (key: string, value: string) => void;
  sort: { model: GridSortModel; onChange: (model: GridSortModel) => void };
  paging: { model: GridPaginationModel; onChange: (model: GridPaginationModel) => void };
  selection: { model: GridRowSelectionModel; onChange: (model: GridRowSelectionModel) => void; ids: GridRowId[]; clear: () => void };
  export: {
    enabled: boolean;
    run: () => void;
    /** A server-written export under way: rows received of the list's count; null otherwise. */
    progress: ExportProgress | null;
    cancel: () => void;
  };
}

/** What differs between the two hooks: which rows are shown and exported, and how many there are. */
interface Source<R> {
  visibleRows: R[];
  pageRows: R[];
  count: number;
}

function useColumns<R>(
  { columns, indexColumn, getRowId = defaultRowId }: ListOptions<R>,
  rows: readonly R[] | undefined,
  offset: number,
  indexSortable: boolean,
) {
  const indexOf = useMemo(() => new Map((rows ?? []).map((row, i) => [getRowId(row), offset + i + 1])), [rows, getRowId, offset]);
  return useMemo<DataTableColumn<R>[]>(
    () => [
      ...(indexColumn
        ? [
            {
              field: INDEX_FIELD,
              headerId: 'dataTable.index',
              numeric: true,
              width: 72,
              value: (row: R) => indexOf.get(getRowId(row)),
              sortable: indexSortable,
            },
          ]
        : []),
      ...columns,
    ],
    [columns, indexColumn, indexOf, getRowId, indexSortable],
  );
}

/** Sort, paging, selection and export over the rows a hook chose: the part both hooks share. */
function useController<R>(
  options: ListOptions<R>,
  table: TableState,
  allColumns: DataTableColumn<R>[],
  source: Source<R>,
  serverExport?: { run: () => Promise<void>; progress: ExportProgress | null; cancel: () => void },
): ListController<R> {
  const { name, rows, filters = [], exportColumns, columns, getRowId = defaultRowId } = options;
  const intl = useIntl();
  const notify = useNotify();
  const [selection, setSelection] = useState<GridRowSelectionModel>(emptySelection);

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
  // (a page past the end, after the last rows were deleted, is moved back by the grid itself through
  // onPaginationModelChange: it clamps the page to rowCount)
  const onPaginationModelChange = useCallback(
    (model: GridPaginationModel) => {
      if (model.pageSize !== table.pageSize) table.setPageSize(model.pageSize);
      else if (model.page !== table.page - 1) table.setPage(model.page + 1);
    },
    [table],
  );

  const { visibleRows } = source;
  const selectedIds = useMemo<GridRowId[]>(() => {
    if (selection.type === 'include') return [...selection.ids];
    return visibleRows.map(getRowId).filter((id) => !selection.ids.has(id));
  }, [selection, visibleRows, getRowId]);
  const clearSelection = useCallback(() => setSelection(emptySelection()), []);

  const csvColumns = useMemo<readonly ExportColumn<R>[]>(
    () =>
      exportColumns === false
        ? []
        : (exportColumns ?? columns.filter((c) => !c.noExport).map((c) => ({ headerId: c.headerId, value: (row: R) => exportCellValue(c, row) }))),
    [exportColumns, columns],
  );
  const runExport = () => {
    if (!visibleRows.length) {
      notify.error('dataTable.export.empty');
      return;
    }
    downloadText(
      toCsv(visibleRows, csvColumns, (id) => intl.formatMessage({ id })),
      `${EXPORT_FILE_NAME}.csv`,
    );
  };

  const setFilter = useCallback((key: string, value: string) => table.setFilter(key, value), [table]);

  return {
    name,
    rows: rows ? source.pageRows : undefined,
    count: source.count,
    columns: allColumns,
    getRowId,
    filters,
    filterValues: table.filter,
    setFilter,
    sort: { model: sortModel, onChange: onSortModelChange },
    paging: { model: { page: table.page - 1, pageSize: table.pageSize }, onChange: onPaginationModelChange },
    selection: { model: selection, onChange: setSelection, ids: selectedIds, clear: clearSelection },
    export: serverExport
      ? { enabled: true, run: () => void serverExport.run(), progress: serverExport.progress, cancel: serverExport.cancel }
      : { enabled: exportColumns !== false, run: runExport, progress: null, cancel: noop },
  };
}

/** A list whose rows are all in memory: filtering, sorting and paging happen here. */
export function useLocalList<R extends object>(options: ListOptions<R>): ListController<R> {
  const { name, rows, filters = [] } = options;
  const locale = useAppSelector(selectLocale);
  const table = useTableState(name);
  const allColumns = useColumns(options, rows, 0, true);

  // While the browser is idle, build the locale's collator (loading its collation data) and run the
  // sort once over a sample of rows, so the first sort click does not pay for either.
  const sample = useMemo(() => (rows ? rows.slice(0, 200) : []), [rows]);
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
    const sortColumn = allColumns.find((c) => c.field === table.sortKey && c.sortable !== false);
    return sortRows(
      filterRows(rows, filters, table.filter),
      sortColumn && ((row: R) => cellValue(sortColumn, row)),
      table.ascending,
      locale,
      sortColumn?.numeric,
    );
  }, [rows, allColumns, table.sortKey, table.ascending, table.filter, filters, locale]);

  // The grid only ever gets the rows of the current page: handing it every row of a 10,000-profile
  // list made each sort click rebuild its row model for all of them, well over the 200 ms budget of
  // docs/architecture.md §8.
  const pageRows = useMemo(() => visibleRows.slice((table.page - 1) * table.pageSize, table.page * table.pageSize), [visibleRows, table.page, table.pageSize]);
  return useController(options, table, allColumns, { visibleRows, pageRows, count: visibleRows.length });
}

/**
 * A server-paged list that owns its query: the list's state (useListParams: the stored choices,
 * a link's presets from the URL) becomes the query through `toQuery`, the page through `useQuery`,
 * and the export (every row of the query) through `serverExport`; without one the list has no
 * export button, since the page shown is not the list.
 */
export function useServerList<R extends object, Q, D extends PageAnswer<R>>(options: ServerListOptions<R, Q, D>): ServerList<R, Q, D> {
  const { name, presets, filters = [], toQuery, useQuery, serverExport: exportOf } = options;
  const table = useListParams(name, presets);
  const filterValues = useMemo(() => Object.fromEntries(filters.map((f) => [f.key, filterValueOf(f, table.filter)])), [filters, table.filter]);
  const query = useMemo(
    () => toQuery({ filter: filterValues, sortKey: table.sortKey, ascending: table.ascending }),
    [toQuery, filterValues, table.sortKey, table.ascending],
  );
  const result = useQuery({ ...query, page: table.page, size: table.pageSize });
  const rows = result.data?.rows;
  const rowCount = result.data?.count ?? 0;
  const offset = (table.page - 1) * table.pageSize;
  // a server-paged list is ordered by the server; the row number is not a column it knows
  const listOptions = { ...options, rows, exportColumns: false as const };
  const allColumns = useColumns(listOptions, rows, offset, false);
  const visibleRows = useMemo(() => [...(rows ?? [])], [rows]);
  const spec = useMemo(() => exportOf?.(query), [exportOf, query]);
  const serverExport = useServerExport(spec, rowCount);
  const list = useController(listOptions, table, allColumns, { visibleRows, pageRows: visibleRows, count: rowCount }, spec ? serverExport : undefined);
  return { ...list, query, result };
}
