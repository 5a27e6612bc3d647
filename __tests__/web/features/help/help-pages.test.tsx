// The help pages: the panel guide in both languages, the app admins' video, and the API help with
// a new-tab link to /api/docs and placeholder credentials only.
import { screen, within } from '@testing-library/react';
import { renderApp } from '../../support/render';
import { json, useFakeServer } from '../../support/fake-server';
import { makeUser, ROLES } from '../../support/fixtures';

const server = useFakeServer();

async function open(route: string, locale: 'fa' | 'en') {
  server.on('GET', 'users/current', json({ data: makeUser({ role: ROLES.appAdmin }) }));
  return renderApp({ route, token: 'tok', locale });
}

describe('help pages', () => {
  it('shows the panel guide with its table section in Persian and in English', async () => {
    await open('/help/panel-training', 'fa');
    expect(await screen.findByRole('heading', { level: 1, name: 'آموزش پنل' })).toBeInTheDocument();
    const tables = screen.getByRole('region', { name: 'جدول‌ها' });
    expect(within(tables).getAllByRole('listitem')).toHaveLength(6);
    expect(tables).toHaveTextContent('۳۰، ۵۰ یا ۱۰۰');
  });

  it('shows the panel guide in English', async () => {
    await open('/help/panel-training', 'en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Panel guide' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Tables' })).toHaveTextContent('30, 50 or 100');
  });

  it('plays the training video from public/help on the app admin guide', async () => {
    const { container } = await open('/help/app-admin-panel-training', 'en');
    await screen.findByRole('heading', { level: 1, name: 'App admin training' });
    const video = container.querySelector('video')!;
    expect(video).toHaveAttribute('src', '/help/app-admin-training.webm');
    expect(video).toHaveAttribute('controls');
  });

  it('links to /api/docs in a new tab and shows only placeholder credentials', async () => {
    await open('/help/api', 'en');
    await screen.findByRole('heading', { level: 1, name: 'API help' });
    const link = screen.getByRole('link', { name: /Open the API documentation/ });
    expect(link).toHaveAttribute('href', '/api/docs');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByTestId('sample-username')).toHaveTextContent('admin');
    expect(screen.getByTestId('sample-password')).toHaveTextContent('<your password>');
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent("Authorization: JWT <token>");
    expect(main).toHaveTextContent('/api/v1/users/signin');
  });
});
