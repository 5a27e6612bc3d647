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

  it('keeps the token when users/current fails for another reason, but still shows /login', async () => {
    server.on('GET', 'users/current', apiError(500, 'INTERNAL'));
    const { router, store } = await renderApp({ route: '/dashboard', token: 't1' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
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
