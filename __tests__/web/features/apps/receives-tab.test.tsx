// The "what the app receives" tab: the decoded config for the chosen operator and language (asked
// again when either changes), the links-hidden note when the server sends no links, the keys
// warning, and the change history with each action named in the panel's language.
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../support/render';
import { json, useFakeServer } from '../../support/fake-server';
import { makeUser } from '../../support/fixtures';
import { makeApp, makeSettings } from './fixtures';

const server = useFakeServer();

const preview = (link: string | null) => ({
  keysMissing: false,
  config: {
    app: { name: 'LiveApp', packageName: 'com.live' },
    update: { appVersion: 3, forceUpdate: false, blocked: false, text: null, storeLink: null },
    settings: { connectDelay: 17 },
    ads: { active: false },
    operators: { irancell: 'I', mci: 'M', wifi: 'W', others: 'O' },
    servers: [{ id: 5, country: { code: 'DE', name: 'Germany' }, profiles: [{ id: 9, name: 'P-9', operator: 'mci', link }] }],
    privacyUrl: '/api/v1/apps/client/privacy?lang=fa',
  },
  version: { version: 7, changedAt: '2026-11-24T05:00:00.000Z', changedBy: 'app_settings:update' },
  history: [
    { version: 7, changedAt: '2026-11-24T05:00:00.000Z', changedBy: 'app_settings:update' },
    { version: 6, changedAt: '2026-11-24T04:00:00.000Z', changedBy: 'profiles:insert' },
  ],
});

async function open(data: object, locale: 'fa' | 'en' = 'en') {
  server.on('GET', 'users/current', json({ data: makeUser() }));
  server.on('GET', 'apps/getApp/:id', json({ data: { ...makeApp({ id: 1, name: 'LiveApp' }), settings: makeSettings() } }));
  server.on('GET', 'apps/clientConfigPreview/:id', json({ data }));
  const view = await renderApp({ route: '/app/1?tab=receives', token: 't', locale });
  await screen.findByTestId('receives-version');
  return view;
}

describe('what the app receives tab', () => {
  it('shows the decoded answer and the history, and asks again for another operator', async () => {
    const { user } = await open(preview('vless://x@h:1#P'));
    expect(screen.getByRole('tab', { name: 'What the app receives', selected: true })).toBeInTheDocument();
    expect(screen.getByTestId('receives-config')).toHaveTextContent('"connectDelay": 17');
    expect(screen.getByTestId('receives-config')).toHaveTextContent('vless://x@h:1#P');
    expect(screen.getByTestId('receives-config')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByText('The answer: 1 server, 1 profile')).toBeInTheDocument();
    expect(screen.queryByText(/shown to the top administrator only/)).not.toBeInTheDocument();
    expect(screen.getByTestId('receives-version')).toHaveTextContent('Config version 7');
    expect(screen.getByTestId('receives-version')).toHaveTextContent('Application settings: changed');
    const history = screen.getByRole('table', { name: 'Change history' });
    const rows = within(history).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[2]).toHaveTextContent('Profiles: added');
    expect(server.calls('GET', 'apps/clientConfigPreview/1')[0].query.get('lang')).toBe('fa');
    expect(server.calls('GET', 'apps/clientConfigPreview/1')[0].query.has('operator')).toBe(false);

    await user.click(screen.getByRole('combobox', { name: 'Operator' }));
    await user.click(await screen.findByRole('option', { name: 'MCI (Hamrah-e Aval)' }));
    await waitFor(() => expect(server.calls('GET', 'apps/clientConfigPreview/1').some((c) => c.query.get('operator') === 'mci')).toBe(true));
  });

  it('says when links are hidden, and warns when the app has no core keys (in Persian)', async () => {
    await open(preview(null), 'fa');
    expect(screen.getByText(/لینک پروفایل‌ها فقط به مدیر ارشد/)).toBeInTheDocument();
    server.on('GET', 'apps/clientConfigPreview/:id', json({ data: { ...preview(null), keysMissing: true, config: null } }));
    await renderApp({ route: '/app/1?tab=receives', token: 't', locale: 'fa' });
    expect((await screen.findAllByText(/این اپلیکیشن کلید و \u2066IV\u2069 هسته ندارد/)).length).toBeGreaterThan(0);
  });
});
