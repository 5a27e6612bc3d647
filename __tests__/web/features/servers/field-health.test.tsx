// Field health in the panel: the verdict chips (text, colour, digits), the server list's worst
// verdict order, the health page's matrix (order, filters, changed time, empty and error states) and
// "put back" shown only with its grant.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../support/render';
import { apiError, json, useFakeServer } from '../../support/fake-server';
import { makeUser } from '../../support/fixtures';
import { HealthChip } from '../../../../src/features/servers/components/health/health-chip';
import { ProfileHealthSection } from '../../../../src/features/servers/components/health/profile-health-section';
import { serverHealthColumn, worstByServer } from '../../../../src/features/servers/components/health/server-health-column';
import HealthPage from '../../../../src/features/servers/pages/health-page';
import { sortRows } from '../../../../src/components/data-table/rows';
import { MATRIX, PROFILE_HEALTH } from './health-support';
import { PROFILES, SERVER } from './support';

const server = useFakeServer();
jest.setTimeout(20_000);

const withGrants = (operations: { method: string; route: string }[]) =>
  server.on('GET', 'users/current', json({ data: makeUser({ access: { scope: 'all', operations } as never }) }));

describe('the verdict chip', () => {
  it('reads operator, rate and devices, the figures one left-to-right run in Persian digits', async () => {
    withGrants([]);
    await renderWithProviders(<HealthChip operator="mci" verdict="failing" rate={0.1} devices={12} />, { token: 'tok', locale: 'fa' });
    const chip = screen.getByTestId('health-chip-mci');
    expect(chip).toHaveAttribute('data-verdict', 'failing');
    expect(chip.className).toMatch(/colorError/);
    expect(chip.textContent).toMatch(/^همراه اول ۱۰٪ · ۱۲$/);
    expect(chip.querySelector('bdi')).toHaveAttribute('dir', 'ltr');
  });

  it('names the verdict when no rate is given (the server list), in English digits in English', async () => {
    withGrants([]);
    await renderWithProviders(<HealthChip operator="irancell" verdict="working" devices={8} hidden />, { token: 'tok', locale: 'en' });
    const chip = screen.getByTestId('health-chip-irancell');
    expect(chip.textContent).toBe('Irancell Working 8');
    expect(chip.className).toMatch(/colorSuccess/);
    expect(chip).toHaveAttribute('title', expect.stringMatching(/hidden from this operator's config/));
  });
});

describe("the server list's worst verdict", () => {
  it("takes each server's worst cell and sorts failing first, unreported servers last", () => {
    const worst = worstByServer(MATRIX);
    expect(worst.get(7)).toMatchObject({ operator: 'irancell', verdict: 'failing' });
    expect(worst.get(9)).toMatchObject({ verdict: 'working' });
    const column = serverHealthColumn(worst);
    const servers = [10, 9, 7, 8].map((id) => ({ ...SERVER, id }));
    expect(sortRows(servers, column.value, true, 'en').map((s) => s.id)).toEqual([7, 8, 9, 10]);
    expect(sortRows(servers, column.value, false, 'en').map((s) => s.id)).toEqual([9, 7, 8, 10]);
  });
});

describe('the health page', () => {
  function serve(cells = MATRIX) {
    withGrants([]);
    server.on('GET', 'apps/health', json({ data: cells }));
    server.on('GET', 'apps/servers', json({ data: [7, 8, 9].map((id) => ({ ...SERVER, id, ip: `srv-${id}` })) }));
  }
  const rows = () => screen.getAllByTestId('health-row').map((r) => `${r.getAttribute('data-server')}:${within(r).getAllByRole('cell')[0].textContent}`);

  it('lists servers × operators failing first, with the Jalali time of the last change in Persian digits', async () => {
    serve();
    await renderWithProviders(<HealthPage />, { token: 'tok', locale: 'fa', route: '/servers/health' });
    await screen.findByTestId('health-matrix');
    expect(rows()).toEqual(['8:srv-8FastVPN', '7:srv-7SafeNet', '7:srv-7FastVPN', '9:srv-9FastVPN']);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['سرور', 'ایرانسل', 'همراه اول', 'وای‌فای']);
    expect(screen.getByTestId('cell-8-3-mci')).toHaveAttribute('data-verdict', 'failing');
    expect(within(screen.getByTestId('cell-8-3-mci')).getByText('۲ پروفایل ناموفق')).toBeInTheDocument();
    expect(within(screen.getByTestId('cell-8-3-mci')).getByTestId('changed-at').textContent).toMatch(/۱۴۰۵/);
  });

  it('filters by operator and by app from the address', async () => {
    serve();
    const view = await renderWithProviders(<HealthPage />, { token: 'tok', locale: 'en', route: '/servers/health?operator=mci' });
    await screen.findByTestId('health-matrix');
    expect(rows()).toEqual(['8:srv-8FastVPN', '7:srv-7FastVPN']);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Server', 'MCI']);
    view.unmount();
    serve();
    await renderWithProviders(<HealthPage />, { token: 'tok', locale: 'en', route: '/servers/health?appId=4' });
    await screen.findByTestId('health-matrix');
    expect(rows()).toEqual(['7:srv-7SafeNet']);
  });

  it('says so when nothing reported, and offers a retry when the read fails', async () => {
    serve([]);
    const view = await renderWithProviders(<HealthPage />, { token: 'tok', locale: 'en', route: '/servers/health' });
    expect(await screen.findByTestId('health-empty')).toHaveTextContent('No phone has reported on these servers yet');
    view.unmount();
    serve();
    server.on('GET', 'apps/health', apiError(500, 'INTERNAL'));
    await renderWithProviders(<HealthPage />, { token: 'tok', locale: 'en', route: '/servers/health' });
    expect(await screen.findByRole('button', { name: /retry|try again/i })).toBeInTheDocument();
    expect(screen.queryByTestId('health-matrix')).not.toBeInTheDocument();
  });
});

describe("the profile details' health", () => {
  const READ = { method: 'GET', route: 'apps/profileHealth/{serverId}' };
  const SHOW = { method: 'POST', route: 'apps/profileHealth/show' };

  it('shows the hidden operator and the median latency, with no put back without the grant', async () => {
    withGrants([READ]);
    server.on('GET', `apps/profileHealth/${SERVER.id}`, json({ data: PROFILE_HEALTH }));
    await renderWithProviders(<ProfileHealthSection profile={PROFILES[0]} />, { token: 'tok', locale: 'en' });
    const mci = await screen.findByTestId('profile-health-mci');
    expect(within(mci).getByText("Hidden from this operator's config")).toBeInTheDocument();
    expect(mci).toHaveTextContent('Median latency: 412 ms');
    expect(screen.getAllByTestId(/^health-chip-/).map((c) => c.getAttribute('data-verdict'))).toEqual(['failing', 'working']);
    expect(screen.queryByRole('button', { name: 'Put back' })).not.toBeInTheDocument();
  });

  it('puts a hidden profile back for a role granted it', async () => {
    withGrants([READ, SHOW]);
    server.on('GET', `apps/profileHealth/${SERVER.id}`, json({ data: PROFILE_HEALTH }));
    server.on('POST', 'apps/profileHealth/show', json({ success: true, data: { shown: true } }));
    await renderWithProviders(<ProfileHealthSection profile={PROFILES[0]} />, { token: 'tok', locale: 'en' });
    const buttons = await screen.findAllByRole('button', { name: 'Put back' });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0]);
    await waitFor(() => expect(server.calls('POST', 'apps/profileHealth/show')).toHaveLength(1));
    expect(server.calls('POST', 'apps/profileHealth/show')[0].body).toEqual({ appId: 3, profileId: 1, operator: 'mci' });
  });
});

describe('the health page on a phone', () => {
  const wide = window.innerWidth;
  afterEach(() => Object.defineProperty(window, 'innerWidth', { configurable: true, value: wide }));

  it('shows a card per server in the same order, its operators one under the other', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    withGrants([]);
    server.on('GET', 'apps/health', json({ data: MATRIX }));
    server.on('GET', 'apps/servers', json({ data: [] }));
    await renderWithProviders(<HealthPage />, { token: 'tok', locale: 'en', route: '/servers/health' });
    await screen.findByTestId('health-matrix');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('health-row').map((r) => r.getAttribute('data-server'))).toEqual(['8', '7', '7', '9']);
    const third = screen.getAllByTestId('health-row')[2];
    expect(
      within(third)
        .getAllByTestId(/^health-chip-/)
        .map((c) => c.textContent),
    ).toEqual(['Irancell Unknown 9', 'MCI Degraded 9']);
  });
});
