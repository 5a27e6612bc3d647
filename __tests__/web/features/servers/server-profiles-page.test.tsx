// /servers/{serverId}: the profile list (sort orders, batch delete with the count in Persian
// digits, the edit popup's blank address, reveal for role_id 1), the new-profile tab (S- counter,
// type hidden and not sent for role_id 5) and the import tab (selectFileFirst, row errors).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../support/render';
import { apiError, json, useFakeServer } from '../../support/fake-server';
import { PROFILES, SERVER, serveProfilePage, VLESS } from './support';
import { makeUser, ROLES } from '../../support/fixtures';

const server = useFakeServer();
// Whole-app renders with the data grid are heavy on a shared 2-core machine.
jest.setTimeout(60_000);
const route = (tab?: string) => `/servers/${SERVER.id}${tab ? `?tab=${tab}` : ''}`;

const cellTexts = (field: string) =>
  screen
    .queryAllByRole('gridcell')
    .filter((c) => c.getAttribute('data-field') === field)
    .map((c) => c.textContent);

async function openList(locale: 'fa' | 'en' = 'fa') {
  serveProfilePage(server);
  const view = await renderApp({ route: route(), token: 'tok', locale });
  await waitFor(() => expect(cellTexts('name')).toHaveLength(3), { timeout: 30_000 });
  return view;
}

describe('a server shared for the caller (apps of other admins use it)', () => {
  it('shows an app admin its profiles read only: no edit, delete, batch delete, import or new tab; the top admin keeps them', async () => {
    serveProfilePage(server, { roleId: 2, shared: true });
    const view = await renderApp({ route: route('new'), token: 'tok', locale: 'en' });
    await waitFor(() => expect(cellTexts('name')).toHaveLength(3), { timeout: 30_000 });
    expect(screen.getByText(/only the top admin can change its profiles/)).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Profile list']);
    expect(screen.queryAllByRole('button', { name: /^(Edit|Delete)/ })).toEqual([]);
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    view.unmount();
    serveProfilePage(server, { roleId: 1, shared: true });
    await renderApp({ route: route(), token: 'tok', locale: 'fa' });
    await waitFor(() => expect(cellTexts('name')).toHaveLength(3), { timeout: 30_000 });
    expect(screen.getAllByRole('tab')).toHaveLength(4);
    expect(screen.queryByText(/فقط مدیر کل/)).not.toBeInTheDocument();
  });
});

