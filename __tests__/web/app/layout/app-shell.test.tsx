// The shell (docs/product.md §2 "Layout shell"): sidebar with the user's name, both calendars and a Persian
// clock; the menu; fa/en switching (<html dir lang>, persisted); sidebar behaviour at 800 px; and
// sign-out through its confirm.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LOCALE_KEY, TOKEN_KEY } from '../../../../src/app/store';
import { renderApp } from '../../support/render';
import { apiError, json, useFakeServer } from '../../support/fake-server';
import { makeUser, ROLES } from '../../support/fixtures';

const server = useFakeServer();

async function signedIn(options: { locale?: 'fa' | 'en'; role?: (typeof ROLES)[keyof typeof ROLES]; route?: string } = {}) {
  server.on('GET', 'users/current', json({ data: makeUser({ role: options.role ?? ROLES.admin }) }));
  const view = await renderApp({ route: options.route ?? '/dashboard', token: 'tok', locale: options.locale });
  await screen.findByTestId('sidebar-welcome');
  return view;
}

const setWidth = (width: number) => {
  window.innerWidth = width;
  act(() => void window.dispatchEvent(new Event('resize')));
};

afterEach(() => setWidth(1024));

describe('app shell', () => {
  it('welcomes with name and family in fa, English name in en, and shows both calendars and a Persian clock', async () => {
    const { user } = await signedIn();
    expect(screen.getByTestId('sidebar-welcome')).toHaveTextContent('مدیر سیستم');
    expect(screen.getByTestId('today-persian').textContent).toMatch(/[۰-۹]{4}/);
    expect(screen.getByTestId('today-gregorian').textContent).toMatch(/[۰-۹]{4}/);
    expect(screen.getByTestId('today-persian').textContent).not.toBe(screen.getByTestId('today-gregorian').textContent);
    expect(screen.getByRole('timer').textContent).toMatch(/^[۰-۹]{2}:[۰-۹]{2}:[۰-۹]{2}$/);

    await user.click(screen.getByRole('button', { name: 'English' }));
    await waitFor(() => expect(screen.getByTestId('sidebar-welcome')).toHaveTextContent('Welcome, System Admin'));
    expect(screen.getByTestId('today-gregorian').textContent).toMatch(/\d{4}/);
    expect(screen.getByTestId('today-persian').textContent).toMatch(/AP/);
    expect(screen.getByTestId('live-clock').textContent).toMatch(/^[۰-۹]{2}:/);
  });

  it('switches direction and language of <html>, and remembers the choice', async () => {
    const { user, persistor } = await signedIn();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'fa');
    await user.click(screen.getByRole('button', { name: 'English' }));
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'ltr'));
    expect(document.documentElement).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    await persistor.flush();
    expect(localStorage.getItem(LOCALE_KEY)).toBe('en');
  });

  it('builds the menu from the permissions, with parents that fold and unfold', async () => {
    const { user } = await signedIn();
    const nav = screen.getByRole('navigation', { name: 'منوی اصلی' });
    expect(within(nav).getByRole('link', { name: 'همه سرورها' })).toHaveAttribute('href', '/servers/manage');
    expect(within(nav).queryByRole('link', { name: 'سرورهای من' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'داشبورد' })).toHaveAttribute('aria-current', 'page');
    const parent = within(nav).getByRole('button', { name: 'سرورها' });
    expect(parent).toHaveAttribute('aria-expanded', 'true');
    await user.click(parent);
    expect(parent).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(within(nav).queryByRole('link', { name: 'همه سرورها' })).not.toBeInTheDocument());
    await user.click(parent);
    expect(within(nav).getByRole('link', { name: 'همه سرورها' })).toBeInTheDocument();
  });

  it('shows an app admin the `my-` entries instead', async () => {
    await signedIn({ role: ROLES.appAdmin });
    const nav = screen.getByRole('navigation', { name: 'منوی اصلی' });
    expect(within(nav).getByRole('link', { name: 'اپلیکیشن‌های من' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'همه اپلیکیشن‌ها' })).not.toBeInTheDocument();
  });

  it('opens the sidebar above 800 px, follows resizes, and on a narrow screen closes it after navigating', async () => {
    const { user, router } = await signedIn();
    const toggle = screen.getByRole('button', { name: 'باز و بسته کردن منو' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    setWidth(700);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(within(await screen.findByRole('navigation', { name: 'منوی اصلی' })).getByRole('link', { name: 'داشبورد' }));
    await act(() => router.navigate('/account/user-info'));
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
    setWidth(1200);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'true'));
  });

  it('opens the profile and the dashboard from the header', async () => {
    const { user, router } = await signedIn();
    const header = screen.getByRole('banner');
    await user.click(within(header).getByRole('link', { name: 'پروفایل' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/user-info'));
    await user.click(within(header).getByRole('link', { name: 'داشبورد' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('signs out after a yes: users/logout, token and cache cleared, goodbye, then the sign-in page', async () => {
    server.on('GET', 'users/logout', json({ success: true }));
    const { user, store, router } = await signedIn();
    const startedAt = router.state.location.pathname;
    // what localStorage holds the moment the panel leaves this page (a reload then must not sign back in)
    let storedWhenLeaving: string | null | undefined;
    router.subscribe((state) => {
      if (state.location.pathname !== startedAt && storedWhenLeaving === undefined) storedWhenLeaving = localStorage.getItem(TOKEN_KEY);
    });
    await user.click(screen.getByRole('button', { name: 'خروج' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('آیا می‌خواهید از حساب خود خارج شوید؟');
    await user.click(within(dialog).getByRole('button', { name: 'بله' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(server.calls('GET', 'users/logout')[0].headers.authorization).toBe('JWT tok');
    expect(store.getState().auth.token).toBeNull();
    expect(store.getState().api.queries).toEqual({});
    expect(storedWhenLeaving).toBeNull();
    expect(screen.getByText('با موفقیت خارج شدید. به امید دیدار')).toBeInTheDocument();
  });

  it('stays signed in after a no', async () => {
    const { user, store } = await signedIn();
    await user.click(screen.getByRole('button', { name: 'خروج' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'خیر' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('GET', 'users/logout')).toHaveLength(0);
    expect(store.getState().auth.token).toBe('tok');
  });

  it('says "An error occured while attempting to sign out" when the call fails', async () => {
    server.on('GET', 'users/logout', apiError(500, 'INTERNAL'));
    const { user, store } = await signedIn({ locale: 'en' });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('An error occured while attempting to sign out')).toBeInTheDocument();
    expect(store.getState().auth.token).toBe('tok');
  });
});
