// The one list component of the pages (docs/product.md §4 "Table state"): the persisted state of a named table
// (filters, sort asc → desc → none, paging 30/50/100 with changes going back to page 1, selection
// for batch actions, CSV export as report.csv with a BOM) and its view. Rows in memory go through
// useLocalList; a server-paged list (`server.rowCount`) through useServerList, and the page builds
// its query from useTableState(name); its export is the server's (`server.serverExport`: the whole
// list, streamed). Both feed DataTableView, which only renders.
import { DataTableView, type DataTableViewProps } from './data-table-view';
import { useLocalList, useServerList, type ListOptions, type ServerListOptions } from './use-list';

export { INDEX_FIELD } from './use-list';

export interface DataTableProps<R> extends ListOptions<R>, Omit<DataTableViewProps<R>, 'list'> {
  /** Server-side paging: rows are one page and rowCount the total; serverExport writes the whole list. */
  server?: ServerListOptions;
}

function LocalTable<R extends object>(props: DataTableProps<R>) {
  return <DataTableView {...props} list={useLocalList(props)} />;
}

function ServerTable<R extends object>(props: DataTableProps<R> & { server: ServerListOptions }) {
  return <DataTableView {...props} list={useServerList({ ...props, ...props.server })} />;
}

export function DataTable<R extends object>(props: DataTableProps<R>) {
  return props.server ? <ServerTable {...props} server={props.server} /> : <LocalTable {...props} />;
}
