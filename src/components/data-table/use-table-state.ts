// A table's persisted state and its actions, by table name. Server-paged pages (devices) read the
// same state to build their query arguments.
import { useMemo } from 'react';
import { selectTable, tableFilterChanged, tablePageChanged, tablePageSizeChanged, tableSortCycled, useAppDispatch, useAppSelector } from '@/lib/state';
import type { DataTableFilter } from './types';
import { filterValueOf } from './rows';

export function useTableState(name: string) {
  const state = useAppSelector((s) => selectTable(s, name));
  const dispatch = useAppDispatch();
  return useMemo(
    () => ({
      ...state,
      setFilter: (key: string, value: string) => dispatch(tableFilterChanged({ table: name, key, value })),
      setPage: (page: number) => dispatch(tablePageChanged({ table: name, page })),
      setPageSize: (pageSize: number) => dispatch(tablePageSizeChanged({ table: name, pageSize })),
      cycleSort: (key: string) => dispatch(tableSortCycled({ table: name, key })),
    }),
    [state, dispatch, name],
  );
}

/** The effective value of every declared filter (stored choice, else the filter's default). */
export function useTableFilters<R>(name: string, filters: readonly DataTableFilter<R>[]): Record<string, string> {
  const { filter } = useTableState(name);
  return useMemo(() => Object.fromEntries(filters.map((f) => [f.key, filterValueOf(f, filter)])), [filter, filters]);
}
