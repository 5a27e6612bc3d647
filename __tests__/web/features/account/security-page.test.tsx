// /account/security and the login's code step (README "Two-factor sign-in"): enrolment asks for the
// password again, shows the QR code and the key, confirms with a code (the password goes along) and
// shows the recovery codes once (copy, download); turning off needs the password and a code; a user
// whose role requires TOTP is sent here; an account with TOTP signs in through the code step.
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../support/render';
import { apiError, json, useFakeServer } from '../../support/fake-server';
import { makeUser } from '../../support/fixtures';

const server = useFakeServer();

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '0')}`);
const PASSWORD = 'Passw0rd!';
const wrongPassword = () => apiError(400, 'VALIDATION_FAILED', { password: 'validation.wrongPassword' });

function enrolServer(initial: { totpEnabled?: boolean; totpEnrollmentRequired?: boolean } = {}) {
  let state = { totpEnabled: false, totpEnrollmentRequired: false, ...initial };
  server.on('GET', 'users/current', () => json({ data: makeUser(state) }));
  server.on('POST', 'users/totp/setup', (req) =>
    (req.body as { password?: string }).password === PASSWORD
      ? json({ secret: SECRET, otpauthUrl: `otpauth://totp/VPN%20Admin:admin?secret=${SECRET}` })
      : wrongPassword(),
  );
  server.on('POST', 'users/totp/enable', (req) => {
    if ((req.body as { password?: string }).password !== PASSWORD) return wrongPassword();
    if ((req.body as { code: string }).code !== '123456') return apiError(400, 'VALIDATION_FAILED', { code: 'validation.totpCode' });
    state = { totpEnabled: true, totpEnrollmentRequired: false };
    return json({ recoveryCodes: CODES });
  });
  server.on('POST', 'users/totp/disable', () => ((state = { ...state, totpEnabled: false }), json({ success: true })));
}

