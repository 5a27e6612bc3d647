// A table's persisted state and its actions, by table name; and, for a server-paged list, the same
// state with the URL as the source of presets (useListParams).
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { selectTable, tableFilterChanged, tablePageChanged, tablePageSizeChanged, tableSortCycled, useAppDispatch, useAppSelector } from '@/lib/state';

export function useTableState(name: string) {
  const state = useAppSelector((s) => selectTable(s, name));
  const dispatch = useAppDispatch();
  return useMemo(
    () => ({
      ...state,
      setFilter: (key: string, value: string): void => void dispatch(tableFilterChanged({ table: name, key, value })),
      setPage: (page: number): void => void dispatch(tablePageChanged({ table: name, page })),
      setPageSize: (pageSize: number): void => void dispatch(tablePageSizeChanged({ table: name, pageSize })),
      cycleSort: (key: string): void => void dispatch(tableSortCycled({ table: name, key })),
    }),
    [state, dispatch, name],
  );
}

export type TableState = ReturnType<typeof useTableState>;

const NO_PRESETS: readonly string[] = [];

/**
 * A list's state with the URL as the source of presets (react-admin's useListParams): a filter in
 * `presets` that the URL names (`?appId=3`, the apps pages' link) wins over the stored choice from
 * the first render, on page 1 when it differs from the stored one. The first change made on the
 * list (a filter, the page, its size, the sort) stores the link's values and drops them from the
 * URL, so the list goes on from there and a later visit remembers them like any choice.
 */
export function useListParams(name: string, presets: readonly string[] = NO_PRESETS): TableState {
  const table = useTableState(name);
  const [searchParams, setSearchParams] = useSearchParams();
  const linked = useMemo(
    () =>
      presets.flatMap((key) => {
        const value = searchParams.get(key);
        return value === null ? [] : [[key, value] as const];
      }),
    [presets, searchParams],
  );
  const adopt = useCallback(() => {
    for (const [key, value] of linked) table.setFilter(key, value);
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key] of linked) next.delete(key);
        return next;
      },
      { replace: true },
    );
  }, [linked, table, setSearchParams]);
  return useMemo(() => {
    if (!linked.length) return table;
    const differs = linked.some(([key, value]) => table.filter[key] !== value);
    return {
      ...table,
      filter: { ...table.filter, ...Object.fromEntries(linked) },
      page: differs ? 1 : table.page,
      setFilter: (key: string, value: string) => {
        adopt();
        table.setFilter(key, value);
      },
      setPage: (page: number) => {
        adopt();
        table.setPage(page);
      },
      setPageSize: (pageSize: number) => {
        adopt();
        table.setPageSize(pageSize);
      },
      cycleSort: (key: string) => {
        adopt();
        table.cycleSort(key);
      },
    };
  }, [linked, table, adopt]);
}
