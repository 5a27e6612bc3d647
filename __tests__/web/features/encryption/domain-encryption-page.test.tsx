// /settings/domain-encryption: encrypt a word for a chosen app and copy the result; the Apps tab
// only for role_id 1, its 'encrypt' action preselecting the app, and 'set repo' through the form.
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../support/render';
import { apiError, json, useFakeServer } from '../../support/fake-server';
import { makeUser, ROLES } from '../../support/fixtures';

const server = useFakeServer();

const app = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  packageName: `com.example.${name.toLowerCase()}`,
  adminId: 2,
  adminName: 'Sara Ahmadi',
  active: true,
  repoName: null,
  ...extra,
});
const APPS = [app(1, 'Alpha', { repoName: 'acme/alpha', github: 'ENC-GH', gitlab: 'ENC-GL', gitea: null, codeberg: null, bitbucket: null }), app(2, 'Beta')];
const CIPHER = 'q83vEjRWeJA+/w==';

let clipboard: string[];
/** After render: user-event's setup() puts its own clipboard on navigator. */
function stubClipboard(writeText: (text: string) => Promise<void> = async (text) => void clipboard.push(text)) {
  clipboard = [];
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: jest.fn(writeText) } });
}

async function openPage(role: (typeof ROLES)[keyof typeof ROLES] = ROLES.admin, locale: 'fa' | 'en' = 'en') {
  server.on('GET', 'users/current', json({ data: makeUser({ role }) }));
  server.on('GET', 'apps', json({ data: APPS }));
  server.on('POST', 'apps/wordEncryption', (req) => {
    const { word } = req.body as { word: string };
    return json({ success: true, data: word === 'domain.example.com' ? CIPHER : 'other' });
  });
  const view = await renderApp({ route: '/settings/domain-encryption', token: 'tok', locale });
  await screen.findByRole('heading', { name: locale === 'en' ? 'Domain encryption' : 'رمزنگاری دامنه' });
  stubClipboard();
  return view;
}

async function chooseApp(user: Awaited<ReturnType<typeof openPage>>['user'], name: string) {
  await user.click(await screen.findByRole('combobox', { name: /Application/ }));
  await user.click(await screen.findByRole('option', { name }));
}

describe('domain encryption page', () => {
  it('encrypts the word for the chosen app, shows the result and copies it', async () => {
    const { user } = await openPage();
    await chooseApp(user, 'Beta');
    await user.type(screen.getByRole('textbox', { name: /Word/ }), 'domain.example.com');
    await user.click(screen.getByRole('button', { name: 'Encrypt' }));

    const result = await screen.findByLabelText('Encrypted word');
    expect(result).toHaveTextContent(CIPHER);
    expect(result).toHaveAttribute('dir', 'ltr');
    expect(server.calls('POST', 'apps/wordEncryption')[0].body).toEqual({ appId: 2, word: 'domain.example.com' });

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(clipboard).toEqual([CIPHER]));
    expect(await screen.findByText('Copied to the clipboard')).toBeInTheDocument();
  });

  it('refuses a blank word without calling the server', async () => {
    const { user } = await openPage();
    await chooseApp(user, 'Alpha');
    await user.type(screen.getByRole('textbox', { name: /Word/ }), '   ');
    await user.click(screen.getByRole('button', { name: 'Encrypt' }));
    expect(await screen.findByText('Please check entered data')).toBeInTheDocument();
    expect(server.calls('POST', 'apps/wordEncryption')).toHaveLength(0);
  });

  it('toasts the encryption error (in Persian) when the server refuses', async () => {
    const { user } = await openPage(ROLES.admin, 'fa');
    server.on('POST', 'apps/wordEncryption', apiError(404, 'NOT_FOUND'));
    await user.click(await screen.findByRole('combobox', { name: /اپلیکیشن/ }));
    await user.click(await screen.findByRole('option', { name: 'Alpha' }));
    await user.type(screen.getByRole('textbox', { name: /کلمه/ }), 'x');
    await user.click(screen.getByRole('button', { name: 'رمزنگاری' }));
    expect(await screen.findByText('خطا در رمزنگاری')).toBeInTheDocument();
    expect(screen.queryByLabelText('کلمه رمزشده')).not.toBeInTheDocument();
  });

  it('toasts the copy error when neither the clipboard API nor the legacy copy works', async () => {
    const { user } = await openPage();
    stubClipboard(() => Promise.reject(new Error('denied')));
    document.execCommand = jest.fn(() => false);
    await chooseApp(user, 'Alpha');
    await user.type(screen.getByRole('textbox', { name: /Word/ }), 'domain.example.com');
    await user.click(screen.getByRole('button', { name: 'Encrypt' }));
    await screen.findByLabelText('Encrypted word');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('The value could not be copied')).toBeInTheDocument();
    expect(document.execCommand).toHaveBeenCalledWith('copy');
  });

  it('hides the Apps tab from an app admin', async () => {
    await openPage(ROLES.appAdmin);
    expect(screen.getByRole('tab', { name: 'Encryptor' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Apps' })).not.toBeInTheDocument();
    expect(server.calls('POST', 'apps/decryptDomain/1')).toHaveLength(0);
  });

  it("lists the apps for role 1; 'encrypt' opens the encryptor with that app chosen", async () => {
    const { user } = await openPage();
    await user.click(screen.getByRole('tab', { name: 'Apps' }));
    const row = (await screen.findByText('Beta')).closest('[role="row"]') as HTMLElement;
    expect(await screen.findByText('acme/alpha')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Encrypt a word' }));
    expect(screen.getByRole('tab', { name: 'Encryptor', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Application/ })).toHaveTextContent('Beta');
    await user.type(screen.getByRole('textbox', { name: /Word/ }), 'w');
    await user.click(screen.getByRole('button', { name: 'Encrypt' }));
    await waitFor(() => expect(server.calls('POST', 'apps/wordEncryption')[0]?.body).toEqual({ appId: 2, word: 'w' }));
  });

  it("sets the repo through the form and reloads the apps; 'decrypt domains' shows the five hosts", async () => {
    server.on('POST', 'apps/updateSettings/:id', json({ success: true }));
    server.on(
      'POST',
      'apps/decryptDomain/:id',
      json({ data: { github: 'https://github.com/acme/alpha', gitlab: 'https://gitlab.com/acme/alpha', gitea: null, codeberg: null, bitbucket: null } }),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('tab', { name: 'Apps' }));
    const row = (await screen.findByText('Alpha')).closest('[role="row"]') as HTMLElement;
    const appsCalls = server.calls('GET', 'apps').length;

    await user.click(within(row).getByRole('button', { name: 'Set repository' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByRole('textbox', { name: /Repository name/ });
    await user.clear(input);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    await user.type(input, 'acme/alpha-2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The repository was saved')).toBeInTheDocument();
    expect(server.calls('POST', 'apps/updateSettings/1')[0].body).toEqual({ repoName: 'acme/alpha-2' });
    await waitFor(() => expect(server.calls('GET', 'apps').length).toBe(appsCalls + 1));

    await user.click(within((await screen.findByText('Alpha')).closest('[role="row"]') as HTMLElement).getByRole('button', { name: 'Decrypt domains' }));
    const hosts = await screen.findByTestId('decrypted-domains');
    expect(hosts).toHaveTextContent('https://github.com/acme/alpha');
    expect(hosts).toHaveTextContent('https://gitlab.com/acme/alpha');
    expect(within(hosts).getAllByText('Not set')).toHaveLength(3);
  });
});
