// The dashboard's field health card: failing profiles summed per operator, links to the health
// page filtered to the operator, nothing shown without the health read.
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../support/render';
import { json, useFakeServer } from '../../support/fake-server';
import { makeUser } from '../../support/fixtures';
import { FailingCard } from '../../../../src/features/dashboard/components/failing-card';
import type { HealthCellDto } from '../../../../src/contract';

const server = useFakeServer();
jest.setTimeout(20_000);

const cell = (serverId: number, operator: HealthCellDto['operator'], failing: number, appId = 3): HealthCellDto => ({
  appId,
  appName: appId === 3 ? 'FastVPN' : 'SafeNet',
  serverId,
  operator,
  verdict: failing ? 'failing' : 'working',
  counts: failing ? { failing, working: 1 } : { working: 2 },
  // a server's profiles have ids of its own (server 7: 700, 701, …)
  failingProfiles: Array.from({ length: failing }, (_, i) => serverId * 100 + i),
  hidden: 0,
  devices: 7,
  changedAt: '2026-11-28T10:00:00.000Z',
});

describe('the failing profiles card', () => {
  it('sums failing profiles per operator in Persian digits and links each to the filtered health page', async () => {
    server.on('GET', 'users/current', json({ data: makeUser() }));
    server.on('GET', 'apps/health', json({ data: [cell(7, 'mci', 2), cell(8, 'mci', 3), cell(7, 'irancell', 0), cell(9, 'wifi', 1)] }));
    await renderWithProviders(<FailingCard />, { token: 'tok', locale: 'fa' });
    const mci = await screen.findByTestId('failing-mci');
    expect(within(mci).getByTestId('failing-count')).toHaveTextContent('۵');
    expect(within(screen.getByTestId('failing-wifi')).getByTestId('failing-count')).toHaveTextContent('۱');
    expect(screen.queryByTestId('failing-irancell')).not.toBeInTheDocument();
    expect(within(mci).getByRole('link')).toHaveAttribute('href', '/servers/health?operator=mci');
  });

  it('counts a profile on a server two apps share once, though each app has its cell', async () => {
    server.on('GET', 'users/current', json({ data: makeUser() }));
    server.on('GET', 'apps/health', json({ data: [cell(7, 'mci', 2, 3), cell(7, 'mci', 2, 4), cell(8, 'mci', 1, 4)] }));
    await renderWithProviders(<FailingCard />, { token: 'tok', locale: 'en' });
    expect(within(await screen.findByTestId('failing-mci')).getByTestId('failing-count')).toHaveTextContent(/^3$/);
  });

  it('says nothing fails when no profile does', async () => {
    server.on('GET', 'users/current', json({ data: makeUser() }));
    server.on('GET', 'apps/health', json({ data: [cell(7, 'mci', 0)] }));
    await renderWithProviders(<FailingCard />, { token: 'tok', locale: 'en' });
    expect(await screen.findByTestId('failing-none')).toHaveTextContent('Phones report no failing profile');
  });

  it('is absent for a role without the health read', async () => {
    server.on(
      'GET',
      'users/current',
      json({ data: makeUser({ access: { scope: 'own', operations: [{ method: 'GET', route: 'dashboard/stats' }] } as never }) }),
    );
    await renderWithProviders(<FailingCard />, { token: 'tok', locale: 'en' });
    await waitFor(() => expect(server.calls('GET', 'users/current')).toHaveLength(1));
    // the signed-in user is in (the grants are read) before looking for the card
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByTestId('dashboard-card-failing')).not.toBeInTheDocument();
    expect(server.calls('GET', 'apps/health')).toHaveLength(0);
  });
});
