// DataTable: bound to the persisted table state by name; sort cycle from header clicks; filters
// declared as data (page 1 after a change); loading and error views; selection for batch actions;
// CSV export with a BOM and the empty-table toast; server-side paging.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import Button from '@mui/material/Button';
import { DataTable, ServerDataTable, useServerList, type DataTableColumn, type DataTableFilter } from '../../../../src/components/data-table';
import { tablePageChanged } from '../../../../src/lib/state';
import { tableStorageKey } from '../../../../src/app/store';
import { renderWithProviders } from '../../support/render';

interface Server {
  id: number;
  ip: string;
  country: string;
  port: number;
}
const rows: Server[] = [
  { id: 1, ip: '10.0.0.2', country: 'DE', port: 443 },
  { id: 2, ip: '10.0.0.1', country: 'IR', port: 80 },
  { id: 3, ip: '10.0.0.3', country: 'DE', port: 8443 },
];
const columns: DataTableColumn<Server>[] = [
  { field: 'ip', headerId: 'dataTable.export.button', ltr: true },
  { field: 'port', headerId: 'common.save', numeric: true },
];
const filters: DataTableFilter<Server>[] = [
  { kind: 'search', key: 'q', labelId: 'common.retry', match: (r) => [r.ip] },
  {
    kind: 'select',
    key: 'country',
    labelId: 'common.close',
    options: [
      { value: 'DE', label: 'Germany' },
      { value: 'IR', label: 'Iran' },
    ],
  },
];

/** The export button's Persian label: its Latin word isolated left to right. */
const EXPORT_FA = 'خروجی \u2066CSV\u2069';
/** Latin digits to Persian, the way the table shows numbers in Persian. */
const fa = (text: string | number) => String(text).replace(/[0-9]/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]);

const cellTexts = (field: string) =>
  screen
    .queryAllByRole('gridcell')
    .filter((c) => c.getAttribute('data-field') === field)
    .map((c) => c.textContent);

function readBlob(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

function capturedDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: (b: Blob) => (blobs.push(b), 'blob:x') });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { blobs, names, restore: () => click.mockRestore() };
}

