// The bootstrap (src/boot): a visitor without a session gets the light sign-in page at
// /login, with no MUI and without the app chunk; signing in hands the session to the real app (its
// store, guards and dashboard) in the same page; a stored session gets the app at once.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Root } from 'react-dom/client';
import type { DashboardStats } from '../../../src/contract';
import { boot, loadApp, privateRouteAt, type BootOptions } from '../../../src/boot';
import { removeShellPaint, SHELL_PAINT_ID } from '../../../src/boot/shell-paint';
import { LOCALE_KEY, TOKEN_KEY } from '../../../src/app/store';
import { apiError, json, useFakeServer } from '../support/fake-server';
import { makeUser, ROLES } from '../support/fixtures';
import { SERVER, serveProfilePage } from '../features/servers/support';

const server = useFakeServer();
let root: Root | undefined;
let container: HTMLElement;
let appLoads = 0;

const options: BootOptions = {
  loadApp: () => {
    appLoads += 1;
    return loadApp();
  },
};

async function start(path: string) {
  window.history.replaceState(null, '', path);
  container = document.body.appendChild(document.createElement('div'));
  await act(async () => {
    root = await boot(container, options);
  });
  return userEvent.setup();
}

/** Nothing of MUI in the page (its components carry Mui* class names). */
const muiInPage = () => document.querySelector('[class*="Mui"]') !== null;

beforeEach(() => {
  appLoads = 0;
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
});