describe('security page', () => {
  it('enrols: the password first (a wrong one on its field), QR and grouped key, a wrong code on its field, then the recovery codes once with copy and download', async () => {
    enrolServer();
    const createObjectURL = jest.fn(() => 'blob:codes');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    const { user } = await renderApp({ route: '/account/security', token: 't' });
    // Nothing is asked of the server without the password.
    await user.click(await screen.findByRole('button', { name: 'راه‌اندازی ورود دومرحله‌ای' }));
    expect(server.calls('POST', 'users/totp/setup')).toHaveLength(0);
    await user.type(screen.getByLabelText('رمز عبور'), 'Wrong#Pass1');
    await user.click(screen.getByRole('button', { name: 'راه‌اندازی ورود دومرحله‌ای' }));
    expect(await screen.findByText('رمز عبور فعلی اشتباه است')).toBeInTheDocument();
    expect(screen.queryByTestId('totp-secret')).toBeNull();
    await user.clear(screen.getByLabelText('رمز عبور'));
    await user.type(screen.getByLabelText('رمز عبور'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'راه‌اندازی ورود دومرحله‌ای' }));
    expect(server.calls('POST', 'users/totp/setup').at(-1)?.body).toEqual({ password: PASSWORD });
    const qr = await screen.findByRole('img', { name: 'کد \u2066QR\u2069 برای اسکن با برنامه احراز هویت' });
    await waitFor(() => expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/));
    expect(decodeURIComponent(qr.getAttribute('src')!)).toContain('<svg');
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    await user.type(screen.getByLabelText('کد برنامه'), '000000');
    await user.click(screen.getByRole('button', { name: 'فعال‌سازی' }));
    expect(await screen.findByText('کد نادرست است یا منقضی شده است')).toBeInTheDocument();
    expect(screen.queryByTestId('recovery-codes')).toBeNull();

    await user.clear(screen.getByLabelText('کد برنامه'));
    await user.type(screen.getByLabelText('کد برنامه'), '123456');
    await user.click(screen.getByRole('button', { name: 'فعال‌سازی' }));
    const list = await screen.findByTestId('recovery-codes');
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(list).toHaveTextContent(CODES[9]);
    expect(server.calls('POST', 'users/totp/enable').at(-1)?.body).toEqual({ password: PASSWORD, code: '123456' });

    await user.click(screen.getByRole('button', { name: 'کپی' }));
    // user-event's clipboard stands in for the browser's.
    expect(await screen.findByText('کدهای بازیابی کپی شد')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(`${CODES.join('\n')}\n`);
    await user.click(screen.getByRole('button', { name: 'دانلود' }));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();

    // Dismissed, they are gone for good: the page now offers to turn TOTP off.
    await user.click(screen.getByRole('button', { name: 'ذخیره کردم' }));
    expect(await screen.findByRole('button', { name: 'غیرفعال‌سازی ورود دومرحله‌ای' })).toBeInTheDocument();
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
  });

  it('turns TOTP off with the password and a code', async () => {
    enrolServer({ totpEnabled: true });
    const { user } = await renderApp({ route: '/account/security', token: 't' });
    await user.click(await screen.findByRole('button', { name: 'غیرفعال‌سازی ورود دومرحله‌ای' }));
    // Both fields are required before any call.
    expect(server.calls('POST', 'users/totp/disable')).toHaveLength(0);
    await user.type(screen.getByLabelText('رمز عبور'), 'Passw0rd!');
    await user.type(screen.getByLabelText('کد برنامه یا یک کد بازیابی'), 'abcde-fgh01');
    await user.click(screen.getByRole('button', { name: 'غیرفعال‌سازی ورود دومرحله‌ای' }));
    expect(await screen.findByRole('button', { name: 'راه‌اندازی ورود دومرحله‌ای' })).toBeInTheDocument();
    expect(server.calls('POST', 'users/totp/disable')[0].body).toEqual({ password: 'Passw0rd!', code: 'abcde-fgh01' });
  });

  it('sends a user whose role requires TOTP here from any page, and lets them on once enrolled', async () => {
    enrolServer({ totpEnrollmentRequired: true });
    const { user, router } = await renderApp({ route: '/dashboard', token: 't' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/security'));
    expect(await screen.findByText('نقش شما ورود دومرحله‌ای را الزامی کرده است. برای ادامه آن را راه‌اندازی کنید.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('رمز عبور'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'راه‌اندازی ورود دومرحله‌ای' }));
    await user.type(await screen.findByLabelText('کد برنامه'), '123456');
    await user.click(screen.getByRole('button', { name: 'فعال‌سازی' }));
    await screen.findByTestId('recovery-codes');
    await user.click(screen.getByRole('button', { name: 'ذخیره کردم' }));
    await router.navigate('/dashboard');
    expect(await screen.findByTestId('dashboard-greeting')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('login code step', () => {
  async function toCodeStep() {
    server.on('POST', 'users/signin', json({ totpRequired: true, challenge: 'ch-1' }));
    server.on('GET', 'users/current', json({ data: makeUser({ totpEnabled: true }) }));
    const view = await renderApp({ route: '/login' });
    await view.user.type(await screen.findByLabelText('ایمیل یا نام کاربری'), 'admin');
    await view.user.type(screen.getByLabelText('رمز عبور'), 'Passw0rd!');
    await view.user.click(screen.getByRole('button', { name: 'ورود' }));
    await screen.findByLabelText('کد برنامه احراز هویت');
    return view;
  }

  it('asks for the code instead of signing in, then finishes with it', async () => {
    server.on('POST', 'users/signin/totp', json({ token: 'totp-token' }));
    const { user, store, router } = await toCodeStep();
    expect(store.getState().auth.token).toBeNull();
    await user.type(screen.getByLabelText('کد برنامه احراز هویت'), '654321');
    await user.click(screen.getByRole('button', { name: 'تأیید' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(store.getState().auth.token).toBe('totp-token');
    expect(server.calls('POST', 'users/signin/totp')[0].body).toEqual({ challenge: 'ch-1', code: '654321' });
  });

  it('says so when the code is wrong, and can go back to the password', async () => {
    server.on('POST', 'users/signin/totp', apiError(401, 'BAD_CREDENTIALS'));
    const { user, store } = await toCodeStep();
    await user.type(screen.getByLabelText('کد برنامه احراز هویت'), '111111');
    await user.click(screen.getByRole('button', { name: 'تأیید' }));
    expect(await screen.findByText('کد نادرست است یا این ورود منقضی شده است؛ بازگردید و دوباره وارد شوید')).toBeInTheDocument();
    expect(store.getState().auth.token).toBeNull();
    await user.click(screen.getByRole('button', { name: 'بازگشت به ورود' }));
    expect(await screen.findByLabelText('ایمیل یا نام کاربری')).toBeInTheDocument();
  });
});
