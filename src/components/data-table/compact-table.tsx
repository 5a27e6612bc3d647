// A list on a phone (narrower than 600 px): the same columns, sort cycle, selection, paging, row
// actions and texts as the data grid, as a plain table. The grid suits a wide screen, but its mount
// measures its root, its scrollbars and its rows in layout effects and renders again at once: on
// /servers/{id} that was one task of 700-1,000 ms on Lighthouse's phone CPU, three style
// recalculations and layouts among them, most of the page's Total Blocking Time. A
// table lays itself out in the browser's one layout. Cells show what the grid's would
// (`cellContent`), and the actions column stays at the inline end, folded into a "more" menu.
import { useEffect, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { GridRowId } from '@mui/x-data-grid';
import { useIntl } from 'react-intl';
import { PAGE_SIZES } from '@/contract';
import { cellContent } from './cells';
import { ACTIONS_CLASS, RowActions, STICKY_ACTIONS_SX } from './row-actions';
import type { ListRowsProps } from './types';
import type { ListController } from './use-list';

/** The table's sideways-scrolling box (the layout audit reaches its rows the way it does the grid's). */
const COMPACT_CLASS = 'DataTable-compact';
const VALUE_CLASS = 'DataTable-value';

/** The grid's selection model on a page's rows: ids chosen ('include'), or every row but these ('exclude'). */
function useSelection<R>(list: ListController<R>) {
  // 'exclude' is what the header's checkbox makes, on every page, as the grid's does
  const model = list.selection.model;
  const isSelected = (id: GridRowId) => (model.type === 'include' ? model.ids.has(id) : !model.ids.has(id));
  const count = list.selection.ids.length;
  const allSelected = (model.type === 'exclude' && model.ids.size === 0 && list.count > 0) || (count > 0 && count === list.count);
  const select = (id: GridRowId, on: boolean) => {
    const ids = new Set(model.ids);
    if (on === (model.type === 'include')) ids.add(id);
    else ids.delete(id);
    list.selection.onChange({ type: model.type, ids });
  };
  const selectAll = (on: boolean) => list.selection.onChange({ type: on ? 'exclude' : 'include', ids: new Set() });
  return { isSelected, count, allSelected, select, selectAll };
}

type Selection = ReturnType<typeof useSelection>;

function CompactHead<R>({ list, rowActions, selectable, localeText, selection }: Omit<ListRowsProps<R>, 'fetching'> & { selection: Selection }) {
  const intl = useIntl();
  const sorted = list.sort.model[0];
  const { count, allSelected, selectAll } = selection;
  return (
    <TableHead>
      <TableRow>
        {selectable && (
          <TableCell padding="checkbox">
            <Checkbox
              size="small"
              checked={allSelected}
              indeterminate={count > 0 && !allSelected}
              disabled={!list.count}
              onChange={(e: ChangeEvent<HTMLInputElement>) => selectAll(e.target.checked)}
              slotProps={{ input: { 'aria-label': localeText.checkboxSelectionSelectAllRows } }}
            />
          </TableCell>
        )}
        {list.columns.map((c) => {
          const direction = sorted?.field === c.field && sorted.sort ? sorted.sort : undefined;
          const header = intl.formatMessage({ id: c.headerId });
          return (
            <TableCell key={c.field} align={c.numeric ? 'right' : undefined} sortDirection={direction ?? false}>
              {c.sortable === false ? (
                header
              ) : (
                <TableSortLabel active={!!direction} direction={direction ?? 'asc'} onClick={() => list.sort.onChange([{ field: c.field, sort: 'asc' }])}>
                  {header}
                </TableSortLabel>
              )}
            </TableCell>
          );
        })}
        {!!rowActions?.length && <TableCell className={ACTIONS_CLASS}>{intl.formatMessage({ id: 'dataTable.actions' })}</TableCell>}
      </TableRow>
    </TableHead>
  );
}

function CompactRows<R extends object>({ list, rowActions, selectable, localeText, selection }: Omit<ListRowsProps<R>, 'fetching'> & { selection: Selection }) {
  const intl = useIntl();
  const rows = list.rows ?? [];
  const { isSelected, select } = selection;
  return (
    <TableBody>
      {rows.map((row) => {
        const id = list.getRowId(row);
        return (
          <TableRow key={id} className="DataTable-row" data-id={id} selected={isSelected(id)}>
            {selectable && (
              <TableCell padding="checkbox">
                <Checkbox
                  size="small"
                  checked={isSelected(id)}
                  onChange={(e: ChangeEvent<HTMLInputElement>) => select(id, e.target.checked)}
                  slotProps={{ input: { 'aria-label': localeText.checkboxSelectionSelectRow } }}
                />
              </TableCell>
            )}
            {list.columns.map((c) => (
              <TableCell key={c.field} align={c.numeric ? 'right' : undefined} data-field={c.field}>
                <div className={VALUE_CLASS}>{cellContent(c, row, intl)}</div>
              </TableCell>
            ))}
            {!!rowActions?.length && (
              <TableCell className={ACTIONS_CLASS}>
                <RowActions actions={rowActions} row={row} compact />
              </TableCell>
            )}
          </TableRow>
        );
      })}
      {!rows.length && (
        <TableRow>
          <TableCell
            colSpan={list.columns.length + (selectable ? 1 : 0) + (rowActions?.length ? 1 : 0)}
            sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}
          >
            {localeText.noRowsLabel}
          </TableCell>
        </TableRow>
      )}
    </TableBody>
  );
}