describe('the sign-in bootstrap', () => {
  it.each(['/', '/login', '/servers/manage'])('shows the light sign-in page at /login for a visitor without a session at %s', async (path) => {
    await start(path);
    expect(await screen.findByRole('button', { name: 'ورود' })).toBeEnabled();
    expect(window.location.pathname).toBe('/login');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('fa');
    expect(screen.getByRole('heading', { level: 1, name: 'ورود به پنل' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'زبان' })).toBeInTheDocument();
    // the first field takes the focus once it is on screen
    await waitFor(() => expect(screen.getByLabelText('ایمیل یا نام کاربری')).toHaveFocus());
    expect(muiInPage()).toBe(false);
    expect(appLoads).toBe(0);
    expect(server.requests).toHaveLength(0);
  });

  it('signs in and hands the session to the app: the real store sends the token, the dashboard opens with the welcome', async () => {
    server.on('POST', 'users/signin', json({ token: 'new-token' }));
    server.on('GET', 'users/current', json({ data: makeUser() }));
    const user = await start('/login');
    await user.type(screen.getByLabelText('ایمیل یا نام کاربری'), ' admin ');
    await user.type(screen.getByLabelText('رمز عبور'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'ورود' }));

    expect(await screen.findByTestId('dashboard-greeting')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard');
    expect(server.calls('POST', 'users/signin')[0].body).toEqual({ email: 'admin', password: 'Secret#123' });
    expect(server.calls('GET', 'users/current')[0].headers.authorization).toBe('JWT new-token');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('new-token');
    expect(await screen.findByText('خوش آمدید')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ورود' })).toBeNull();
    expect(muiInPage()).toBe(true);
    // the sign-out button works against the same store
    expect(screen.getByRole('button', { name: 'خروج' })).toBeInTheDocument();
  });

  it('finishes a TOTP challenge with the code step, then opens the dashboard', async () => {
    server.on('POST', 'users/signin', json({ totpRequired: true, challenge: 'ch-9' }));
    server.on('POST', 'users/signin/totp', json({ token: 'totp-token' }));
    server.on('GET', 'users/current', json({ data: makeUser({ totpEnabled: true }) }));
    const user = await start('/login');
    await user.type(screen.getByLabelText('ایمیل یا نام کاربری'), 'admin');
    await user.type(screen.getByLabelText('رمز عبور'), 'Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'ورود' }));
    const code = await screen.findByLabelText('کد برنامه احراز هویت');
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAccessibleDescription('دستگاه خود را گم کرده‌اید؟ به جای آن یکی از کدهای بازیابی را وارد کنید.');
    await user.click(screen.getByRole('button', { name: 'تأیید' }));
    expect(await screen.findByText('لطفا اطلاعات وارد شده را بررسی کنید')).toBeInTheDocument();
    expect(server.calls('POST', 'users/signin/totp')).toHaveLength(0);
    await user.type(code, ' 654321 ');
    await user.click(screen.getByRole('button', { name: 'تأیید' }));
    expect(await screen.findByTestId('dashboard-greeting')).toBeInTheDocument();
    expect(server.calls('POST', 'users/signin/totp')[0].body).toEqual({ challenge: 'ch-9', code: '654321' });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('totp-token');
  });

  it('says so for a wrong password and a sign-in limit, with its own toasts, and stores nothing', async () => {
    server.on('POST', 'users/signin', apiError(401, 'BAD_CREDENTIALS'));
    const user = await start('/login');
    await user.type(screen.getByLabelText('ایمیل یا نام کاربری'), 'admin');
    await user.type(screen.getByLabelText('رمز عبور'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'ورود' }));
    expect(await screen.findByText('نام کاربری یا رمز عبور اشتباه است')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'اعلان‌ها' })).toHaveTextContent('نام کاربری یا رمز عبور اشتباه است');
    server.on('POST', 'users/signin', apiError(429, 'RATE_LIMITED'));
    await user.click(screen.getByRole('button', { name: 'ورود' }));
    expect(await screen.findByText('تعداد تلاش‌ها زیاد است. لطفا کمی بعد دوباره تلاش کنید')).toBeInTheDocument();
    // a lock whose end the server gives says how long, in Persian digits
    server.on('POST', 'users/signin', { status: 429, body: { message: 'error', code: 'RATE_LIMITED', retryAfterMinutes: 15 } });
    await user.click(screen.getByRole('button', { name: 'ورود' }));
    expect(await screen.findByText('ورود به‌دلیل تلاش‌های ناموفق قفل شده است. لطفا ۱۵ دقیقه دیگر دوباره تلاش کنید')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ورود' })).toBeEnabled();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.location.pathname).toBe('/login');
  });

  it('refuses Persian letters in the fields and says what is allowed', async () => {
    const user = await start('/login');
    const email = screen.getByLabelText('ایمیل یا نام کاربری');
    await user.type(email, 'aس');
    expect(email).toHaveValue('a');
    expect(await screen.findByText('فقط حروف انگلیسی، اعداد و کاراکترهای خاص مجاز است')).toBeInTheDocument();
  });

  it('switches to English, left to right, and keeps the choice', async () => {
    const user = await start('/login');
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByLabelText('Email or username')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'فارسی' })).toHaveAttribute('aria-pressed', 'false');
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LOCALE_KEY)).toBe('en');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findAllByText('Please check entered data')).length).toBeGreaterThanOrEqual(2);
    expect(server.requests).toHaveLength(0);
  });

  it('follows another tab that signs in: the app opens without the welcome', async () => {
    server.on('GET', 'users/current', json({ data: makeUser() }));
    await start('/login');
    await screen.findByRole('button', { name: 'ورود' });
    localStorage.setItem(TOKEN_KEY, 'other-tab');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY, newValue: 'other-tab', storageArea: localStorage }));
    });
    expect(await screen.findByTestId('dashboard-greeting')).toBeInTheDocument();
    expect(server.calls('GET', 'users/current')[0].headers.authorization).toBe('JWT other-tab');
    expect(screen.queryByText('خوش آمدید')).toBeNull();
  });

  it('gives a stored session the app at once', async () => {
    localStorage.setItem(TOKEN_KEY, 'stored');
    server.on('GET', 'users/current', json({ data: makeUser() }));
    await start('/dashboard');
    expect(await screen.findByTestId('dashboard-greeting')).toBeInTheDocument();
    expect(appLoads).toBe(1);
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
  });

  describe('the painted shell of a stored session', () => {
    // the app of the test before may still write its persisted state (token, locale) a moment after
    // it was unmounted: let it, then start from a clean storage
    beforeEach(async () => {
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      localStorage.clear();
    });
    afterEach(() => removeShellPaint());

    /** The app chunk, held until `release` is called. */
    function heldApp() {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const loadHeld: BootOptions['loadApp'] = async () => {
        appLoads += 1;
        const app = await loadApp();
        await held;
        return app;
      };
      return { loadHeld, release };
    }

    async function startHeld(path: string, loadHeld: BootOptions['loadApp']) {
      window.history.replaceState(null, '', path);
      container = document.body.appendChild(document.createElement('div'));
      let booted!: Promise<Root>;
      act(() => {
        booted = boot(container, { loadApp: loadHeld });
      });
      return booted;
    }

    it.each([
      ['fa', 'rtl', 'پنل مدیریت'],
      ['en', 'ltr', 'Admin panel'],
    ] as const)('in %s: the header is on screen while the app loads and gives way to the app’s own shell in one commit', async (locale, dir, title) => {
      localStorage.setItem(TOKEN_KEY, 'stored');
      localStorage.setItem(LOCALE_KEY, locale);
      server.on('GET', 'users/current', json({ data: makeUser() }));
      const { loadHeld, release } = heldApp();
      const booted = startHeld('/dashboard', loadHeld);
      const layer = await waitFor(() => {
        const found = document.getElementById(SHELL_PAINT_ID);
        expect(found).not.toBeNull();
        return found!;
      });
      expect(layer.textContent).toContain(title);
      expect(document.documentElement.dir).toBe(dir);
      expect(document.documentElement.lang).toBe(locale);
      // a picture of the header, not a second one to read
      expect(layer.getAttribute('aria-hidden')).toBe('true');
      expect(muiInPage()).toBe(false);
      // the user is in before the app: the page's greeting is painted too
      const painted = await waitFor(() => {
        const title = layer.querySelector('.dg-title');
        expect(title).not.toBeNull();
        return title!.textContent;
      });
      release();
      await act(async () => {
        root = await booted;
      });
      // the app's own greeting says the same
      expect((await screen.findByTestId('dashboard-greeting')).textContent).toBe(painted);
      expect(document.getElementById(SHELL_PAINT_ID)).toBeNull();
    });

    it('asks for the session’s user before the app chunk has loaded, and the app takes that answer', async () => {
      localStorage.setItem(TOKEN_KEY, 'early');
      server.on('GET', 'users/current', json({ data: makeUser() }));
      const { loadHeld, release } = heldApp();
      const booted = startHeld('/dashboard', loadHeld);
      await waitFor(() => expect(server.calls('GET', 'users/current')).toHaveLength(1));
      expect(server.calls('GET', 'users/current')[0].headers.authorization).toBe('JWT early');
      release();
      await act(async () => {
        root = await booted;
      });
      expect(await screen.findByTestId('dashboard-greeting')).toBeInTheDocument();
      expect(server.calls('GET', 'users/current')).toHaveLength(1);
    });

    it('gives way to the sign-in page when the stored session is refused', async () => {
      localStorage.setItem(TOKEN_KEY, 'expired');
      server.on('GET', 'users/current', apiError(401, 'Unauthorized'));
      const { loadHeld, release } = heldApp();
      const booted = startHeld('/dashboard', loadHeld);
      await waitFor(() => expect(document.getElementById(SHELL_PAINT_ID)).not.toBeNull());
      await waitFor(() => expect(server.calls('GET', 'users/current')).toHaveLength(1));
      await act(() => new Promise((resolve) => setTimeout(resolve, 20))); // the answer is handled
      // no greeting for a refused session
      expect(document.querySelector(`#${SHELL_PAINT_ID} .dg-title`)).toBeNull();
      release();
      await act(async () => {
        root = await booted;
      });
      expect(await screen.findByRole('button', { name: 'ورود' })).toBeInTheDocument();
      expect(document.getElementById(SHELL_PAINT_ID)).toBeNull();
    });

    it('paints no greeting for a user the guards send elsewhere (a password to change)', async () => {
      localStorage.setItem(TOKEN_KEY, 'must-change');
      server.on('GET', 'users/current', json({ data: makeUser({ needToChangePass: true }) }));
      const { loadHeld, release } = heldApp();
      const booted = startHeld('/dashboard', loadHeld);
      await waitFor(() => expect(document.getElementById(SHELL_PAINT_ID)).not.toBeNull());
      await waitFor(() => expect(server.calls('GET', 'users/current')).toHaveLength(1));
      await act(() => new Promise((resolve) => setTimeout(resolve, 20))); // the answer is handled
      expect(document.querySelector(`#${SHELL_PAINT_ID} .dg-title`)).toBeNull();
      release();
      await act(async () => {
        root = await booted;
      });
      await waitFor(() => expect(window.location.pathname).toBe('/account/change-password'));
      expect(document.getElementById(SHELL_PAINT_ID)).toBeNull();
    });

    it('paints the heading of a server’s profiles, as the page then says it', async () => {
      localStorage.setItem(TOKEN_KEY, 'stored');
      serveProfilePage(server);
      const { loadHeld, release } = heldApp();
      const booted = startHeld(`/servers/${SERVER.id}`, loadHeld);
      const painted = await waitFor(() => {
        const found = document.querySelector(`#${SHELL_PAINT_ID} .spp-title`);
        expect(found).not.toBeNull();
        return found!.textContent;
      });
      expect(painted).toBe('پروفایل‌های سرور');
      expect(muiInPage()).toBe(false);
      release();
      await act(async () => {
        root = await booted;
      });
      // the app's own heading says the same
      expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(painted);
      expect(document.getElementById(SHELL_PAINT_ID)).toBeNull();
    });

    it('paints no page for a user whose menu grants do not open it (the guards send them elsewhere)', async () => {
      localStorage.setItem(TOKEN_KEY, 'no-servers');
      server.on('GET', 'users/current', json({ data: makeUser({ role_id: ROLES.appAdmin.id, role: { ...ROLES.appAdmin }, permissions: [] }) }));
      const { loadHeld, release } = heldApp();
      const booted = startHeld(`/servers/${SERVER.id}`, loadHeld);
      await waitFor(() => expect(document.getElementById(SHELL_PAINT_ID)).not.toBeNull());
      await waitFor(() => expect(server.calls('GET', 'users/current')).toHaveLength(1));
      await act(() => new Promise((resolve) => setTimeout(resolve, 50))); // the answer and the catalogue are handled
      expect(document.getElementById(SHELL_PAINT_ID)!.querySelector('.sp-main')!.childElementCount).toBe(0);
      release();
      await act(async () => {
        root = await booted;
      });
      await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
      expect(document.getElementById(SHELL_PAINT_ID)).toBeNull();
    });

    it('gives way when the app chunk fails to load', async () => {
      localStorage.setItem(TOKEN_KEY, 'no-app');
      server.on('GET', 'users/current', json({ data: makeUser() }));
      container = document.body.appendChild(document.createElement('div'));
      window.history.replaceState(null, '', '/dashboard');
      await expect(boot(container, { loadApp: () => Promise.reject(new Error('chunk failed')) })).rejects.toThrow('chunk failed');
      expect(document.getElementById(SHELL_PAINT_ID)).toBeNull();
    });

    it('paints nothing for a visitor without a session', async () => {
      await start('/dashboard');
      expect(await screen.findByRole('button', { name: 'ورود' })).toBeEnabled();
      expect(document.getElementById(SHELL_PAINT_ID)).toBeNull();
    });
  });

  it('names the private page of an address, a static path before a pattern, for its chunks to start with the app', () => {
    expect(privateRouteAt('/dashboard')?.path).toBe('/dashboard');
    expect(privateRouteAt('/dashboard/')?.path).toBe('/dashboard');
    expect(privateRouteAt('/servers/12')?.path).toBe('/servers/:serverId');
    expect(privateRouteAt('/servers/my-servers')?.path).toBe('/servers/my-servers');
    expect(privateRouteAt('/login')).toBeUndefined();
    expect(privateRouteAt('/no-such-page')).toBeUndefined();
  });

  const stats: DashboardStats = {
    apps: { active: 1, inactive: 0 },
    servers: { total: 1, byCountry: [{ code: 'DE', name: 'Germany', count: 1 }] },
    profiles: { total: 2, byOperator: [{ key: 'irancell', count: 2 }], byProtocol: [{ key: 'vless', count: 2 }] },
    devices: { total: 3, last24h: 1, last7d: 2, last30d: 3, perDay: [{ day: '2026-11-01', count: 3 }], byVersion: [] },
    users: { active: 1, inactive: 0 },
  };

  it('asks for a stored session’s user and dashboard figures once each, signed', async () => {
    localStorage.setItem(TOKEN_KEY, 'stored');
    server.on('GET', 'users/current', json({ data: makeUser() }));
    server.on('GET', 'dashboard/stats', json({ data: stats }));
    await start('/dashboard');
    expect(await screen.findByTestId('dashboard-figures')).toBeInTheDocument();
    expect(server.calls('GET', 'users/current')).toHaveLength(1);
    expect(server.calls('GET', 'dashboard/stats')).toHaveLength(1);
    expect(server.calls('GET', 'dashboard/stats')[0].headers.authorization).toBe('JWT stored');
  });
});
