// /account/user-info: the profile details, and the avatar upload (images only, multipart `avatar`
// with the JWT header; the user is re-read afterwards).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../support/render';
import { apiError, json, useFakeServer } from '../../support/fake-server';
import { makeUser, ROLES } from '../../support/fixtures';

const server = useFakeServer();
/** account.avatar.wrongType, its Latin words isolated left to right. */
const WRONG_TYPE = 'فقط تصویر \u2066JPG\u2069 یا \u2066PNG\u2069 قابل قبول است';

async function openPage(locale: 'fa' | 'en' = 'fa') {
  server.on(
    'GET',
    'users/current',
    json({ data: makeUser({ role: ROLES.appAdmin, username: 'sara', name: 'سارا', family: 'احمدی', eName: 'Sara', eFamily: 'Ahmadi' }) }),
  );
  const view = await renderApp({ route: '/account/user-info', token: 'tok', locale });
  return view;
}

describe('user info page', () => {
  it('shows full name, username, role and the joined date in the Persian calendar', async () => {
    await openPage();
    const main = await screen.findByRole('main');
    expect(await screen.findByRole('heading', { name: 'پروفایل من' })).toBeInTheDocument();
    expect(main).toHaveTextContent('سارا احمدی');
    expect(main).toHaveTextContent('sara');
    expect(main).toHaveTextContent('مدیر اپلیکیشن');
    expect(main).toHaveTextContent('۱۴۰۳'); // 2024-03-20 is 1 Farvardin 1403
  });

  it('uses the English name and the Gregorian date in English', async () => {
    await openPage('en');
    const main = await screen.findByRole('main');
    await screen.findByRole('heading', { name: 'My profile' });
    expect(main).toHaveTextContent('Sara Ahmadi');
    expect(main).toHaveTextContent('March 20, 2024');
    expect(main).toHaveTextContent('App admin');
  });

  it('uploads a picture as multipart field `avatar` and re-reads the user', async () => {
    server.on('POST', 'users/avatar', json({ success: true, data: { avatar: '/avatars/1.png' } }));
    await openPage();
    await screen.findByRole('heading', { name: 'پروفایل من' });
    const before = server.calls('GET', 'users/current').length;
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('avatar-input'), { target: { files: [file] } });
    expect(await screen.findByText('تصویر پروفایل به‌روز شد')).toBeInTheDocument();
    const [req] = server.calls('POST', 'users/avatar');
    expect((req.body as FormData).get('avatar')).toBeInstanceOf(File);
    expect(req.headers.authorization).toBe('JWT tok');
    await waitFor(() => expect(server.calls('GET', 'users/current').length).toBe(before + 1));
  });

  it('refuses a file that is not a JPG or PNG image without calling the server', async () => {
    await openPage();
    await screen.findByRole('heading', { name: 'پروفایل من' });
    const file = new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('avatar-input'), { target: { files: [file] } });
    expect(await screen.findByText(WRONG_TYPE)).toBeInTheDocument();
    expect(server.calls('POST', 'users/avatar')).toHaveLength(0);
  });

  it('says why the server refused the picture (JPEG/PNG only), not a generic failure', async () => {
    server.on('POST', 'users/avatar', apiError(400, 'VALIDATION_FAILED', { avatar: 'validation.fileType' }));
    await openPage();
    await screen.findByRole('heading', { name: 'پروفایل من' });
    // named .png, but the content is not an image: only the server can tell
    const file = new File(['not an image'], 'me.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('avatar-input'), { target: { files: [file] } });
    expect(await screen.findByText(WRONG_TYPE)).toBeInTheDocument();
    expect(screen.queryByText('بارگذاری تصویر ممکن نشد')).toBeNull();
  });
});
