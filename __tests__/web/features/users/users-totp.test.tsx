// The top admin's two-factor controls on /users/list (README "Two-factor sign-in"): reset a user's
// TOTP from their row (only shown for users who have it), and require TOTP per role.
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../support/render';
import { json, useFakeServer } from '../../support/fake-server';
import { makeUser, ROLES } from '../../support/fixtures';
import { fa, serveUsers, staff, USERS } from './support';

const server = useFakeServer();

const rowOf = (username: string) => screen.getByText(username, { selector: 'bdi' }).closest('[role="row"]') as HTMLElement;
const withTotp = USERS.map((u) => (u.username === 'sara' ? staff({ ...u, totpEnabled: true }) : u));

async function openList() {
  serveUsers(server, withTotp);
  const view = await renderApp({ route: '/users/list', token: 't' });
  await screen.findByText('sara', { selector: 'bdi' });
  return view;
}

describe('users list: two-factor controls', () => {
  it('resets the TOTP of a user who has it, after a confirm naming them', async () => {
    let reset = false;
    server.on('POST', 'users/totp/reset', () => ((reset = true), json({ success: true })));
    const { user } = await openList();
    server.on('GET', 'users', () => json({ data: withTotp.map((u) => (u.username === 'sara' ? { ...u, totpEnabled: !reset } : u)), app: [] }));
    // Only sara has TOTP, so only her row offers the reset.
    expect(within(rowOf('nima')).queryByRole('button', { name: fa['users.actions.resetTotp'] })).toBeNull();
    await user.click(within(rowOf('sara')).getByRole('button', { name: fa['users.actions.resetTotp'] }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('سارا احمدی');
    await user.click(within(dialog).getByRole('button', { name: fa['users.totp.reset'] }));
    await waitFor(() => expect(server.calls('POST', 'users/totp/reset')).toHaveLength(1));
    expect(server.calls('POST', 'users/totp/reset')[0].body).toEqual({ user_id: 2 });
    // The refetched row no longer offers it.
    await waitFor(() => expect(within(rowOf('sara')).queryByRole('button', { name: fa['users.actions.resetTotp'] })).toBeNull());
  });

  it('requires TOTP for a role from the two-factor settings', async () => {
    let roles = [ROLES.admin, ROLES.appAdmin, ROLES.restricted].map((r) => ({ ...r, requireTotp: false }));
    server.on('GET', 'users/totp/roles', () => json({ data: roles }));
    server.on('POST', 'users/totp/requireForRole', (req) => {
      const { role_id, required } = req.body as { role_id: number; required: boolean };
      roles = roles.map((r) => (r.id === role_id ? { ...r, requireTotp: required } : r));
      return json({ success: true });
    });
    const { user } = await openList();
    await user.click(screen.getByRole('button', { name: fa['users.totp.rolesButton'] }));
    const dialog = await screen.findByRole('dialog');
    const restricted = await within(dialog).findByRole('switch', { name: fa['common.role.restricted'] });
    expect(restricted).not.toBeChecked();
    await user.click(restricted);
    await waitFor(() => expect(server.calls('POST', 'users/totp/requireForRole')).toHaveLength(1));
    expect(server.calls('POST', 'users/totp/requireForRole')[0].body).toEqual({ role_id: ROLES.restricted.id, required: true });
    await waitFor(() => expect(within(dialog).getByRole('switch', { name: fa['common.role.restricted'] })).toBeChecked());
  });

  it('shows neither control to a user of another role named admin (only role_id 1 is the top admin)', async () => {
    serveUsers(server, withTotp);
    server.on('GET', 'users/current', json({ data: makeUser({ id: 9, role: { id: 7, name: 'admin' }, role_id: 7 }) }));
    await renderApp({ route: '/users/list', token: 't' });
    await screen.findByText('sara', { selector: 'bdi' });
    expect(within(rowOf('sara')).getByRole('button', { name: fa['users.actions.delete'] })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: fa['users.totp.rolesButton'] })).toBeNull();
    expect(screen.queryByRole('button', { name: fa['users.actions.resetTotp'] })).toBeNull();
  });
});
