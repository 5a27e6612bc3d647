// Route guards and redirects for each session state (docs/product.md §4 "Session").
import { act, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../support/render';
import { apiError, json, useFakeServer } from '../../support/fake-server';
import { makeUser } from '../../support/fixtures';
import { TOKEN_KEY } from '../../../../src/app/store';

const server = useFakeServer();

describe('route guards', () => {
  it('sends `/` to /login when there is no token, without asking the server', async () => {
    const { router } = await renderApp({ route: '/' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'ورود' })).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });

  it('sends `/` to /dashboard for a signed-in user', async () => {
    server.on('GET', 'users/current', json({ data: makeUser() }));
    const { router } = await renderApp({ route: '/', token: 't1' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByTestId('dashboard-greeting')).toHaveTextContent('مدیر سیستم');
  });

  it('sends a guarded page to /login when there is no token', async () => {
    const { router } = await renderApp({ route: '/account/user-info' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('sends a guarded page to /login when users/current fails, and a 401 clears the token', async () => {
    server.on('GET', 'users/current', apiError(401, 'UNAUTHORIZED'));
    const { router, store } = await renderApp({ route: '/dashboard', token: 'expired' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(store.getState().auth.token).toBeNull();
    await waitFor(() => expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull());
  });

  // An outage is not a sign-out (docs/product.md §8 communication error): the token stays, the page
  // says the server did not answer and offers a retry; only a 401 leads to the sign-in page.
  it('on a 503 from users/current keeps the token and shows the error with a retry, then the app once it answers', async () => {
    let answers = 0;
    server.on('GET', 'users/current', () => (++answers === 1 ? apiError(503, 'DB_UNAVAILABLE') : json({ data: makeUser() })));
    const { router, store, user } = await renderApp({ route: '/dashboard', token: 't1' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('خطا در ارتباط با سرور');
    expect(alert).toHaveTextContent('همچنان وارد حساب هستید');
    expect(screen.queryByRole('button', { name: 'ورود' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(store.getState().auth.token).toBe('t1');
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe('t1');

    await user.click(screen.getByRole('button', { name: 'تلاش دوباره' }));
    expect(await screen.findByTestId('dashboard-greeting', {}, { timeout: 30_000 })).toHaveTextContent('مدیر سیستم');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(server.calls('GET', 'users/current')).toHaveLength(2);
  });

  it('shows the same error, in English too, when the server cannot be reached at all', async () => {
    server.on('GET', 'users/current', () => {
      throw new TypeError('Failed to fetch');
    });
    const { router, store } = await renderApp({ route: '/account/user-info', token: 't1', locale: 'en' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error in communication with the server');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/user-info');
    expect(store.getState().auth.token).toBe('t1');
  });

  it('forces /account/change-password while the user must change the password', async () => {
    server.on('GET', 'users/current', json({ data: makeUser({ needToChangePass: true }) }));
    const { router } = await renderApp({ route: '/dashboard', token: 't1' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/change-password'));
    expect(await screen.findByText('برای ادامه باید رمز عبور خود را تغییر دهید.')).toBeInTheDocument();
    await act(() => router.navigate('/account/user-info'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/change-password'));
  });

  it('sends a signed-in user away from /login to /dashboard', async () => {
    server.on('GET', 'users/current', json({ data: makeUser() }));
    const { router } = await renderApp({ route: '/login', token: 't1' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('redirects to the password page when any call answers 403 PASSWORD_CHANGE_REQUIRED', async () => {
    let mustChange = false;
    server.on('GET', 'users/current', () => json({ data: makeUser({ needToChangePass: mustChange }) }));
    server.on('GET', 'users/logout', () => {
      mustChange = true;
      return apiError(403, 'PASSWORD_CHANGE_REQUIRED');
    });
    const { router, user } = await renderApp({ route: '/dashboard', token: 't1' });
    await screen.findByTestId('dashboard-greeting');
    await user.click(screen.getByRole('button', { name: 'خروج' }));
    await user.click(await screen.findByRole('button', { name: 'بله' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/change-password'));
    expect(server.calls('GET', 'users/current').length).toBeGreaterThanOrEqual(2);
  });

  it('shows the error page for an unknown address', async () => {
    await renderApp({ route: '/no/such/page' });
    expect(await screen.findByText('صفحه پیدا نشد')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'داشبورد' })).toHaveAttribute('href', '/dashboard');
  });
});