describe('profile list', () => {
  it('points the back arrow toward the start side: mirrored in Persian', async () => {
    await openList('fa');
    expect(getComputedStyle(screen.getByTestId('back-arrow')).transform).toBe('scaleX(-1)');
    expect(screen.getByTestId('back-arrow').closest('a')).toHaveAttribute('href', '/servers/manage');
  });

  it('does not mirror the back arrow in English', async () => {
    await openList('en');
    expect(getComputedStyle(screen.getByTestId('back-arrow')).transform).toBe('');
  });

  it('asks for the profiles with the route, before the page renders (while the session is still being checked)', async () => {
    serveProfilePage(server);
    let answerUser!: () => void;
    const userAnswered = new Promise<void>((resolve) => (answerUser = resolve));
    server.on('GET', 'users/current', async () => {
      await userAnswered;
      return json({ data: makeUser({ role: ROLES.admin }) });
    });
    await renderApp({ route: route(), token: 'tok', locale: 'en' });
    // the page sits behind the session guard, which waits for users/current: nothing of it rendered
    await waitFor(() => expect(server.calls('GET', `apps/profiles/${SERVER.id}`)).toHaveLength(1));
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    answerUser();
    await waitFor(() => expect(cellTexts('name')).toHaveLength(3), { timeout: 30_000 });
    // the page's own query found the prefetched answer: still one request
    expect(server.calls('GET', `apps/profiles/${SERVER.id}`)).toHaveLength(1);
    expect(server.calls('GET', `apps/profiles/${SERVER.id}`)[0].headers.authorization).toBe('JWT tok');
  });

  it('sorts name, protocol and operator alphabetically and the index numerically', async () => {
    const { user } = await openList('en');
    expect(cellTexts('name')).toEqual(['beta', 'alpha', 'gamma']);
    const header = (field: string) =>
      screen
        .getAllByRole('columnheader')
        .find((h) => h.getAttribute('data-field') === field)!
        .querySelector('.MuiDataGrid-columnHeaderTitle')!;

    await user.click(header('name'));
    expect(cellTexts('name')).toEqual(['alpha', 'beta', 'gamma']);
    await user.click(header('name'));
    expect(cellTexts('name')).toEqual(['gamma', 'beta', 'alpha']);

    await user.click(header('protocol'));
    expect(cellTexts('protocol')).toEqual(['vless', 'vless', 'vmess']);
    expect(cellTexts('name')).toEqual(['alpha', 'gamma', 'beta']); // stable within equal protocols

    await user.click(header('operator'));
    expect(cellTexts('operator')).toEqual(['Irancell', 'MCI', 'Wi-Fi']);

    // The index keeps each row's original number and sorts as a number (descending: 3, 2, 1).
    await user.click(header('__index'));
    await user.click(header('__index'));
    expect(cellTexts('__index')).toEqual(['3', '2', '1']);
    expect(cellTexts('name')).toEqual(['gamma', 'alpha', 'beta']);
  });

  it('asks about the selected count in Persian digits, then deletes those ids in one call', async () => {
    server.on('POST', 'apps/destroyMultipleProfiles', json({ success: true, data: { deleted: 3 } }));
    const { user } = await openList();
    const boxes = screen.getAllByRole('checkbox', { name: /انتخاب ردیف/ });
    for (const box of boxes) await user.click(box);
    await user.click(screen.getByRole('button', { name: /حذف ۳ پروفایل/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('۳ پروفایل حذف شود؟');
    await user.click(within(dialog).getByRole('button', { name: 'بله' }));
    // the toast counts what was deleted (it used to say "profile deleted" in the singular)
    expect(await screen.findByText('۳ پروفایل حذف شدند')).toBeInTheDocument();
    expect(server.calls('POST', 'apps/destroyMultipleProfiles')[0].body).toEqual({ ids: [1, 2, 3] });
    // the list is read again through its tag
    await waitFor(() => expect(server.calls('GET', `apps/profiles/${SERVER.id}`)).toHaveLength(2));
  });

  it('shows deleteProfileError when a single delete fails and keeps the confirm open', async () => {
    server.on('DELETE', 'apps/destroyProfile/2', apiError(404, 'NOT_FOUND'));
    const { user } = await openList();
    await user.click(screen.getAllByRole('button', { name: 'حذف' })[1]);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('alpha');
    await user.click(within(dialog).getByRole('button', { name: 'بله' }));
    expect(await screen.findByText('حذف پروفایل ممکن نشد')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('opens the edit popup with a blank address and sends no address when it stays blank', async () => {
    server.on('PUT', 'apps/updateProfile/1', json({ success: true, data: PROFILES[0] }));
    const { user } = await openList();
    await user.click(screen.getAllByRole('button', { name: 'ویرایش' })[0]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('آدرس')).toHaveValue('');
    expect(dialog).toHaveTextContent('برای نگه داشتن آدرس فعلی خالی بگذارید');
    expect(within(dialog).getByLabelText('نام')).toHaveValue('beta');
    fireEvent.change(within(dialog).getByLabelText('نام'), { target: { value: 'beta 2' } });
    await user.click(within(dialog).getByRole('button', { name: 'ذخیره' }));
    expect(await screen.findByText('پروفایل به‌روز شد')).toBeInTheDocument();
    const body = server.calls('PUT', 'apps/updateProfile/1')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'beta 2', operator: 'mci', protocol: 'vmess', type: 'normal', serverId: SERVER.id });
    expect(body).not.toHaveProperty('address');
  });

  it("puts the server's share-link reason on the edit form's address field", async () => {
    server.on('PUT', 'apps/updateProfile/2', apiError(400, 'VALIDATION_FAILED', { address: 'shareLink.badPort' }));
    const { user } = await openList('en');
    await user.click(screen.getAllByRole('button', { name: 'Edit' })[1]);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Address'), { target: { value: 'vless://x@h:0' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The link’s port is invalid')).toBeInTheDocument();
    expect((server.calls('PUT', 'apps/updateProfile/2')[0].body as { address: string }).address).toBe('vless://x@h:0');
    expect(await screen.findByText('The profile could not be updated')).toBeInTheDocument();
  });

  it("reveals the address for role_id 1 with its parsed fields, fetching only that row's sealed token", async () => {
    server.on('GET', 'apps/profileAddress/1', json({ data: { address: 'sealed-1' } }));
    server.on(
      'POST',
      'apps/convertProfile',
      json({
        data: {
          link: VLESS,
          protocol: 'vless',
          host: 'de1.example.com',
          port: 443,
          id: '3f1c9a6e-2b4d-4c8e-9f7a-1d2e3f4a5b6c',
          transport: 'ws',
          security: 'tls',
          sni: 'de1.example.com',
          path: '/ws',
          remark: 'DE',
          params: {},
        },
      }),
    );
    const { user } = await openList('en');
    await user.click(screen.getAllByRole('button', { name: 'Details' })[0]);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reveal address' }));
    expect(await within(dialog).findByTestId('revealed-link')).toHaveTextContent(VLESS);
    expect(within(dialog).getByTestId('revealed-link')).toHaveAttribute('dir', 'ltr');
    expect(dialog).toHaveTextContent('de1.example.com');
    expect(dialog).toHaveTextContent('/ws');
    expect(server.calls('POST', 'apps/convertProfile')[0].body).toEqual({ config: 'sealed-1' });
    expect(server.requests.filter((r) => r.path.includes('profileAddress')).map((r) => r.path)).toEqual(['apps/profileAddress/1']);
  });

  const ALL_FORMATS = { data: { formats: ['link', 'qr', 'xray', 'v2ray'].map((format) => ({ format, available: true })) } };

  it('shows a QR code of the profile and downloads its client config for each core for role_id 1', async () => {
    const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M0 0h29v29H0z"/></svg>';
    const CONFIG = { inbounds: [{ port: 10808, protocol: 'socks' }] };
    server.on('GET', 'apps/exportFormats/:id', json(ALL_FORMATS));
    server.on('GET', 'apps/exportProfile/:id', (req) =>
      req.query.get('format') === 'qr'
        ? { status: 200, body: SVG, contentType: 'image/svg+xml' }
        : { status: 200, body: CONFIG, contentType: 'application/json; charset=utf-8' },
    );
    const blobs: Blob[] = [];
    const names: string[] = [];
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: (b: Blob) => (blobs.push(b), 'blob:x') });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    try {
      const { user } = await openList();
      await user.click(screen.getAllByRole('button', { name: 'جزئیات' })[0]);
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: 'کد \u2066QR\u2069' }));
      const img = await within(dialog).findByTestId('profile-qr');
      expect(img).toHaveAttribute('src', `data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`);
      expect(img.getAttribute('alt')).toContain('کد \u2066QR\u2069');
      const id = server.calls('GET', `apps/exportProfile/${PROFILES[0].id}`)[0];
      expect(id.query.get('format')).toBe('qr');

      await user.click(within(dialog).getByRole('button', { name: 'دانلود پیکربندی \u2066Xray\u2069' }));
      await waitFor(() => expect(names).toEqual([`${PROFILES[0].name.replace(/[^A-Za-z0-9._-]+/g, '_')}-${PROFILES[0].id}-xray.json`]));
      const text = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as string);
        reader.readAsText(blobs[0]);
      });
      // Saved byte for byte as the server sent it, not re-serialised.
      expect(text).toBe(JSON.stringify(CONFIG));
      expect(server.calls('GET', `apps/exportProfile/${PROFILES[0].id}`)[1].query.get('format')).toBe('xray');
      await user.click(within(dialog).getByRole('button', { name: 'دانلود پیکربندی \u2066v2ray 4\u2069' }));
      await waitFor(() => expect(names).toHaveLength(2));
      expect(names[1]).toBe(`${PROFILES[0].name.replace(/[^A-Za-z0-9._-]+/g, '_')}-${PROFILES[0].id}-v2ray.json`);
      expect(server.calls('GET', `apps/exportProfile/${PROFILES[0].id}`)[2].query.get('format')).toBe('v2ray');
    } finally {
      click.mockRestore();
    }
  });

  it('offers only the formats the profile has and says why the others are missing, in both languages', async () => {
    server.on(
      'GET',
      'apps/exportFormats/:id',
      json({
        data: {
          formats: [
            { format: 'link', available: true },
            { format: 'qr', available: false, code: 'TOO_LONG_FOR_QR', errors: { link: 'export.tooLongForQr' } },
            { format: 'xray', available: true },
            {
              format: 'v2ray',
              available: false,
              code: 'UNSUPPORTED_BY_CORE',
              errors: { security: 'export.realityNotInV2ray', flow: 'export.settingNotInV2ray' },
            },
          ],
        },
      }),
    );
    const view = await openList('en');
    await view.user.click(screen.getAllByRole('button', { name: 'Details' })[0]);
    let dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('button', { name: 'Download Xray config' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Download v2ray 4 config' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'QR code' })).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('format-missing-v2ray')).toHaveTextContent(
      'No v2ray 4 config: v2ray 4 has no REALITY: it would send the profile’s id in the clear (security); v2ray 4 does not have this setting (flow)',
    );
    expect(within(dialog).getByTestId('format-missing-qr')).toHaveTextContent('No QR code: The link is longer than a QR code holds (link)');
    expect(server.calls('GET', `apps/exportFormats/${PROFILES[0].id}`)).toHaveLength(1);
    view.unmount();

    await openList('fa');
    await screen.findAllByRole('button', { name: 'جزئیات' }).then((b) => view.user.click(b[0]));
    dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('button', { name: 'دانلود پیکربندی \u2066Xray\u2069' })).toBeInTheDocument();
    expect(within(dialog).getByTestId('format-missing-v2ray')).toHaveTextContent('ارائه نمی‌شود');
    expect(within(dialog).getByTestId('format-missing-v2ray')).toHaveTextContent('REALITY');
  });

  it('says so when an export fails', async () => {
    server.on('GET', 'apps/exportFormats/:id', json(ALL_FORMATS));
    server.on('GET', 'apps/exportProfile/:id', apiError(400, 'VALIDATION_FAILED', { address: 'validation.required' }));
    const { user } = await openList('en');
    await user.click(screen.getAllByRole('button', { name: 'Details' })[0]);
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Download Xray config' }));
    expect(await screen.findByText('The profile could not be exported')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('profile-qr')).not.toBeInTheDocument();
  });

  it('offers no reveal link to other roles', async () => {
    serveProfilePage(server, { roleId: 2 });
    const { user } = await renderApp({ route: route(), token: 'tok', locale: 'en' });
    await waitFor(() => expect(cellTexts('name')).toHaveLength(3));
    await user.click(screen.getAllByRole('button', { name: 'Details' })[0]);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('beta');
    expect(within(dialog).queryByRole('button', { name: 'Reveal address' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'QR code' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Download/ })).not.toBeInTheDocument();
    expect(server.calls('GET', `apps/exportFormats/${PROFILES[0].id}`)).toHaveLength(0);
  });
});

