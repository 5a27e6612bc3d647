// The list components of the pages (docs/product.md §4 "Table state"): the persisted state of a named table
// (filters, sort asc → desc → none, paging 30/50/100 with changes going back to page 1, selection
// for batch actions, CSV export as report.csv with a BOM) and its view. Rows in memory go through
// DataTable (useLocalList); a server-paged list is made by its page with useServerList, which owns
// its query, and shown by ServerDataTable with its call's loading and error states. Both feed
// DataTableView, which only renders.
import { DataTableView, type DataTableViewProps } from './data-table-view';
import { useLocalList, type ListOptions, type PageAnswer, type ServerList } from './use-list';

export { INDEX_FIELD } from './use-list';

export interface DataTableProps<R> extends ListOptions<R>, Omit<DataTableViewProps<R>, 'list'> {}

export function DataTable<R extends object>(props: DataTableProps<R>) {
  return <DataTableView {...props} list={useLocalList(props)} />;
}

export interface ServerDataTableProps<R, Q, D extends PageAnswer<R>> extends Omit<
  DataTableViewProps<R>,
  'list' | 'loading' | 'fetching' | 'error' | 'onRetry'
> {
  list: ServerList<R, Q, D>;
}

/** A server-paged list (useServerList) with its page call's loading, refresh and error views. */
export function ServerDataTable<R extends object, Q, D extends PageAnswer<R>>({ list, ...view }: ServerDataTableProps<R, Q, D>) {
  const { result } = list;
  return (
    <DataTableView {...view} list={list} loading={result.isLoading} fetching={result.isFetching} error={result.error} onRetry={() => void result.refetch()} />
  );
}
