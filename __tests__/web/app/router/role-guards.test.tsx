// Pages a role may not use never render (docs/architecture.md §9): the route's policy sends the user to
// the page of that section they may use (or the dashboard), with a notice, the same way for every
// section; and a 403 from a list call reads "no access", never "check your connection".
import { screen, waitFor } from '@testing-library/react';
import { renderApp, renderWithProviders } from '../../support/render';
import { apiError, json, useFakeServer } from '../../support/fake-server';
import { makeUser, ROLES } from '../../support/fixtures';
import { ErrorState } from '../../../../src/components/feedback/error-state';

const server = useFakeServer();
const NOTICE = 'این صفحه برای نقش کاربری شما در دسترس نیست';

const appAdmin = makeUser({ id: 7, username: 'sara', role: ROLES.appAdmin });
const restricted = makeUser({ id: 8, username: 'reza', role: ROLES.restricted });

describe('role guards', () => {
  beforeEach(() => {
    server.on('GET', 'apps', json({ data: [] }));
    server.on('GET', 'apps/servers', json({ data: [] }));
    server.on('GET', 'users/appAdmins', json({ data: [] }));
    server.on('GET', 'access/roles', json({ data: [] }));
    server.on('GET', 'apps/countries', json({ data: [] }));
    server.on('GET', 'users', apiError(403, 'FORBIDDEN'));
  });

  it.each([
    ['an app admin', appAdmin, '/users/list', '/dashboard'],
    ['an app admin', appAdmin, '/users/add-new', '/dashboard'],
    ['an app admin', appAdmin, '/app/manage', '/app/my-apps'],
    ['an app admin', appAdmin, '/servers/manage', '/servers/my-servers'],
    ['a restricted user', restricted, '/users/list', '/dashboard'],
    ['a restricted user', restricted, '/users/add-new', '/dashboard'],
    ['a restricted user', restricted, '/app/manage', '/app/my-apps'],
    ['a restricted user', restricted, '/servers/manage', '/servers/my-servers'],
  ])('sends %s from %s to %s with a notice, never showing the page', async (_who, user, from, to) => {
    server.on('GET', 'users/current', json({ data: user }));
    const { router } = await renderApp({ route: from, token: 't1' });
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
    expect(await screen.findByText(NOTICE)).toBeInTheDocument();
    // The refused page never mounted: no new-user form, no staff list call.
    expect(screen.queryByRole('textbox', { name: /نام کاربری/ })).not.toBeInTheDocument();
    expect(server.requests.filter((r) => r.path === 'users')).toHaveLength(0);
    expect(router.state.location.pathname).toBe(to);
  });

  it.each(['/users/list', '/users/add-new', '/app/manage', '/servers/manage'])('lets the top admin open %s', async (route) => {
    server.on('GET', 'users', json({ data: [], app: [] }));
    server.on('GET', 'users/current', json({ data: makeUser() }));
    const { router } = await renderApp({ route, token: 't1' });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(route);
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });
});

describe('a refused list call', () => {
  it('says the user has no access, with no retry, instead of a connection problem', async () => {
    await renderWithProviders(<ErrorState error={{ status: 403, code: 'FORBIDDEN', message: 'Forbidden' }} onRetry={() => undefined} />);
    expect(screen.getByText('شما به این بخش دسترسی ندارید')).toBeInTheDocument();
    expect(screen.queryByText(/اتصال/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('still offers a retry when the server could not be reached', async () => {
    await renderWithProviders(<ErrorState error={{ status: 0, message: 'Network' }} onRetry={() => undefined} />);
    expect(screen.queryByText('شما به این بخش دسترسی ندارید')).not.toBeInTheDocument();
    expect(screen.getByRole('button')).toBeInTheDocument();
  });
});
