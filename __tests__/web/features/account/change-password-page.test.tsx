// /account/change-password: strength and match rules before any call, server field errors on
// their fields, success to /dashboard with the must-change flag lifted.
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../support/render';
import { apiError, json, useFakeServer } from '../../support/fake-server';
import { makeUser } from '../../support/fixtures';

const server = useFakeServer();

async function openPage(needToChangePass = false) {
  server.on('GET', 'users/current', json({ data: makeUser({ needToChangePass }) }));
  const view = await renderApp({ route: '/account/change-password', token: 't' });
  await screen.findByLabelText('رمز عبور فعلی');
  const fill = async (current: string, next: string, confirm: string) => {
    if (current) await view.user.type(screen.getByLabelText('رمز عبور فعلی'), current);
    if (next) await view.user.type(screen.getByLabelText('رمز عبور جدید'), next);
    if (confirm) await view.user.type(screen.getByLabelText('تکرار رمز عبور جدید'), confirm);
    await view.user.click(screen.getByRole('button', { name: 'تغییر رمز عبور' }));
  };
  return { ...view, fill };
}

describe('change password page', () => {
  it('refuses a weak password without calling the server', async () => {
    const { fill } = await openPage();
    await fill('Old#1234', 'weakpass', 'weakpass');
    expect(await screen.findByText(/رمز عبور باید حداقل ۸ کاراکتر/)).toBeInTheDocument();
    expect(server.calls('POST', 'users/changepass')).toHaveLength(0);
  });

  it('refuses a confirmation that does not match', async () => {
    const { fill } = await openPage();
    await fill('Old#1234', 'New#12345', 'New#12346');
    expect(await screen.findByText('رمزهای عبور وارد شده یکسان نیستند')).toBeInTheDocument();
    expect(server.calls('POST', 'users/changepass')).toHaveLength(0);
  });

  it("shows the server's wrong-current-password error on that field and stays", async () => {
    server.on('POST', 'users/changepass', apiError(400, 'VALIDATION_FAILED', { currentPassword: 'validation.wrongPassword' }));
    const { fill, router } = await openPage();
    await fill('Bad#12345', 'New#12345', 'New#12345');
    expect(await screen.findByText('رمز عبور فعلی اشتباه است')).toBeInTheDocument();
    expect(screen.getByLabelText('رمز عبور فعلی')).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/account/change-password');
  });

  it('sends the three values and goes to /dashboard, also when the change was forced', async () => {
    let changed = false;
    server.on('POST', 'users/changepass', () => ((changed = true), json({ success: true })));
    const { fill, router } = await openPage(true);
    server.on('GET', 'users/current', () => json({ data: makeUser({ needToChangePass: !changed }) }));
    expect(screen.getByText('برای ادامه باید رمز عبور خود را تغییر دهید.')).toBeInTheDocument();
    await fill('Old#1234', 'New#12345', 'New#12345');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(server.calls('POST', 'users/changepass')[0].body).toEqual({ currentPassword: 'Old#1234', password: 'New#12345', repassword: 'New#12345' });
    expect(await screen.findByText('رمز عبور با موفقیت تغییر کرد')).toBeInTheDocument();
    expect(await screen.findByTestId('dashboard-greeting')).toBeInTheDocument();
  });
});