/** The pager, in the grid's texts; a page past the end (its last rows were deleted) moves back to the last page, as the grid does. */
function CompactPager<R>({ list, fetching, localeText }: Pick<ListRowsProps<R>, 'list' | 'fetching' | 'localeText'>) {
  const intl = useIntl();
  const { page, pageSize } = list.paging.model;
  const lastPage = Math.max(0, Math.ceil(list.count / pageSize) - 1);
  const pastEnd = list.rows !== undefined && !fetching && page > lastPage;
  const { onChange: changePage } = list.paging;
  useEffect(() => {
    if (pastEnd) changePage({ page: lastPage, pageSize });
  }, [pastEnd, lastPage, pageSize, changePage]);
  return (
    <TablePagination
      component="div"
      count={list.count}
      page={Math.min(page, lastPage)}
      rowsPerPage={pageSize}
      rowsPerPageOptions={PAGE_SIZES.map((value) => ({ value, label: intl.formatNumber(value) }))}
      onPageChange={(_, next) => list.paging.onChange({ page: next, pageSize })}
      onRowsPerPageChange={(e) => list.paging.onChange({ page: 0, pageSize: Number(e.target.value) })}
      labelRowsPerPage={localeText.paginationRowsPerPage}
      labelDisplayedRows={({ from, to, count }) =>
        localeText.paginationDisplayedRows ? localeText.paginationDisplayedRows({ from, to, count, estimated: undefined }) : `${from}–${to}`
      }
      getItemAriaLabel={(type) => (localeText.paginationItemAriaLabel ? localeText.paginationItemAriaLabel(type) : type)}
      slots={{ actions: { previousButton: PagerButton, nextButton: PagerButton } }}
      sx={paginationSx}
    />
  );
}

export function CompactTable<R extends object>(props: ListRowsProps<R>) {
  const selection = useSelection(props.list);
  return (
    <Box sx={{ position: 'relative' }}>
      {props.fetching && <LinearProgress sx={{ position: 'absolute', insetInline: 0, top: 0, zIndex: 2 }} />}
      <Box className={COMPACT_CLASS} sx={{ overflowX: 'auto' }}>
        <Table size="small" sx={compactTableSx}>
          <CompactHead {...props} selection={selection} />
          <CompactRows {...props} selection={selection} />
        </Table>
      </Box>
      <CompactPager {...props} />
    </Box>
  );
}

/**
 * The pager's arrows with the browser's own tooltip: MUI's pager wraps each in a Tooltip, which
 * renders again, synchronously, once mounted (row-actions.tsx says why a phone's list avoids that).
 */
function PagerButton({ title, ...other }: IconButtonProps) {
  return <IconButton title={title} aria-label={other['aria-label'] ?? title} {...other} />;
}

// One style for the whole table (cells are plain TableCells): narrow padding, so a list of a few
// columns fits a phone; values on one line, as in the grid, cut at their end past 12rem (the
// table scrolls sideways for the rest); the actions column sticks to the inline end.
const compactTableSx = {
  '& th, & td': { px: 1 },
  '& th': { whiteSpace: 'nowrap', fontWeight: 600 },
  [`& .${VALUE_CLASS}`]: { maxWidth: '12rem', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  [`& .${ACTIONS_CLASS}`]: { ...STICKY_ACTIONS_SX, whiteSpace: 'nowrap', width: '1%' },
} as const;

// The footer wraps on a narrow phone instead of scrolling its arrows out of reach.
const paginationSx = {
  '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: 0, minHeight: 48 },
  '& .MuiTablePagination-spacer': { display: 'none' },
  '& .MuiTablePagination-selectLabel, & .MuiTablePagination-displayedRows': { my: 1 },
} as const;
