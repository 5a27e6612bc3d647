// The generic error page (docs/product.md §2, §8): a crash shows 'An Error Occured' (Persian in fa) with
// dashboard and reload buttons — inside the shell for a page, and from the top-level boundary.
import { act, screen, within } from '@testing-library/react';
import { ErrorBoundary } from '../../../../src/app/error/error-boundary';
import { renderApp, renderWithProviders } from '../../support/render';
import { json, useFakeServer } from '../../support/fake-server';
import { makeUser } from '../../support/fixtures';

const server = useFakeServer();

function Boom(): never {
  throw new Error('boom');
}
const crashingPage = { path: '/crash', access: 'private' as const, load: async () => ({ default: Boom }) };

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('error page', () => {
  it('shows "An Error Occured" with dashboard and reload for a crashing page, keeping the shell', async () => {
    server.on('GET', 'users/current', json({ data: makeUser() }));
    const { router } = await renderApp({ route: '/dashboard', token: 't', locale: 'en', pages: [crashingPage] });
    await screen.findByTestId('dashboard-greeting');
    await act(() => router.navigate('/crash'));
    const main = screen.getByRole('main');
    expect(await within(main).findByText('An Error Occured')).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(main).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByTestId('sidebar-welcome')).toBeInTheDocument();
  });

  it('shows the Persian error screen from the error boundary for a crash outside the router', async () => {
    await renderWithProviders(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByText('خطایی رخ داده است')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'داشبورد' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('button', { name: 'بارگذاری دوباره' })).toBeInTheDocument();
  });
});
