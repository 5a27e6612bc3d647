// /settings/audit: server paging (page/size, newest first from the server), the action filter sent
// as a query parameter and back on page 1, the row popup with before/after side by side (a
// secret reads "changed"), and the CSV export of every record of the current filter, not only the
// page shown, asked of the server (GET audit/export) and saved as it wrote it.
import { screen, waitFor, within } from '@testing-library/react';
import { AUDIT_CHANGED } from '../../../../src/contract';
import { renderApp } from '../../support/render';
import { json, useFakeServer, type FakeRequest } from '../../support/fake-server';
import { makeUser } from '../../support/fixtures';

const server = useFakeServer();
const TOTAL = 130;

const record = (id: number) => ({
  id,
  at: new Date(Date.UTC(2026, 0, 1, 0, id)).toISOString(),
  actorId: 1,
  actorName: 'admin',
  actorRole: 'admin',
  actorRolePName: 'مدیر ارشد',
  ip: '127.0.0.1',
  action: id % 2 ? 'app.update' : 'user.setPassword',
  operation: id % 2 ? 'PUT /api/v1/apps/updateApp/:id' : 'POST /api/v1/users/changepasslist',
  targetType: id % 2 ? 'app' : 'user',
  targetId: String(id),
  targetName: `target-${id}`,
  before: id % 2 ? { name: `old-${id}`, adminId: 2 } : { passwordHash: AUDIT_CHANGED, needToChangePass: false },
  after: id % 2 ? { name: `new-${id}`, adminId: 3 } : { passwordHash: AUDIT_CHANGED, needToChangePass: true },
  detail: null,
});

function auditPage(req: FakeRequest) {
  const page = Number(req.query.get('page'));
  const size = Number(req.query.get('size'));
  const action = req.query.get('action');
  const all = Array.from({ length: TOTAL }, (_, i) => record(TOTAL - i)).filter((r) => !action || r.action === action);
  return json({ rows: all.slice((page - 1) * size, page * size), count: all.length });
}

async function openPage(locale: 'en' | 'fa' = 'en') {
  server.on('GET', 'users/current', json({ data: makeUser() }));
  server.on(
    'GET',
    'audit/filters',
    json({ data: { actions: ['app.update', 'user.setPassword'], targetTypes: ['app', 'user'], actors: [{ id: 1, name: 'admin' }] } }),
  );
  server.on('GET', 'audit', auditPage);
  const view = await renderApp({ route: '/settings/audit', token: 'tok', locale });
  await screen.findByRole('heading', { name: locale === 'en' ? 'Audit log' : 'گزارش تغییرات' });
  return view;
}

const readText = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

const queryOf = (req: FakeRequest) => Object.fromEntries(req.query.entries());

describe('audit page', () => {
  it('pages on the server and sends the action filter, back on page 1', async () => {
    const { user } = await openPage();
    expect(await screen.findByText('130 records')).toBeInTheDocument();
    expect(queryOf(server.calls('GET', 'audit')[0])).toEqual({ page: '1', size: '30' });
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(queryOf(server.calls('GET', 'audit').at(-1)!)).toEqual({ page: '2', size: '30' }));

    await user.click(screen.getByRole('combobox', { name: /Action/ }));
    await user.click(await screen.findByRole('option', { name: "Set a user's password" }));
    await waitFor(() => expect(queryOf(server.calls('GET', 'audit').at(-1)!)).toEqual({ page: '1', size: '30', action: 'user.setPassword' }));
    expect(await screen.findByText('65 records')).toBeInTheDocument();
  });

  it('shows a record\'s changed fields side by side, a secret as "changed" without its value', async () => {
    const { user } = await openPage();
    await screen.findByText('130 records');
    const rows = screen.getAllByRole('row');
    // the newest record (id 130) is a password set
    const first = rows.find((r) => within(r).queryByText(/target-130/))!;
    await user.click(within(first).getByRole('button', { name: 'Record details' }));
    const dialog = await screen.findByRole('dialog');
    const changes = within(dialog).getByRole('table', { name: 'Changed fields' });
    const lines = within(changes)
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(lines).toEqual([
      ['Field', 'Before', 'After'],
      ['Must change password', 'No', 'Yes'],
      ['Password', 'changed', 'changed'],
    ]);
    expect(within(dialog).getByText('POST /api/v1/users/changepasslist')).toBeInTheDocument();
    // the role as the users page names it, not the recorded key
    expect(within(dialog).getByText('Administrator')).toBeInTheDocument();
  });

  it("in Persian: distinct column titles, the forms' field labels and the role's Persian name", async () => {
    const { user } = await openPage('fa');
    await screen.findByText('۱۳۰ رویداد');
    const headers = screen
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.trim())
      .filter(Boolean);
    expect(headers).toContain('اقدام');
    expect(headers).toContain('عملیات');
    expect(new Set(headers).size).toBe(headers.length);
    const rows = screen.getAllByRole('row');
    // an app's record names its fields as the app form does (adminId is the form's "app admin")
    const appRow = rows.find((r) => within(r).queryByText(/target-129/))!;
    expect(appRow).toHaveTextContent('مدیر اپلیکیشن');
    expect(appRow).not.toHaveTextContent('adminId');
    const userRow = rows.find((r) => within(r).queryByText(/target-130/))!;
    expect(userRow).not.toHaveTextContent('needToChangePass');
    await user.click(within(userRow).getByRole('button', { name: 'جزئیات رویداد' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('مدیر ارشد')).toBeInTheDocument();
    const changes = within(dialog).getByRole('table', { name: 'فیلدهای تغییرکرده' });
    const fields = within(changes)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.querySelector('td')?.textContent);
    expect(fields).toEqual(['باید رمز عبور را تغییر دهد', 'رمز عبور']);
  });

  it('exports every record of the current filter as CSV, asking the server for them all', async () => {
    const blobs: Blob[] = [];
    const names: string[] = [];
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: (b: Blob) => (blobs.push(b), 'blob:x') });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const written = `\uFEFFID,Time,Action\r\n${Array.from({ length: 65 }, (_, i) => `${129 - 2 * i},2026-01-01T00:00:00.000Z,app.update\r\n`).join('')}`;
    server.on('GET', 'audit/export', { status: 200, body: written, contentType: 'text/csv; charset=utf-8' });
    try {
      const { user } = await openPage();
      await screen.findByText('130 records');
      await user.click(screen.getByRole('combobox', { name: /Action/ }));
      await user.click(await screen.findByRole('option', { name: 'Edited an application' }));
      await screen.findByText('65 records');
      const pages = server.calls('GET', 'audit').length;
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(names).toEqual(['audit.csv']));
      expect(server.calls('GET', 'audit/export').map(queryOf)).toEqual([{ action: 'app.update', lang: 'en' }]);
      const text = await readText(blobs[0]);
      const lines = text
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      // a header and the 65 app.update records, though a page holds 30; no page was fetched for them
      expect(lines).toHaveLength(66);
      expect(server.calls('GET', 'audit')).toHaveLength(pages);
    } finally {
      click.mockRestore();
    }
  });
});
