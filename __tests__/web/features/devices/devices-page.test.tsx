// /app/devices: server paging (page/size/appId/filter query params, 30 per page from page 1), server
// sorting from the column headers (sort/ascending, back to page 1), the
// ?appId= preset, create with the contract schema, edit and delete with their toasts.
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../support/render';
import { apiError, json, useFakeServer, type FakeRequest } from '../../support/fake-server';
import { makeUser } from '../../support/fixtures';
import { tableStorageKey } from '../../../../src/app/store';

const server = useFakeServer();
const APPS = [
  { id: 1, name: 'Alpha', active: true, apiKey: 'a'.repeat(64) },
  { id: 2, name: 'Beta', active: true, apiKey: 'b'.repeat(64) },
  { id: 3, name: 'Gamma (off)', active: false, apiKey: 'c'.repeat(64) },
];
const TOTAL = 70;

const device = (id: number, appId = 1) => ({
  id,
  app: { id: appId, name: APPS[appId - 1].name },
  model: `Model ${id}`,
  uniqueDeviceId: `device-${String(id).padStart(3, '0')}`,
  fcmToken: `fcm-token-${id}-${'x'.repeat(40)}`,
  appVersionCode: 1.5,
  createdAt: '2024-03-20T10:00:00.000Z',
  updatedAt: '2024-03-20T10:00:00.000Z',
});

/** A fake of the real paging: 70 devices, newest (highest id) first, or by `sort` (id or uniqueDeviceId) and `ascending`. */
function devicesPage(req: FakeRequest) {
  const page = Number(req.query.get('page'));
  const size = Number(req.query.get('size'));
  const appId = req.query.get('appId') ? Number(req.query.get('appId')) : undefined;
  const filter = req.query.get('filter') ?? '';
  const all = Array.from({ length: TOTAL }, (_, i) => device(TOTAL - i, (i % 2) + 1)).filter(
    (d) => (appId === undefined || d.app.id === appId) && d.uniqueDeviceId.includes(filter),
  );
  // Device ids are zero-padded, so their order is the id order; ascending is the reverse of newest first.
  if (req.query.get('ascending') === 'true') all.reverse();
  return json({ rows: all.slice((page - 1) * size, page * size), count: all.length, countEstimated: false });
}

async function openPage(route = '/app/devices') {
  server.on('GET', 'users/current', json({ data: makeUser() }));
  server.on('GET', 'apps', json({ data: APPS }));
  server.on('GET', 'apps/devices', devicesPage);
  const view = await renderApp({ route, token: 'tok', locale: 'en' });
  await screen.findByRole('heading', { name: 'Devices' });
  return view;
}

const queryOf = (req: FakeRequest) => Object.fromEntries(req.query.entries());

