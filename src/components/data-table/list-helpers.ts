// Small builders for what list pages hand DataTable, each written once:
// - listStatus: a list read's state (an RTK Query result) as DataTable's loading, fetching, error
//   and retry props. The error view shows only while there are no rows: a failed refetch keeps the
//   rows it has.
// - yesNoFilter: a select filter on a yes/no value (active/inactive …), options 'true' and 'false'.
import type { SelectFilter } from './types';

export interface ListQuery {
  data?: unknown;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

export function listStatus(query: ListQuery) {
  return {
    loading: query.isLoading,
    fetching: query.isFetching,
    error: query.isError && !query.data ? (query.error ?? true) : undefined,
    onRetry: () => void query.refetch(),
  };
}

export interface YesNoFilterOptions<R> {
  key: string;
  labelId: string;
  value: (row: R) => boolean;
  yesLabelId: string;
  noLabelId: string;
  defaultValue?: 'true' | 'false';
}

export function yesNoFilter<R>({ key, labelId, value, yesLabelId, noLabelId, defaultValue }: YesNoFilterOptions<R>): SelectFilter<R> {
  return {
    kind: 'select',
    key,
    labelId,
    options: [
      { value: 'true', labelId: yesLabelId },
      { value: 'false', labelId: noLabelId },
    ],
    defaultValue,
    test: (row, chosen) => String(value(row)) === chosen,
  };
}