describe('DataTable', () => {
  it('cycles the sort asc → desc → none from the header and persists it under the table name', async () => {
    const { store, user, persistor } = await renderWithProviders(<DataTable name="servers" rows={rows} columns={columns} />);
    expect(cellTexts('ip')).toEqual(['10.0.0.2', '10.0.0.1', '10.0.0.3']);
    const header = screen.getByRole('columnheader', { name: EXPORT_FA });

    await user.click(within(header).getByText(EXPORT_FA));
    expect(store.getState().tables.servers).toMatchObject({ sortKey: 'ip', ascending: true });
    expect(cellTexts('ip')).toEqual(['10.0.0.1', '10.0.0.2', '10.0.0.3']);

    await user.click(within(header).getByText(EXPORT_FA));
    expect(store.getState().tables.servers).toMatchObject({ sortKey: 'ip', ascending: false });
    expect(cellTexts('ip')).toEqual(['10.0.0.3', '10.0.0.2', '10.0.0.1']);

    await persistor.flush();
    expect(localStorage.getItem(tableStorageKey('servers', 'sort'))).toBe('ip');
    expect(localStorage.getItem(tableStorageKey('servers', 'ascending'))).toBe('false');

    await user.click(within(header).getByText(EXPORT_FA));
    expect(store.getState().tables.servers).toMatchObject({ sortKey: null });
    expect(cellTexts('ip')).toEqual(['10.0.0.2', '10.0.0.1', '10.0.0.3']);
  });

  it('sorts numeric columns as numbers', async () => {
    const { user } = await renderWithProviders(<DataTable name="servers" rows={rows} columns={columns} />);
    await user.click(within(screen.getByRole('columnheader', { name: /ذخیره/ })).getByText('ذخیره'));
    expect(cellTexts('port')).toEqual(['۸۰', '۴۴۳', '۸۴۴۳']);
  });

  it('restores a persisted sort and filter', async () => {
    localStorage.setItem(tableStorageKey('servers', 'sort'), 'port');
    localStorage.setItem(tableStorageKey('servers', 'ascending'), 'false');
    localStorage.setItem(tableStorageKey('servers', 'filter'), JSON.stringify({ country: 'DE' }));
    await renderWithProviders(<DataTable name="servers" rows={rows} columns={columns} filters={filters} />);
    expect(cellTexts('port')).toEqual(['۸۴۴۳', '۴۴۳']);
  });

  it('filters by the declared filters and goes back to page 1', async () => {
    const { store, user } = await renderWithProviders(<DataTable name="servers" rows={rows} columns={columns} filters={filters} />);
    act(() => {
      store.dispatch(tablePageChanged({ table: 'servers', page: 2 }));
    });
    await user.type(screen.getByLabelText('تلاش دوباره'), '0.0.3');
    await waitFor(() => expect(store.getState().tables.servers.filter.q).toBe('0.0.3'));
    expect(store.getState().tables.servers.page).toBe(1);
    expect(cellTexts('ip')).toEqual(['10.0.0.3']);
  });

  it('filters with a select and offers "all"', async () => {
    const { user, store } = await renderWithProviders(<DataTable name="servers" rows={rows} columns={columns} filters={filters} />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'بستن' }));
    await user.click(await screen.findByRole('option', { name: 'Iran' }));
    expect(store.getState().tables.servers.filter.country).toBe('IR');
    expect(cellTexts('ip')).toEqual(['10.0.0.1']);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'بستن' }));
    await user.click(await screen.findByRole('option', { name: 'همه' }));
    expect(cellTexts('ip')).toHaveLength(3);
  });

  it('resets to page 1 when the page size changes', async () => {
    const many = Array.from({ length: 75 }, (_, i) => ({ id: i + 1, ip: `10.0.1.${i + 1}`, country: 'DE', port: i }));
    const { store, user } = await renderWithProviders(<DataTable name="big" rows={many} columns={columns} />);
    expect(cellTexts('ip')).toHaveLength(30);
    await user.click(screen.getByRole('button', { name: /صفحه‌ی بعدی/ }));
    expect(store.getState().tables.big.page).toBe(2);
    expect(cellTexts('ip')[0]).toBe('10.0.1.31');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /تعداد سطرهای هر صفحه/ }));
    await user.click(await screen.findByRole('option', { name: '۵۰' }));
    expect(store.getState().tables.big).toMatchObject({ page: 1, pageSize: 50 });
    expect(cellTexts('ip')).toHaveLength(50);
  });

  it('sorts the whole list, not just the page shown: page 2 continues the sorted order', async () => {
    const many = Array.from({ length: 45 }, (_, i) => ({ id: i + 1, ip: `10.0.2.${i + 1}`, country: 'DE', port: (i * 17) % 45 }));
    const { user } = await renderWithProviders(<DataTable name="sorted" rows={many} columns={columns} />);
    await user.click(within(screen.getByRole('columnheader', { name: /ذخیره/ })).getByText('ذخیره'));
    expect(cellTexts('port')).toEqual(Array.from({ length: 30 }, (_, i) => fa(i)));
    await user.click(screen.getByRole('button', { name: /صفحه‌ی بعدی/ }));
    expect(cellTexts('port')).toEqual(Array.from({ length: 15 }, (_, i) => fa(30 + i)));
  });

  it('goes to the last page when the rows shrink under the page shown (the last rows deleted)', async () => {
    const many = Array.from({ length: 65 }, (_, i) => ({ id: i + 1, ip: `10.0.3.${i + 1}`, country: 'DE', port: i }));
    function Shrinking() {
      const [shown, setShown] = useState(many);
      return <DataTable name="shrinking" rows={shown} columns={columns} toolbar={<Button onClick={() => setShown(many.slice(0, 58))}>shrink</Button>} />;
    }
    const { store, user } = await renderWithProviders(<Shrinking />);
    await user.click(screen.getByRole('button', { name: /صفحه‌ی بعدی/ }));
    await user.click(screen.getByRole('button', { name: /صفحه‌ی بعدی/ }));
    expect(store.getState().tables.shrinking.page).toBe(3);
    expect(cellTexts('ip')).toEqual(['10.0.3.61', '10.0.3.62', '10.0.3.63', '10.0.3.64', '10.0.3.65']);
    await user.click(screen.getByRole('button', { name: 'shrink' }));
    await waitFor(() => expect(store.getState().tables.shrinking.page).toBe(2));
    expect(cellTexts('ip')).toHaveLength(28);
    expect(cellTexts('ip')[0]).toBe('10.0.3.31');
  });

  it('selecting all from the header selects every filtered row, on every page', async () => {
    const onDelete = jest.fn();
    const many = Array.from({ length: 40 }, (_, i) => ({ id: i + 1, ip: `10.0.4.${i + 1}`, country: i % 2 ? 'IR' : 'DE', port: i }));
    const { user } = await renderWithProviders(
      <DataTable name="selectall" rows={many} columns={columns} batchActions={(ids) => <Button onClick={() => onDelete(ids)}>batch</Button>} />,
    );
    await user.click(screen.getByRole('checkbox', { name: /انتخاب همه/ }));
    await user.click(screen.getByRole('button', { name: 'batch' }));
    expect([...onDelete.mock.calls[0][0]].sort((a: number, b: number) => a - b)).toEqual(many.map((r) => r.id));
  });

  it('shows a spinner while loading', async () => {
    await renderWithProviders(<DataTable name="servers" rows={undefined} columns={columns} loading />);
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });

  it('shows a full error view with retry when the load failed', async () => {
    const retry = jest.fn();
    await renderWithProviders(<DataTable name="servers" rows={undefined} columns={columns} error={{ status: 500 }} onRetry={retry} />);
    expect(screen.getByText('دریافت اطلاعات ممکن نشد')).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'تلاش دوباره' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('hands the selected row ids to the batch actions', async () => {
    const onDelete = jest.fn();
    const { user } = await renderWithProviders(
      <DataTable name="servers" rows={rows} columns={columns} batchActions={(ids) => <Button onClick={() => onDelete(ids)}>batch</Button>} />,
    );
    expect(screen.queryByRole('button', { name: 'batch' })).not.toBeInTheDocument();
    const checkboxes = screen.getAllByRole('checkbox', { name: /انتخاب ردیف/ });
    await user.click(checkboxes[0]);
    await user.click(checkboxes[2]);
    await user.click(screen.getByRole('button', { name: 'batch' }));
    expect(onDelete).toHaveBeenCalledWith([1, 3]);
  });

  it('folds three row actions into a "more" menu on a phone, which opens, runs the chosen action and opens again', async () => {
    window.innerWidth = 390;
    try {
      const onDetails = jest.fn();
      const onDelete = jest.fn();
      const { user } = await renderWithProviders(
        <DataTable
          name="servers"
          rows={rows}
          columns={columns}
          rowActions={[
            { key: 'details', labelId: 'common.retry', icon: <span />, onClick: onDetails },
            { key: 'edit', labelId: 'common.save', icon: <span />, onClick: () => undefined },
            { key: 'delete', labelId: 'common.close', icon: <span />, onClick: onDelete },
          ]}
        />,
      );
      const more = await screen.findAllByRole('button', { name: 'عملیات بیشتر' });
      expect(more).toHaveLength(rows.length);
      expect(screen.queryByRole('menu')).not.toBeInTheDocument();
      await user.click(more[1]);
      const menu = await screen.findByRole('menu');
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).toEqual(['تلاش دوباره', 'ذخیره', 'بستن']);
      await user.click(within(menu).getByRole('menuitem', { name: 'تلاش دوباره' }));
      expect(onDetails).toHaveBeenCalledWith(rows[1]);
      await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
      // the same row's menu, a second time
      await user.click(more[1]);
      await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'بستن' }));
      expect(onDelete).toHaveBeenCalledWith(rows[1]);
    } finally {
      window.innerWidth = 1024;
    }
  });

  it('exports what is shown to report.csv with a UTF-8 byte-order mark', async () => {
    const downloads = capturedDownloads();
    try {
      const { user } = await renderWithProviders(
        <DataTable
          name="servers"
          rows={rows}
          columns={columns}
          filters={filters}
          exportColumns={[
            { headerId: 'common.save', value: (r) => r.ip },
            { headerId: 'common.close', value: (r) => (r.country === 'DE' ? 'آلمان' : 'ایران') },
          ]}
        />,
      );
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'بستن' }));
      await user.click(await screen.findByRole('option', { name: 'Germany' }));
      await user.click(screen.getByRole('button', { name: EXPORT_FA }));
      expect(downloads.names).toEqual(['report.csv']);
      const bytes = await readBlob(downloads.blobs[0]);
      expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
      expect(downloads.blobs[0].type).toBe('text/csv;charset=utf-8');
      const text = new TextDecoder().decode(bytes.slice(3));
      expect(text.split('\r\n')).toEqual(['ذخیره,بستن', '10.0.0.2,آلمان', '10.0.0.3,آلمان']);
    } finally {
      downloads.restore();
    }
  });

  it('exports data, not display, in Persian: stored ISO dates, Latin digits, headers without bidi controls', async () => {
    interface Device {
      id: number;
      model: string;
      count: number;
      createdAt: string;
    }
    const shown: DataTableColumn<Device>[] = [
      // the header's Persian label isolates its Latin word, as the screen needs
      { field: 'model', headerId: 'dataTable.export.button', ltr: true },
      { field: 'count', headerId: 'common.save', numeric: true },
      // the screen shows a Jalali date in Persian digits; the file holds the stored time
      {
        field: 'createdAt',
        headerId: 'common.close',
        value: (d) => new Intl.DateTimeFormat('fa-IR-u-ca-persian', { dateStyle: 'medium' }).format(new Date(d.createdAt)),
      },
      // a computed column exports what it computes, as data
      { field: 'twice', headerId: 'common.retry', numeric: true, value: (d) => d.count * 2 },
    ];
    const devices: Device[] = [{ id: 1, model: '\u202EPixel 7', count: 1234, createdAt: '2024-03-20T10:00:00.000Z' }];
    const downloads = capturedDownloads();
    try {
      const { user } = await renderWithProviders(<DataTable name="fa-export" rows={devices} columns={shown} />);
      expect(cellTexts('count')).toEqual(['۱۲۳۴']);
      await user.click(screen.getByRole('button', { name: EXPORT_FA }));
      const text = new TextDecoder().decode((await readBlob(downloads.blobs[0])).slice(3));
      expect(text).not.toMatch(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/);
      expect(text).not.toMatch(/[۰-۹٠-٩]/);
      expect(text.split('\r\n')).toEqual(['خروجی CSV,ذخیره,بستن,تلاش دوباره', 'Pixel 7,1234,2024-03-20T10:00:00.000Z,2468']);
    } finally {
      downloads.restore();
    }
  });

  it('says "Table is empty" instead of exporting nothing', async () => {
    const downloads = capturedDownloads();
    try {
      const { user } = await renderWithProviders(<DataTable name="servers" rows={[]} columns={columns} />, { locale: 'en' });
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      expect(await screen.findByText('Table is empty')).toBeInTheDocument();
      expect(downloads.blobs).toHaveLength(0);
    } finally {
      downloads.restore();
    }
  });

  it('pages on the server: shows the given page and reports the total', async () => {
    const page = rows.map((r) => ({ ...r, id: r.id + 30 }));
    // The page's call, as RTK Query's hook answers it: here the same three rows of 95 whatever is asked.
    const asked: { page: number; size: number }[] = [];
    const usePage = (args: { page: number; size: number }) => {
      asked.push(args);
      return { data: { rows: page, count: 95 }, isLoading: false, isFetching: false, refetch: () => undefined };
    };
    const toQuery = () => ({});
    function ServerPaged() {
      const list = useServerList({ name: 'devices', columns, indexColumn: true, toQuery, useQuery: usePage });
      return <ServerDataTable list={list} />;
    }
    const { store, user } = await renderWithProviders(<ServerPaged />, { locale: 'en' });
    expect(asked.at(-1)).toEqual({ page: 1, size: 30 });
    expect(screen.getByText('1–30 of 95')).toBeInTheDocument();
    // the page shown is not the list: without the server's export there is no export button
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(
      screen
        .queryAllByRole('gridcell')
        .filter((c) => c.getAttribute('data-field') === '__index')
        .map((c) => c.textContent),
    ).toEqual(['1', '2', '3']);
    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(store.getState().tables.devices.page).toBe(2);
    expect(asked.at(-1)).toEqual({ page: 2, size: 30 });
    // the server orders the rows: its row numbers are not a sortable column
    await user.click(within(screen.getByRole('columnheader', { name: '#' })).getByText('#'));
    expect(store.getState().tables.devices.sortKey).toBeNull();
  });

  it('shows numbers in Persian digits, row numbers and page sizes included, but technical numbers as typed', async () => {
    const technical: DataTableColumn<Server>[] = [
      { field: 'ip', headerId: 'common.close', ltr: true },
      { field: 'port', headerId: 'common.save', numeric: true, ltr: true },
      { field: 'id', headerId: 'common.retry', numeric: true, value: (r) => r.id * 1000 },
    ];
    await renderWithProviders(<DataTable name="digits" rows={rows} columns={technical} indexColumn />);
    expect(cellTexts('__index')).toEqual(['۱', '۲', '۳']);
    expect(cellTexts('id')).toEqual(['۱۰۰۰', '۲۰۰۰', '۳۰۰۰']);
    expect(cellTexts('port')).toEqual(['443', '80', '8443']);
    expect(cellTexts('ip')).toEqual(['10.0.0.2', '10.0.0.1', '10.0.0.3']);
    expect(screen.getByText('۱–۳ از ۳')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /تعداد سطرهای هر صفحه/ })).toHaveTextContent('۳۰');
  });

  it('lays technical cells out left to right in an isolate, cut at their own end, with the whole value in a tooltip', async () => {
    const model = 'Redmi Note 10 Pro Max (global edition)';
    await renderWithProviders(
      <DataTable name="models" rows={[{ id: 1, ip: model, country: 'DE', port: 1 }]} columns={[{ field: 'ip', headerId: 'common.close', ltr: true }]} />,
    );
    const cell = screen.getAllByRole('gridcell').find((c) => c.getAttribute('data-field') === 'ip')!;
    const value = within(cell).getByText(model);
    expect(value).toHaveAttribute('dir', 'ltr');
    expect(value).toHaveStyle({ unicodeBidi: 'isolate', textOverflow: 'ellipsis', overflow: 'hidden', whiteSpace: 'nowrap' });
    expect(value).toHaveAttribute('title', model);
  });
});

