// Per-table list state of docs/product.md §4 "Table state", keyed by table name: filters, page (1-based),
// page size, sort key and direction. Persisted per table (app/store/persist-storage.ts).
// Changing a filter, the page size or the sort goes back to page 1; sorting cycles asc → desc → none.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@/contract';

export interface TableState {
  /** Values of the filters a page declares, by filter key ('' or absent = no filter). */
  filter: Record<string, string>;
  page: number;
  pageSize: number;
  sortKey: string | null;
  ascending: boolean;
}
export type TablesState = Record<string, TableState>;

export const DEFAULT_TABLE_STATE: TableState = Object.freeze({
  filter: Object.freeze({}) as Record<string, string>,
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  sortKey: null,
  ascending: true,
});

const initialState: TablesState = {};

type TableAction<T = object> = PayloadAction<{ table: string } & T>;

function tableOf(state: TablesState, table: string): TableState {
  state[table] ??= { ...DEFAULT_TABLE_STATE, filter: {} };
  return state[table];
}

export const isPageSize = (n: number): boolean => (PAGE_SIZES as readonly number[]).includes(n);

export const tablesSlice = createSlice({
  name: 'tables',
  initialState,
  reducers: {
    tableFilterChanged(state, action: TableAction<{ key: string; value: string }>) {
      const t = tableOf(state, action.payload.table);
      // Compared with the stored choice itself: '' ("all") must be storable over a select filter's default.
      if (t.filter[action.payload.key] === action.payload.value) return;
      t.filter[action.payload.key] = action.payload.value;
      t.page = 1;
    },
    tablePageChanged(state, action: TableAction<{ page: number }>) {
      tableOf(state, action.payload.table).page = Math.max(1, Math.floor(action.payload.page));
    },
    tablePageSizeChanged(state, action: TableAction<{ pageSize: number }>) {
      const t = tableOf(state, action.payload.table);
      const size = isPageSize(action.payload.pageSize) ? action.payload.pageSize : DEFAULT_PAGE_SIZE;
      if (t.pageSize === size) return;
      t.pageSize = size;
      t.page = 1;
    },
    /**
     * A click on a column header: asc on a new column, then desc, then unsorted. Back to page 1,
     * like a filter change: page 3 of another order is an arbitrary slice (and on a server-paged
     * list a fresh query that would start mid-list).
     */
    tableSortCycled(state, action: TableAction<{ key: string }>) {
      const t = tableOf(state, action.payload.table);
      t.page = 1;
      if (t.sortKey !== action.payload.key) {
        t.sortKey = action.payload.key;
        t.ascending = true;
      } else if (t.ascending) {
        t.ascending = false;
      } else {
        t.sortKey = null;
        t.ascending = true;
      }
    },
  },
});

export const { tableFilterChanged, tablePageChanged, tablePageSizeChanged, tableSortCycled } = tablesSlice.actions;

export const selectTable = (state: { tables: TablesState }, table: string): TableState => state.tables[table] ?? DEFAULT_TABLE_STATE;