describe('devices page', () => {
  it('asks for page 1 of 30, then page 2 after "next page", with the total shown', async () => {
    const { user } = await openPage();
    expect(await screen.findByText('device-070')).toBeInTheDocument();
    expect(screen.getByText('70 devices')).toBeInTheDocument();
    expect(queryOf(server.calls('GET', 'apps/devices')[0])).toEqual({ page: '1', size: '30' });

    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByText('device-040')).toBeInTheDocument();
    expect(screen.queryByText('device-070')).not.toBeInTheDocument();
    expect(queryOf(server.calls('GET', 'apps/devices').at(-1)!)).toEqual({ page: '2', size: '30' });
  });

  it('sends the text filter (debounced) and the app filter, back on page 1', async () => {
    const { user } = await openPage();
    await screen.findByText('device-070');
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await screen.findByText('device-040');

    await user.type(screen.getByRole('searchbox', { name: /Search device ID/ }), 'device-06');
    await waitFor(() => expect(queryOf(server.calls('GET', 'apps/devices').at(-1)!)).toEqual({ page: '1', size: '30', filter: 'device-06' }));
    expect(await screen.findByText('10 devices')).toBeInTheDocument();
    // one request for the whole typed text, not one per key
    expect(server.calls('GET', 'apps/devices').filter((r) => r.query.has('filter'))).toHaveLength(1);

    await user.click(screen.getByRole('combobox', { name: /Application/ }));
    await user.click(await screen.findByRole('option', { name: 'Beta' }));
    await waitFor(() => expect(queryOf(server.calls('GET', 'apps/devices').at(-1)!)).toEqual({ page: '1', size: '30', filter: 'device-06', appId: '2' }));
  });

  it('sorts on the server: a header click asks for page 1 ascending, the next descending, the third the default order', async () => {
    const { user } = await openPage();
    await screen.findByText('device-070');
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await screen.findByText('device-040');
    const header = (name: string) => within(screen.getByRole('columnheader', { name })).getByText(name);

    await user.click(header('Device ID'));
    await waitFor(() =>
      expect(queryOf(server.calls('GET', 'apps/devices').at(-1)!)).toEqual({ page: '1', size: '30', sort: 'uniqueDeviceId', ascending: 'true' }),
    );
    // the server's order is shown as it comes: the oldest device first, on page 1
    expect(await screen.findByText('device-001')).toBeInTheDocument();
    expect(screen.queryByText('device-040')).not.toBeInTheDocument();

    await user.click(header('Device ID'));
    await waitFor(() =>
      expect(queryOf(server.calls('GET', 'apps/devices').at(-1)!)).toEqual({ page: '1', size: '30', sort: 'uniqueDeviceId', ascending: 'false' }),
    );
    const afterDescending = server.calls('GET', 'apps/devices').length;
    await user.click(header('Device ID'));
    // Unsorted again: the default order of page 1, which RTK Query may still hold from the first load.
    await waitFor(() => expect(screen.getByRole('columnheader', { name: 'Device ID' })).toHaveAttribute('aria-sort', 'none'));
    expect(
      server
        .calls('GET', 'apps/devices')
        .slice(afterDescending)
        .every((r) => !r.query.has('sort') && !r.query.has('ascending')),
    ).toBe(true);
    expect(await screen.findByText('device-070')).toBeInTheDocument();

    // "Registered" sorts by registration order (the device id of the list), with the filters kept.
    await user.type(screen.getByRole('searchbox', { name: /Search device ID/ }), 'device-0');
    await user.click(header('Registered'));
    await waitFor(() =>
      expect(queryOf(server.calls('GET', 'apps/devices').at(-1)!)).toEqual({ page: '1', size: '30', filter: 'device-0', sort: 'id', ascending: 'true' }),
    );
    await user.click(header('Model'));
    await waitFor(() => expect(server.calls('GET', 'apps/devices').at(-1)!.query.get('sort')).toBe('model'));
    await user.click(header('App version'));
    await waitFor(() => expect(server.calls('GET', 'apps/devices').at(-1)!.query.get('sort')).toBe('appVersionCode'));

    // The sort and the step back to page 1 are one change of the table state: no request ever asked
    // for page 2 of a new order (the grid's own return to its first page comes a tick later).
    expect(server.calls('GET', 'apps/devices').filter((r) => r.query.has('sort') && r.query.get('page') !== '1')).toEqual([]);

    // The application and token columns have no server order: their headers do not sort.
    const asked = server.calls('GET', 'apps/devices').length;
    await user.click(header('Application'));
    await user.click(header('Firebase token'));
    expect(screen.getByRole('columnheader', { name: 'Application' })).not.toHaveAttribute('aria-sort', expect.stringMatching(/ascending|descending/));
    expect(server.calls('GET', 'apps/devices')).toHaveLength(asked);
    expect(server.calls('GET', 'apps/devices').at(-1)!.query.get('sort')).toBe('appVersionCode');
  });

  it('presets the application filter from ?appId= and never asks without it', async () => {
    await openPage('/app/devices?appId=2');
    await screen.findByText('device-069');
    const calls = server.calls('GET', 'apps/devices');
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((r) => r.query.get('appId') === '2')).toBe(true);
    expect(screen.getByRole('combobox', { name: /Application/ })).toHaveTextContent('Beta');
    expect(screen.getByText('35 devices')).toBeInTheDocument();
  });

  it("lets the link's app win over a remembered one from the first call, then stores it and drops it from the URL at the first change", async () => {
    window.localStorage.setItem(tableStorageKey('devices', 'filter'), JSON.stringify({ appId: '1' }));
    window.localStorage.setItem(tableStorageKey('devices', 'page'), '2');
    const { user, router, store } = await openPage('/app/devices?appId=2');
    await screen.findByText('device-069');
    // never the remembered app or page: the first call is already the link's app, on page 1
    expect(server.calls('GET', 'apps/devices').map(queryOf)).toEqual([{ page: '1', size: '30', appId: '2' }]);
    expect(screen.getByRole('combobox', { name: /Application/ })).toHaveTextContent('Beta');

    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(queryOf(server.calls('GET', 'apps/devices').at(-1)!)).toEqual({ page: '2', size: '30', appId: '2' }));
    expect(router.state.location.search).toBe('');
    expect(store.getState().tables.devices).toMatchObject({ filter: { appId: '2' }, page: 2 });
    expect(server.calls('GET', 'apps/devices').every((r) => r.query.get('appId') === '2')).toBe(true);
  });

  it.each([
    ['an app its record names', json({ data: { id: 9, name: "Other admin's VPN" } }), 'en', /^Other admin's VPN$/],
    ['an app the caller may not see, in English', apiError(404, 'NOT_FOUND'), 'en', /^Unknown app$/],
    ['an app the caller may not see, in Persian', apiError(403, 'FORBIDDEN'), 'fa', /^اپلیکیشن ناشناخته$/],
  ] as const)('names a linked app its list lacks, never as a bare id: %s', async (_label, getApp, locale, shown) => {
    server.on('GET', 'users/current', json({ data: makeUser() }));
    server.on('GET', 'apps', json({ data: APPS }));
    server.on('GET', 'apps/devices', json({ rows: [], count: 0, countEstimated: false }));
    server.on('GET', 'apps/getApp/9', getApp);
    await renderApp({ route: '/app/devices?appId=9', token: 'tok', locale });
    const filter = await screen.findByRole('combobox', { name: locale === 'fa' ? /اپلیکیشن/ : /Application/ }, { timeout: 30_000 });
    await waitFor(() => expect(filter).toHaveTextContent(shown));
    expect(filter.textContent).not.toMatch(/#|[0-9]/);
    expect(server.calls('GET', 'apps/devices').every((r) => r.query.get('appId') === '9')).toBe(true);
  });

  it("creates a device: required fields are checked first, then POST apps/addDevice on the staff path with the chosen app's id and no app key", async () => {
    server.on('POST', 'apps/addDevice', json({ success: true, data: { id: 71 } }));
    const { user } = await openPage();
    await screen.findByText('device-070');
    const before = server.calls('GET', 'apps/devices').length;

    await user.click(screen.getByRole('button', { name: 'New device' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('This field is required')).toHaveLength(3);
    expect(server.calls('POST', 'apps/addDevice')).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: /Application/ }));
    // the phones of an inactive app cannot register, so the form offers active apps only
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Alpha', 'Beta']);
    await user.click(await screen.findByRole('option', { name: 'Alpha' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Device ID/ }), 'new-device');
    await user.type(within(dialog).getByRole('textbox', { name: /Firebase token/ }), 'fcm-new');
    await user.type(within(dialog).getByRole('textbox', { name: /Model/ }), 'Pixel 8');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The device was registered')).toBeInTheDocument();
    // the staff path: the app's id and the staff token (audited); no app key leaves the page
    expect(server.calls('POST', 'apps/addDevice')[0].body).toEqual({
      appId: 1,
      uniqueDeviceId: 'new-device',
      fcmToken: 'fcm-new',
      model: 'Pixel 8',
      appVersionCode: null,
    });
    expect(server.calls('POST', 'apps/addDevice')[0].headers.appapikey).toBeUndefined();
    expect(server.calls('POST', 'apps/addDevice')[0].headers.authorization).toMatch(/^(JWT|Bearer) /);
    await waitFor(() => expect(server.calls('GET', 'apps/devices').length).toBe(before + 1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the create error toast and keeps the dialog open with the taken device id on its field', async () => {
    server.on('POST', 'apps/addDevice', apiError(409, 'CONFLICT', { uniqueDeviceId: 'validation.taken' }));
    const { user } = await openPage();
    await screen.findByText('device-070');
    await user.click(screen.getByRole('button', { name: 'New device' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: /Application/ }));
    await user.click(await screen.findByRole('option', { name: 'Beta' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Device ID/ }), 'device-070');
    await user.type(within(dialog).getByRole('textbox', { name: /Firebase token/ }), 'fcm');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The device could not be created')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(await within(dialog).findByText(/already (taken|in use)/i)).toBeInTheDocument();
  });

  it('edits a device with PUT apps/updateDevice/{id}', async () => {
    server.on('PUT', 'apps/updateDevice/:id', (req) => json({ success: true, data: { ...device(Number(req.params.id)), ...(req.body as object) } }));
    const { user } = await openPage();
    const row = (await screen.findByText('device-070')).closest('[role="row"]') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Edit device' }));
    const dialog = await screen.findByRole('dialog');
    const model = within(dialog).getByRole('textbox', { name: /Model/ });
    expect(model).toHaveValue('Model 70');
    await user.clear(model);
    await user.type(model, 'Galaxy S24');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The device was saved')).toBeInTheDocument();
    expect(server.calls('PUT', 'apps/updateDevice/70')[0].body).toMatchObject({ appId: 1, uniqueDeviceId: 'device-070', model: 'Galaxy S24' });
  });

  it('deletes after confirming, and toasts the delete error when the server refuses', async () => {
    server.on('DELETE', 'apps/destroyDevice/:id', apiError(500, 'INTERNAL'));
    const { user } = await openPage();
    const row = (await screen.findByText('device-070')).closest('[role="row"]') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Delete device' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('device-070');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('The device could not be deleted')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    server.on('DELETE', 'apps/destroyDevice/:id', json({ success: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('The device was deleted')).toBeInTheDocument();
    expect(server.calls('DELETE', 'apps/destroyDevice/70')).toHaveLength(2);
  });
});

// The list's export is the whole list, asked of the server with the list's filters and
// sort (GET apps/devices/export), streamed with a progress bar; never the 30 rows shown.
describe('devices page export', () => {
  let blobs: Blob[];
  let names: string[];
  let click: jest.SpyInstance;
  beforeEach(() => {
    blobs = [];
    names = [];
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: (b: Blob) => (blobs.push(b), 'blob:x') });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
  });
  afterEach(() => click.mockRestore());

  const encoder = new TextEncoder();
  const BOM_HEADER = '\uFEFFID,Application,Application ID,Model,Device ID,Firebase token,App version,Registered,Last updated\r\n';
  const line = (id: number) =>
    `${id},Alpha,1,Model ${id},device-${String(id).padStart(3, '0')},fcm-${id},1.5,2024-03-20T10:00:00.000Z,2024-03-20T10:00:00.000Z\r\n`;
  const lines = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => line(to - i)).join('');

  /** A streamed answer: the first part at once, the rest when `release` is called. */
  function heldStream(first: string, rest: string) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode(first));
        await released;
        controller.enqueue(encoder.encode(rest));
        controller.close();
      },
    });
    return { body, release };
  }

  const readBytes = (blob: Blob) =>
    new Promise<Uint8Array>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(blob);
    });

  it('asks the server for every device of the current filters and sort, shows its progress, and saves what it wrote', async () => {
    const stream = heldStream(BOM_HEADER + lines(41, 70), lines(1, 40));
    server.on('GET', 'apps/devices/export', { status: 200, body: stream.body, contentType: 'text/csv; charset=utf-8' });
    const { user } = await openPage();
    await screen.findByText('device-070');
    await user.click(screen.getByRole('columnheader', { name: 'Model' }).querySelector('.MuiDataGrid-columnHeaderTitle')!);
    await waitFor(() => expect(server.calls('GET', 'apps/devices').at(-1)!.query.get('sort')).toBe('model'));
    await user.click(screen.getByRole('combobox', { name: /Application/ }));
    await user.click(await screen.findByRole('option', { name: 'Alpha' }));
    await waitFor(() => expect(server.calls('GET', 'apps/devices').at(-1)!.query.get('appId')).toBe('1'));
    await screen.findByText('35 devices');
    const pageCalls = server.calls('GET', 'apps/devices').length;

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    // the server is asked, with the list's query (no page, no size) and the page's language
    await waitFor(() => expect(server.calls('GET', 'apps/devices/export')).toHaveLength(1));
    expect(queryOf(server.calls('GET', 'apps/devices/export')[0])).toEqual({ appId: '1', sort: 'model', ascending: 'true', lang: 'en' });
    expect(server.calls('GET', 'apps/devices/export')[0].headers.authorization).toBe('JWT tok');
    // the rows arrived so far, against the list's count, and a bar of them
    expect(await screen.findByText('Exporting: 30 of 35 rows')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute('aria-valuenow', String(Math.floor((100 * 30) / 35)));
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(names).toEqual([]);

    stream.release();
    await waitFor(() => expect(names).toEqual(['report.csv']));
    const bytes = await readBytes(blobs[0]);
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    // every row the server wrote (70 here, more than the page and the count), as it wrote them
    expect(text).toBe(BOM_HEADER.slice(1) + lines(41, 70) + lines(1, 40));
    expect(blobs[0].type).toBe('text/csv;charset=utf-8');
    // the progress is gone, the button is back, and no page of the list was fetched for it
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Export progress' })).not.toBeInTheDocument();
    expect(server.calls('GET', 'apps/devices')).toHaveLength(pageCalls);
  });

  it('stops when cancelled (no file, no error), and toasts a refused export', async () => {
    const stream = heldStream(BOM_HEADER + lines(41, 70), lines(1, 40));
    server.on('GET', 'apps/devices/export', { status: 200, body: stream.body, contentType: 'text/csv; charset=utf-8' });
    const { user } = await openPage();
    await screen.findByText('device-070');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Exporting: 30 of 70 rows')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    stream.release();
    expect(names).toEqual([]);
    expect(screen.queryByText('The export failed')).not.toBeInTheDocument();

    server.on('GET', 'apps/devices/export', apiError(403, 'FORBIDDEN'));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('The export failed')).toBeInTheDocument();
    expect(names).toEqual([]);
  });

  it('has no export button without the export grant', async () => {
    server.on(
      'GET',
      'users/current',
      json({
        data: makeUser({
          access: {
            scope: 'own',
            operations: [
              { method: 'GET', route: 'apps/devices' },
              { method: 'GET', route: 'apps' },
            ],
          },
        }),
      }),
    );
    server.on('GET', 'apps', json({ data: APPS }));
    server.on('GET', 'apps/devices', devicesPage);
    await renderApp({ route: '/app/devices', token: 'tok', locale: 'en' });
    await screen.findByText('device-070');
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });
});