describe('new profile tab', () => {
  it('shows the warnings of a saved link (stored, but popular clients misread it), in Persian and in English', async () => {
    server.on('POST', 'apps/addProfile', (req) =>
      json({ success: true, data: { ...(req.body as object), id: 21 }, warnings: ['linkWarning.vmessSingleParam', 'linkWarning.unencodedInPath'] }),
    );
    serveProfilePage(server);
    const view = await renderApp({ route: route('new'), token: 'tok' });
    fireEvent.change(await screen.findByLabelText('آدرس'), { target: { value: VLESS } });
    await view.user.click(screen.getByRole('button', { name: 'افزودن پروفایل' }));
    expect(await screen.findByText('پروفایل افزوده شد')).toBeInTheDocument();
    expect(await screen.findByText(/فقط یک پارامتر دارد/)).toBeInTheDocument();
    expect(await screen.findByText(/کدنشده دارد/)).toBeInTheDocument();
    view.unmount();

    serveProfilePage(server);
    const en = await renderApp({ route: route('new'), token: 'tok', locale: 'en' });
    fireEvent.change(await screen.findByLabelText('Address'), { target: { value: VLESS } });
    await en.user.click(screen.getByRole('button', { name: 'Add profile' }));
    expect(await screen.findByText('Saved, but this vmess link has a single parameter: v2rayNG reads it as base64 and refuses it')).toBeInTheDocument();
    expect(await screen.findByText('Saved, but path holds an unencoded ? or =: v2rayNG misreads it (write %3F and %3D)')).toBeInTheDocument();
  });

  it('defaults the name to S-<count+1> and moves the counter on after each successful create', async () => {
    let created = 0;
    server.on('POST', 'apps/addProfile', (req) => {
      created += 1;
      return json({ success: true, data: { ...(req.body as object), id: 10 + created, address: 'sealed' } });
    });
    serveProfilePage(server);
    const { user } = await renderApp({ route: route('new'), token: 'tok' });
    const name = await screen.findByLabelText('نام');
    expect(name).toHaveValue('S-4');

    fireEvent.change(screen.getByLabelText('آدرس'), { target: { value: VLESS } });
    await user.click(screen.getByRole('button', { name: 'افزودن پروفایل' }));
    expect(await screen.findByText('پروفایل افزوده شد')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('نام')).toHaveValue('S-5'));
    expect(screen.getByLabelText('آدرس')).toHaveValue('');
    expect(server.calls('POST', 'apps/addProfile')[0].body).toEqual({
      name: 'S-4',
      address: VLESS,
      operator: 'others',
      protocol: 'vless',
      type: 'normal',
      serverId: SERVER.id,
    });

    fireEvent.change(screen.getByLabelText('آدرس'), { target: { value: VLESS } });
    await user.click(screen.getByRole('button', { name: 'افزودن پروفایل' }));
    await waitFor(() => expect(screen.getByLabelText('نام')).toHaveValue('S-6'));
    expect((server.calls('POST', 'apps/addProfile')[1].body as { name: string }).name).toBe('S-5');
  });

  it('keeps the counter when a create fails, and shows the address reason on the field', async () => {
    server.on('POST', 'apps/addProfile', apiError(400, 'VALIDATION_FAILED', { address: 'shareLink.badHost' }));
    serveProfilePage(server);
    const { user } = await renderApp({ route: route('new'), token: 'tok' });
    await screen.findByLabelText('نام');
    fireEvent.change(screen.getByLabelText('آدرس'), { target: { value: VLESS } });
    await user.click(screen.getByRole('button', { name: 'افزودن پروفایل' }));
    expect(await screen.findByText('میزبان لینک نامعتبر است')).toBeInTheDocument();
    expect(screen.getByText('افزودن پروفایل ممکن نشد')).toBeInTheDocument();
    expect(screen.getByLabelText('نام')).toHaveValue('S-4');
  });

  it('refuses a link of the other protocol before calling the server', async () => {
    serveProfilePage(server);
    const { user } = await renderApp({ route: route('new'), token: 'tok' });
    await screen.findByLabelText('نام');
    fireEvent.change(screen.getByLabelText('آدرس'), { target: { value: 'vmess://abc' } });
    await user.click(screen.getByRole('button', { name: 'افزودن پروفایل' }));
    expect(await screen.findByText('لینک با پروتکل انتخاب‌شده هم‌خوان نیست')).toBeInTheDocument();
    expect(server.calls('POST', 'apps/addProfile')).toHaveLength(0);
  });

  it('hides the type from role_id 5 and sends no type key', async () => {
    server.on('POST', 'apps/addProfile', (req) => json({ success: true, data: { ...(req.body as object), id: 11, type: 'normal', address: 's' } }));
    serveProfilePage(server, { roleId: 5 });
    const { user } = await renderApp({ route: route('new'), token: 'tok' });
    await screen.findByLabelText('نام');
    expect(screen.queryByLabelText('نوع پروفایل')).not.toBeInTheDocument();
    expect(screen.getByLabelText('اپراتور')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('آدرس'), { target: { value: VLESS } });
    await user.click(screen.getByRole('button', { name: 'افزودن پروفایل' }));
    expect(await screen.findByText('پروفایل افزوده شد')).toBeInTheDocument();
    const body = server.calls('POST', 'apps/addProfile')[0].body as Record<string, unknown>;
    expect(body).not.toHaveProperty('type');
    expect(body).toMatchObject({ name: 'S-4', protocol: 'vless' });
  });

  it('shows the type to the top admin', async () => {
    serveProfilePage(server);
    await renderApp({ route: route('new'), token: 'tok' });
    expect(await screen.findByLabelText('نوع پروفایل')).toBeInTheDocument();
  });
});

