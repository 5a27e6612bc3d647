// /login (docs/product.md §4 "Login", §5, §8): blank or whitespace-only input never reaches the server; a
// wrong sign-in says so in Persian; success stores the token, welcomes and opens the dashboard.
import { act, screen, waitFor } from '@testing-library/react';
import { TOKEN_KEY } from '../../../../src/app/store';
import { renderApp } from '../../support/render';
import { apiError, json, useFakeServer } from '../../support/fake-server';
import { makeUser } from '../../support/fixtures';

const server = useFakeServer();

async function openLogin() {
  const view = await renderApp({ route: '/login' });
  await screen.findByRole('button', { name: 'ورود' });
  return view;
}

describe('login page', () => {
  it('sends nothing for blank fields and says "Please check entered data" in Persian', async () => {
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'ورود' }));
    const texts = await screen.findAllByText('لطفا اطلاعات وارد شده را بررسی کنید');
    expect(texts.length).toBeGreaterThanOrEqual(2);
    expect(server.requests).toHaveLength(0);
  });

  it('sends nothing for whitespace-only fields', async () => {
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('ایمیل یا نام کاربری'), '   ');
    await user.type(screen.getByLabelText('رمز عبور'), '   ');
    await user.click(screen.getByRole('button', { name: 'ورود' }));
    expect(await screen.findAllByText('لطفا اطلاعات وارد شده را بررسی کنید')).not.toHaveLength(0);
    expect(server.requests).toHaveLength(0);
  });

  it("shows a field's error once it is left, and takes it away as soon as the field is fixed", async () => {
    const { user } = await openLogin();
    const email = screen.getByLabelText('ایمیل یا نام کاربری');
    await user.type(email, '  ');
    expect(screen.queryByText('لطفا اطلاعات وارد شده را بررسی کنید')).toBeNull();
    await user.tab(); // leaves the field for the password
    await waitFor(() => expect(email).toHaveAccessibleDescription('لطفا اطلاعات وارد شده را بررسی کنید'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await user.type(email, 'admin');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'false'));
    expect(email).not.toHaveAccessibleDescription();
    expect(server.requests).toHaveLength(0);
  });

  it("puts the server's field errors of a 400 on the field, naming the limit the server gives", async () => {
    server.on('POST', 'users/signin', {
      status: 400,
      body: { message: 'error', code: 'VALIDATION_FAILED', errors: { email: 'validation.tooLong' }, values: { email: { max: 255 } } },
    });
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('ایمیل یا نام کاربری'), 'admin');
    await user.type(screen.getByLabelText('رمز عبور'), 'x');
    await user.click(screen.getByRole('button', { name: 'ورود' }));
    const email = screen.getByLabelText('ایمیل یا نام کاربری');
    await waitFor(() => expect(email).toHaveAccessibleDescription('مقدار وارد شده بیش از حد طولانی است؛ حداکثر ۲۵۵ نویسه'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText('رمز عبور')).toHaveAttribute('aria-invalid', 'false');
  });

  it('says "username or password is wrong" for a refused sign-in and stores nothing', async () => {
    server.on('POST', 'users/signin', apiError(401, 'BAD_CREDENTIALS'));
    const { user, store } = await openLogin();
    await user.type(screen.getByLabelText('ایمیل یا نام کاربری'), 'admin');
    await user.type(screen.getByLabelText('رمز عبور'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'ورود' }));
    expect(await screen.findByText('نام کاربری یا رمز عبور اشتباه است')).toBeInTheDocument();
    expect(store.getState().auth.token).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('tells a rate-limited user to wait', async () => {
    server.on('POST', 'users/signin', apiError(429, 'RATE_LIMITED'));
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('ایمیل یا نام کاربری'), 'admin');
    await user.type(screen.getByLabelText('رمز عبور'), 'x');
    await user.click(screen.getByRole('button', { name: 'ورود' }));
    expect(await screen.findByText('تعداد تلاش‌ها زیاد است. لطفا کمی بعد دوباره تلاش کنید')).toBeInTheDocument();
  });

  it('says how long a sign-in lock lasts, in Persian digits', async () => {
    server.on('POST', 'users/signin', { status: 429, body: { message: 'error', code: 'RATE_LIMITED', retryAfterMinutes: 15 } });
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('ایمیل یا نام کاربری'), 'admin');
    await user.type(screen.getByLabelText('رمز عبور'), 'x');
    await user.click(screen.getByRole('button', { name: 'ورود' }));
    expect(await screen.findByText('ورود به‌دلیل تلاش‌های ناموفق قفل شده است. لطفا ۱۵ دقیقه دیگر دوباره تلاش کنید')).toBeInTheDocument();
  });

  it('shows "signing in" while pending, then stores the token, welcomes and opens /dashboard', async () => {
    let release!: () => void;
    server.on('POST', 'users/signin', () => new Promise((resolve) => (release = () => resolve(json({ token: 'new-token' })))));
    server.on('GET', 'users/current', json({ data: makeUser() }));
    const { user, store, router } = await openLogin();
    // what localStorage holds at the very moment the dashboard opens (a reload then must keep the session)
    let storedWhenDashboardOpened: string | null | undefined;
    router.subscribe((state) => {
      if (state.location.pathname === '/dashboard' && storedWhenDashboardOpened === undefined) storedWhenDashboardOpened = localStorage.getItem(TOKEN_KEY);
    });
    await user.type(screen.getByLabelText('ایمیل یا نام کاربری'), '  admin@localhost ');
    await user.type(screen.getByLabelText('رمز عبور'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'ورود' }));

    expect(await screen.findByRole('button', { name: 'در حال ورود…' })).toBeDisabled();
    expect(server.calls('POST', 'users/signin')[0].body).toEqual({ email: 'admin@localhost', password: 'Secret#123' });
    await act(async () => release());

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(store.getState().auth.token).toBe('new-token');
    expect(storedWhenDashboardOpened).toBe('new-token');
    expect(await screen.findByText('خوش آمدید')).toBeInTheDocument();
    expect(server.calls('GET', 'users/current')[0].headers.authorization).toBe('JWT new-token');
  });
});