// On a phone (narrower than 600 px) the list is a plain table, not the data grid (the
// grid's mount was most of a phone's blocking time): the same sort cycle, digits, selection,
// paging and texts, through the same list state.
describe('DataTable on a phone', () => {
  beforeEach(() => {
    window.innerWidth = 390;
  });
  afterEach(() => {
    window.innerWidth = 1024;
  });

  const phoneCells = (field: string) =>
    screen
      .queryAllByRole('cell')
      .filter((c) => c.getAttribute('data-field') === field)
      .map((c) => c.textContent);

  it('is a table, not the grid, and cycles the sort asc → desc → none from its header', async () => {
    const { store, user } = await renderWithProviders(<DataTable name="servers" rows={rows} columns={columns} indexColumn />);
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(phoneCells('ip')).toEqual(['10.0.0.2', '10.0.0.1', '10.0.0.3']);
    expect(phoneCells('__index')).toEqual(['۱', '۲', '۳']);
    expect(phoneCells('port')).toEqual(['۴۴۳', '۸۰', '۸۴۴۳']);
    // a technical value in a left-to-right isolate, cut at its own end
    expect(within(screen.getAllByRole('cell').find((c) => c.getAttribute('data-field') === 'ip')!).getByText('10.0.0.2')).toHaveAttribute('dir', 'ltr');

    const header = screen.getByRole('columnheader', { name: EXPORT_FA });
    await user.click(within(header).getByText(EXPORT_FA));
    expect(store.getState().tables.servers).toMatchObject({ sortKey: 'ip', ascending: true });
    expect(phoneCells('ip')).toEqual(['10.0.0.1', '10.0.0.2', '10.0.0.3']);
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(header).getByText(EXPORT_FA));
    expect(phoneCells('ip')).toEqual(['10.0.0.3', '10.0.0.2', '10.0.0.1']);
    expect(header).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(header).getByText(EXPORT_FA));
    expect(store.getState().tables.servers).toMatchObject({ sortKey: null });
    expect(phoneCells('ip')).toEqual(['10.0.0.2', '10.0.0.1', '10.0.0.3']);
    // the row number follows the rows' own order, not a column that sorts on a phone either
    await user.click(within(screen.getByRole('columnheader', { name: 'ردیف' })).getByText('ردیف'));
    expect(store.getState().tables.servers).toMatchObject({ sortKey: '__index', ascending: true });
  });

  it('pages in the locale digits, resets to page 1 on a new page size, and goes back when the last rows go', async () => {
    const many = Array.from({ length: 65 }, (_, i) => ({ id: i + 1, ip: `10.0.5.${i + 1}`, country: 'DE', port: i }));
    function Shrinking() {
      const [shown, setShown] = useState(many);
      return <DataTable name="phonepages" rows={shown} columns={columns} toolbar={<Button onClick={() => setShown(many.slice(0, 58))}>shrink</Button>} />;
    }
    const { store, user } = await renderWithProviders(<Shrinking />);
    expect(phoneCells('ip')).toHaveLength(30);
    expect(screen.getByText('۱–۳۰ از ۶۵')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /صفحه‌ی بعدی/ }));
    await user.click(screen.getByRole('button', { name: /صفحه‌ی بعدی/ }));
    expect(store.getState().tables.phonepages.page).toBe(3);
    expect(phoneCells('ip')).toEqual(['10.0.5.61', '10.0.5.62', '10.0.5.63', '10.0.5.64', '10.0.5.65']);
    await user.click(screen.getByRole('button', { name: 'shrink' }));
    await waitFor(() => expect(store.getState().tables.phonepages.page).toBe(2));
    expect(phoneCells('ip')).toHaveLength(28);
    expect(screen.getByText('۳۱–۵۸ از ۵۸')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /تعداد سطرهای هر صفحه/ }));
    await user.click(await screen.findByRole('option', { name: '۵۰' }));
    expect(store.getState().tables.phonepages).toMatchObject({ page: 1, pageSize: 50 });
    expect(phoneCells('ip')).toHaveLength(50);
  });

  it('selects rows for the batch actions, and all of them, on every page, from the header', async () => {
    const onDelete = jest.fn();
    const many = Array.from({ length: 40 }, (_, i) => ({ id: i + 1, ip: `10.0.6.${i + 1}`, country: 'DE', port: i }));
    const { user } = await renderWithProviders(
      <DataTable name="phoneselect" rows={many} columns={columns} batchActions={(ids) => <Button onClick={() => onDelete(ids)}>batch</Button>} />,
    );
    expect(screen.queryByRole('button', { name: 'batch' })).not.toBeInTheDocument();
    const boxes = screen.getAllByRole('checkbox', { name: /انتخاب ردیف/ });
    expect(boxes).toHaveLength(30);
    await user.click(boxes[0]);
    await user.click(boxes[2]);
    await user.click(screen.getByRole('button', { name: 'batch' }));
    expect(onDelete).toHaveBeenLastCalledWith([1, 3]);
    const all = screen.getByRole('checkbox', { name: /انتخاب همه/ });
    expect(all).toHaveAttribute('data-indeterminate', 'true');
    await user.click(all);
    await user.click(screen.getByRole('button', { name: 'batch' }));
    expect([...onDelete.mock.lastCall![0]].sort((a: number, b: number) => a - b)).toEqual(many.map((r) => r.id));
    // one row out of "all", then none
    await user.click(screen.getAllByRole('checkbox', { name: /انتخاب ردیف/ })[1]);
    await user.click(screen.getByRole('button', { name: 'batch' }));
    expect(onDelete.mock.lastCall![0]).toHaveLength(39);
    expect(onDelete.mock.lastCall![0]).not.toContain(2);
    await user.click(screen.getByRole('checkbox', { name: /انتخاب همه/ }));
    await user.click(screen.getByRole('checkbox', { name: /انتخاب همه/ }));
    expect(screen.queryByRole('button', { name: 'batch' })).not.toBeInTheDocument();
  });

  it('says there are no rows, and keeps the rows shown under a progress bar while they refresh', async () => {
    function Refreshing() {
      const [filled, setFilled] = useState(false);
      return (
        <DataTable
          name="phoneempty"
          rows={filled ? rows : []}
          columns={columns}
          fetching={filled}
          toolbar={<Button onClick={() => setFilled(true)}>fill</Button>}
        />
      );
    }
    const { user } = await renderWithProviders(<Refreshing />, { locale: 'en' });
    expect(screen.getByText('No rows')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'fill' }));
    expect(phoneCells('ip')).toHaveLength(3);
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.queryByText('No rows')).not.toBeInTheDocument();
  });
});
