// /users/add-new: Persian-only name and family (Latin reverted with the notice), the contract's
// rules before any call, the body sent to users/signup (no confirm field, sex male by default),
// the form cleared after a create, and a 409 put on the username field.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../support/render';
import { apiError, json, useFakeServer } from '../../support/fake-server';
import { fa, serveUsers, staff } from './support';

const server = useFakeServer();

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const field = (id: string) => screen.getByLabelText(new RegExp(`^${escape(fa[id])}`));
const birthdateSections = () => within(screen.getByRole('group', { name: fa['users.fields.birthdate'] })).getAllByRole('spinbutton');

async function openPage() {
  serveUsers(server);
  const view = await renderApp({ route: '/users/add-new', token: 't' });
  await screen.findByRole('heading', { name: fa['users.create.title'] });
  const set = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });
  const chooseRole = async (roleId: string) => {
    await waitFor(() => expect(screen.getByRole('combobox', { name: new RegExp(`^${fa['users.fields.role']}`) })).not.toHaveAttribute('aria-disabled'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: new RegExp(`^${fa['users.fields.role']}`) }));
    await view.user.click(await screen.findByRole('option', { name: fa[roleId] }));
  };
  const fillRequired = async () => {
    set('users.fields.username', 'ali.r');
    set('users.fields.email', 'ali@example.com');
    set('users.fields.password', 'Temp#2024a');
    set('users.fields.repassword', 'Temp#2024a');
    set('users.fields.name', 'علی');
    set('users.fields.family', 'رضایی');
    await chooseRole('common.role.appAdmin');
  };
  const submit = () => view.user.click(screen.getByRole('button', { name: fa['users.create.submit'] }));
  const typeBirthdate = async (...parts: string[]) => {
    for (const [i, part] of parts.entries()) {
      await view.user.click(birthdateSections()[i]);
      await view.user.keyboard(part);
    }
  };
  return { ...view, set, fillRequired, chooseRole, submit, typeBirthdate };
}

describe('add user page', () => {
  it('refuses Latin letters in the Persian-only name and family, with the notice', async () => {
    const { user } = await openPage();
    await user.type(field('users.fields.name'), 'Ali');
    expect(field('users.fields.name')).toHaveValue('');
    expect(await screen.findByText(fa['validation.persianOnly'])).toBeInTheDocument();
    await user.type(field('users.fields.family'), 'رضاR');
    expect(field('users.fields.family')).toHaveValue('رضا');
    await user.type(field('users.fields.name'), 'علی');
    expect(field('users.fields.name')).toHaveValue('علی');
  });

  it('refuses Persian letters in the English name', async () => {
    const { user } = await openPage();
    await user.type(field('users.fields.eName'), 'علی');
    expect(field('users.fields.eName')).toHaveValue('');
    expect(await screen.findByText(fa['validation.englishOnly'])).toBeInTheDocument();
  });

  it('sends nothing while required fields, the role or the confirmation are missing', async () => {
    const { set, submit, chooseRole } = await openPage();
    set('users.fields.username', 'ali.r');
    set('users.fields.email', 'ali@example.com');
    set('users.fields.password', 'Temp#2024a');
    set('users.fields.repassword', 'Temp#2024b');
    set('users.fields.name', 'علی');
    set('users.fields.family', 'رضایی');
    await submit();
    expect(await screen.findByText(fa['validation.passwordsnotMatch'])).toBeInTheDocument();
    expect(screen.getAllByText(fa['validation.required']).length).toBeGreaterThan(0); // the role
    await chooseRole('common.role.appAdmin');
    await submit();
    expect(await screen.findAllByText(fa['validation.checkInput'])).not.toHaveLength(0);
    expect(server.calls('POST', 'users/signup')).toHaveLength(0);
  });

  it('creates the user with the contract body, toasts, and clears the form', async () => {
    server.on('POST', 'users/signup', json({ success: true, data: staff({ id: 9, username: 'ali.r', needToChangePass: true }) }));
    const { fillRequired, set, submit, typeBirthdate } = await openPage();
    await fillRequired();
    set('users.fields.eName', 'Ali');
    set('users.fields.mobile', '+98 912 000 0000');
    // the Persian calendar's 27 Ordibehesht 1369 is 17 May 1990
    await typeBirthdate('1369', '02', '27');
    await submit();
    await waitFor(() => expect(server.calls('POST', 'users/signup')).toHaveLength(1));
    const body = server.calls('POST', 'users/signup')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'علی',
      family: 'رضایی',
      email: 'ali@example.com',
      username: 'ali.r',
      password: 'Temp#2024a',
      role_id: 2,
      eName: 'Ali',
      eFamily: null,
      mobile: '+98 912 000 0000',
      birthdate: '1990-05-17',
      sex: 1,
    });
    expect(body).not.toHaveProperty('repassword');
    expect(await screen.findByText(fa['users.create.success'])).toBeInTheDocument();
    await waitFor(() => expect(field('users.fields.username')).toHaveValue(''));
    expect(field('users.fields.name')).toHaveValue('');
    expect(field('users.fields.password')).toHaveValue('');
    expect(birthdateSections().map((s) => s.textContent)).toEqual(['سال', 'ماه', 'روز']);
  });

  it('puts a taken username (409) on the username field and keeps the entries', async () => {
    server.on('POST', 'users/signup', apiError(409, 'CONFLICT', { username: 'validation.taken' }));
    const { fillRequired, submit } = await openPage();
    await fillRequired();
    await submit();
    expect(await screen.findByText(fa['validation.taken'])).toBeInTheDocument();
    expect(field('users.fields.username')).toHaveAttribute('aria-invalid', 'true');
    expect(field('users.fields.email')).toHaveAttribute('aria-invalid', 'false');
    expect(field('users.fields.username')).toHaveValue('ali.r');
    expect(await screen.findByText(fa['users.error.taken'])).toBeInTheDocument();
  });
});