describe('batch import tab', () => {
  const csv = () => new File(['address,name,protocol,type\n'], 'profiles.csv', { type: 'text/csv' });

  it('says selectFileFirst and calls nothing when no file is chosen', async () => {
    serveProfilePage(server);
    const { user } = await renderApp({ route: route('import'), token: 'tok' });
    // Wait for the tab by its input first: polling a role query over the whole shell is slow on a loaded machine.
    await screen.findByTestId('csv-input');
    await user.click(screen.getByRole('button', { name: 'بارگذاری' }));
    expect(await screen.findByText('ابتدا یک فایل انتخاب کنید')).toBeInTheDocument();
    expect(server.calls('POST', 'apps/group/addProfiles')).toHaveLength(0);
  });

  it('has the guide, the sample link and uploads the file with the server id and operator', async () => {
    server.on('POST', 'apps/group/addProfiles', json({ success: true, data: { inserted: 4 } }));
    serveProfilePage(server);
    const { user } = await renderApp({ route: route('import'), token: 'tok', locale: 'en' });
    await screen.findByTestId('csv-input');
    const sample = screen.getByRole('link', { name: /Download the sample CSV/ });
    expect(sample).toHaveAttribute('href', '/sample-profiles.csv');
    expect(sample).toHaveAttribute('download');
    expect(screen.getByText(/English letters, digits, space, - and _ only/)).toBeInTheDocument();
    expect(screen.getByTestId('csv-file-name')).toHaveTextContent('No file chosen');
    fireEvent.change(screen.getByTestId('csv-input'), { target: { files: [csv()] } });
    expect(screen.getByTestId('csv-file-name')).toHaveTextContent('profiles.csv');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('4 profiles imported')).toBeInTheDocument();
    const [req] = server.calls('POST', 'apps/group/addProfiles');
    const form = req.body as FormData;
    expect(form.get('serverId')).toBe(String(SERVER.id));
    expect(form.get('operator')).toBe('others');
    expect((form.get('csvFile') as File).name).toBe('profiles.csv');
    expect(req.headers.authorization).toBe('JWT tok');
    await waitFor(() => expect(server.calls('GET', `apps/profiles/${SERVER.id}`).length).toBeGreaterThanOrEqual(2));
  });

  it('lists the failing rows by number with translated reasons and toasts uploadError', async () => {
    server.on('POST', 'apps/group/addProfiles', {
      status: 400,
      body: {
        message: 'x',
        code: 'VALIDATION_FAILED',
        errors: { csvFile: 'validation.checkInput' },
        rows: [
          { row: 2, field: 'name', reason: 'validation.profileName' },
          { row: 5, field: 'address', reason: 'shareLink.protocolMismatch' },
        ],
      },
    });
    serveProfilePage(server);
    const { user } = await renderApp({ route: route('import'), token: 'tok' });
    fireEvent.change(await screen.findByTestId('csv-input'), { target: { files: [csv()] } });
    await user.click(screen.getByRole('button', { name: 'بارگذاری' }));
    expect(await screen.findByText('بارگذاری فایل ناموفق بود')).toBeInTheDocument();
    const list = await screen.findByTestId('csv-row-errors');
    const items = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'سطر ۲ (نام): نام فقط می‌تواند شامل حروف انگلیسی، اعداد، فاصله، - و _ باشد',
      'سطر ۵ (آدرس): لینک با پروتکل انتخاب‌شده هم‌خوان نیست',
    ]);
  });
});
