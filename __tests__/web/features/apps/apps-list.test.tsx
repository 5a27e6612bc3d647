// /app/manage and /app/my-apps: the default active filter, the confirm only on deactivation, the
// role-based actions, and the API key copy.
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../support/render';
import { apiError, json, useFakeServer } from '../../support/fake-server';
import { makeUser, ROLES } from '../../support/fixtures';
import { makeApp } from './fixtures';

const server = useFakeServer();

const live = makeApp({ id: 1, name: 'LiveApp' });
const off = makeApp({ id: 2, name: 'SleepyApp', active: false });

async function open(route: string, user = makeUser(), apps = [live, off]) {
  server.on('GET', 'users/current', json({ data: user }));
  server.on('GET', 'apps', json({ data: apps }));
  const view = await renderApp({ route, token: 't' });
  await screen.findByRole('grid');
  return view;
}

const grid = () => screen.getByRole('grid');

describe('application lists', () => {
  it('shows active apps only until the status filter is set to all', async () => {
    const { user } = await open('/app/manage');
    expect(within(grid()).getByText('LiveApp')).toBeInTheDocument();
    expect(within(grid()).queryByText('SleepyApp')).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'وضعیت' }));
    await user.click(await screen.findByRole('option', { name: 'همه' }));
    expect(await within(grid()).findByText('SleepyApp')).toBeInTheDocument();
    expect(within(grid()).getByText('LiveApp')).toBeInTheDocument();
  });

  it('activating calls changeStatus at once; deactivating asks first', async () => {
    server.on('PUT', 'apps/changeStatus/:id/:state', json({ success: true }));
    const { user } = await open('/app/manage');
    await user.click(screen.getByRole('combobox', { name: 'وضعیت' }));
    await user.click(await screen.findByRole('option', { name: 'همه' }));

    await user.click(await screen.findByRole('switch', { name: 'وضعیت SleepyApp' }));
    await waitFor(() => expect(server.calls('PUT', 'apps/changeStatus/2/true')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // a toast says what changed, either way
    expect(await screen.findByText('«\u2068SleepyApp\u2069» فعال شد')).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'وضعیت LiveApp' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/آیا مطمئن هستید که می‌خواهید «\u2068LiveApp\u2069» را غیرفعال کنید/)).toBeInTheDocument();
    expect(server.calls('PUT', 'apps/changeStatus/1/false')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'بله' }));
    await waitFor(() => expect(server.calls('PUT', 'apps/changeStatus/1/false')).toHaveLength(1));
    expect(await screen.findByText('«\u2068LiveApp\u2069» غیرفعال شد')).toBeInTheDocument();
  });

  it('a failed status change shows the toggle status error', async () => {
    server.on('PUT', 'apps/changeStatus/:id/:state', apiError(500, 'INTERNAL'));
    const { user } = await open('/app/manage', makeUser(), [off]);
    await user.click(screen.getByRole('combobox', { name: 'وضعیت' }));
    await user.click(await screen.findByRole('option', { name: 'همه' }));
    await user.click(await screen.findByRole('switch', { name: 'وضعیت SleepyApp' }));
    expect(await screen.findByText('تغییر وضعیت اپلیکیشن انجام نشد')).toBeInTheDocument();
  });

  it('the top admin gets edit, delete, create and the robot key action; the key is shown once', async () => {
    server.on('POST', 'apps/robotApiKey/:id', json({ success: true, data: { robotApiKey: 'ROBOT-KEY-123' } }));
    const { user } = await open('/app/manage');
    expect(screen.getByRole('button', { name: 'ویرایش LiveApp' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'حذف LiveApp' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'اپلیکیشن جدید' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ساخت کلید \u2066API\u2069 ربات برای LiveApp' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'بله' }));
    expect(await screen.findByTestId('robot-api-key')).toHaveTextContent('ROBOT-KEY-123');
    // its own call, not a settings save
    expect(server.calls('POST', 'apps/robotApiKey/1')).toHaveLength(1);
    expect(server.calls('POST', 'apps/updateSettings/1')).toEqual([]);
    expect(screen.getByText(/فقط همین یک بار نمایش داده می‌شود/)).toBeInTheDocument();
  });

  it('my-apps of an app admin: own apps, details and settings, no edit, delete, create or robot key', async () => {
    const { user } = await open('/app/my-apps', makeUser({ id: 7, role: ROLES.appAdmin, role_id: 2 }));
    expect(server.calls('GET', 'apps')[0].query.get('state')).toBe('appAdmin');
    expect(screen.getByRole('button', { name: 'جزئیات LiveApp' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تنظیمات LiveApp' })).toHaveAttribute('href', '/app/1');
    expect(screen.getByRole('link', { name: 'دستگاه‌های LiveApp' })).toHaveAttribute('href', '/app/devices?appId=1');
    expect(screen.queryByRole('button', { name: 'ویرایش LiveApp' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'حذف LiveApp' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'اپلیکیشن جدید' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /ساخت کلید \u2066API\u2069 ربات/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'جزئیات LiveApp' }));
    expect(within(await screen.findByRole('dialog')).getByText('com.example.app1')).toBeInTheDocument();
  });

  it('the search covers the API key', async () => {
    const other = makeApp({ id: 3, name: 'OtherApp', apiKey: 'ff'.repeat(32) });
    const { user } = await open('/app/manage', makeUser(), [live, other]);
    await user.type(screen.getByRole('searchbox'), 'ffffff');
    await waitFor(() => expect(within(grid()).queryByText('LiveApp')).not.toBeInTheDocument());
    expect(within(grid()).getByText('OtherApp')).toBeInTheDocument();
  });

  it('clicking the API key copies it, and a failing copy shows the copy error', async () => {
    const { user } = await open('/app/manage', makeUser(), [live]);
    // After user-event's setup, which installs its own clipboard stub.
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const [keyButton] = screen.getAllByRole('button', { name: /برای کپی کلید کلیک کنید$/ });
    await user.click(keyButton);
    expect(writeText).toHaveBeenCalledWith(live.apiKey);
    expect(await screen.findByText('کپی شد')).toBeInTheDocument();

    writeText.mockRejectedValue(new Error('denied'));
    document.execCommand = jest.fn().mockReturnValue(false);
    await user.click(keyButton);
    expect(document.execCommand).toHaveBeenCalledWith('copy');
    expect(await screen.findByText('کپی کردن انجام نشد')).toBeInTheDocument();
  });

  it('creating an app sends appSchema values and maps a taken package name onto the field', async () => {
    server.on('GET', 'users/appAdmins', json({ data: [{ id: 7, name: 'سارا', family: 'احمدی', active: true }] }));
    server.on('POST', 'apps/storeApp', apiError(409, 'CONFLICT', { packageName: 'validation.taken' }));
    const { user } = await open('/app/manage');
    await user.click(screen.getByRole('button', { name: 'اپلیکیشن جدید' }));
    const dialog = await screen.findByRole('dialog');
    const input = (name: string) => dialog.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
    await user.type(input('name'), 'NewApp');
    await user.type(input('packageName'), 'com.new.app');
    await user.type(input('sign'), 'SIG');
    await user.click(within(dialog).getByRole('combobox', { name: /مدیر اپلیکیشن/ }));
    await user.click(await screen.findByRole('option', { name: 'سارا احمدی' }));
    await user.click(within(dialog).getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(server.calls('POST', 'apps/storeApp')).toHaveLength(1));
    expect(server.calls('POST', 'apps/storeApp')[0].body).toEqual({
      name: 'NewApp',
      packageName: 'com.new.app',
      sign: 'SIG',
      adminId: 7,
      cppSign: null,
      firebaseConfig: null,
      email: null,
      description: null,
    });
    expect(await screen.findByText('ساخت اپلیکیشن انجام نشد')).toBeInTheDocument();
    expect(within(dialog).getByText('این مقدار قبلا استفاده شده است')).toBeInTheDocument();
  });

  it('the app form sends description as null (docs/product.md §5), also when the edited app has one', async () => {
    server.on('GET', 'users/appAdmins', json({ data: [{ id: 7, name: 'سارا', family: 'احمدی', active: true }] }));
    server.on('PUT', 'apps/updateApp/:id', json({ success: true, data: live }));
    const described = makeApp({ id: 3, name: 'DescribedApp', description: 'An old description' });
    const { user } = await open('/app/manage', makeUser(), [described]);
    await user.click(await screen.findByRole('button', { name: 'ویرایش DescribedApp' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('[name="description"]')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(server.calls('PUT', 'apps/updateApp/3')).toHaveLength(1));
    expect(server.calls('PUT', 'apps/updateApp/3')[0].body).toMatchObject({ name: 'DescribedApp', description: null });
  });
});
