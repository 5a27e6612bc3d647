// POST users/avatar and the file route that serves it: content-checked type, the 2 MB limit, and
// the URL on the user record serving the same bytes back.
import { AVATAR_MAX_BYTES } from '../../../src/contract';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { multipart } from '../helpers/multipart';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest-of-a-png')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('rest-of-a-jpeg')]);

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.signedInUser());
});
afterAll(() => t?.close());

const upload = (parts: Parameters<typeof multipart>[0], auth = token) => {
  const { payload, headers } = multipart(parts);
  return t.app.inject({ method: 'POST', url: '/api/v1/users/avatar', payload, headers: { ...headers, ...t.auth(auth) } });
};

it('stores a PNG and serves it back at the URL the user record gives', async () => {
  const res = await upload({ avatar: { filename: 'me.png', content: PNG, contentType: 'image/png' } });
  expect(res.statusCode).toBe(200);
  const { avatar } = res.json().data;
  expect(res.json()).toEqual({ success: true, data: { avatar: expect.stringMatching(/^\/api\/v1\/files\/avatars\/[0-9a-f-]{36}$/) } });

  const current = await t.app.inject({ method: 'GET', url: '/api/v1/users/current', headers: t.auth(token) });
  expect(current.json().data.avatar).toBe(avatar);

  const served = await t.app.inject({ method: 'GET', url: avatar });
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('image/png');
  expect(served.headers['cache-control']).toContain('immutable');
  expect(served.rawPayload.equals(PNG)).toBe(true);
});

it('judges by content: a JPEG named .png is stored as JPEG, a renamed text file is refused', async () => {
  const jpeg = await upload({ avatar: { filename: 'photo.png', content: JPEG, contentType: 'image/png' } });
  expect(jpeg.statusCode).toBe(200);
  expect((await t.app.inject({ method: 'GET', url: jpeg.json().data.avatar })).headers['content-type']).toBe('image/jpeg');

  const text = await upload({ avatar: { filename: 'notes.jpg', content: 'just some text, not an image', contentType: 'image/jpeg' } });
  expect(text.statusCode).toBe(400);
  expect(text.json()).toEqual({ message: expect.any(String), code: 'VALIDATION_FAILED', errors: { avatar: 'validation.fileType' } });
});

it('refuses a file over 2 MB with 413', async () => {
  const big = Buffer.concat([JPEG, Buffer.alloc(AVATAR_MAX_BYTES)]);
  const res = await upload({ avatar: { filename: 'big.jpg', content: big, contentType: 'image/jpeg' } });
  expect(res.statusCode).toBe(413);
  expect(res.json()).toEqual({ message: expect.any(String), code: 'PAYLOAD_TOO_LARGE' });
});

it('replacing an avatar removes the old file', async () => {
  const first = (await upload({ avatar: { filename: 'a.png', content: PNG } })).json().data.avatar;
  const second = (await upload({ avatar: { filename: 'b.png', content: PNG } })).json().data.avatar;
  expect(second).not.toBe(first);
  expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
  expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
});

it('answers 400 with no file, a wrong field name, or a non-multipart body; 401 when signed out', async () => {
  const noFile = await upload({ other: 'value' });
  expect(noFile.statusCode).toBe(400);
  expect(noFile.json().errors).toEqual({ avatar: 'validation.selectFileFirst' });
  expect((await upload({ picture: { filename: 'a.png', content: PNG } })).statusCode).toBe(400);
  const json = await t.app.inject({ method: 'POST', url: '/api/v1/users/avatar', headers: t.auth(token), payload: { avatar: 'x' } });
  expect(json.statusCode).toBe(400);
  expect(json.json().code).toBe('BAD_REQUEST');
  const { payload, headers } = multipart({ avatar: { filename: 'a.png', content: PNG } });
  expect((await t.app.inject({ method: 'POST', url: '/api/v1/users/avatar', payload, headers })).statusCode).toBe(401);
});

it('answers 404 for an unknown file and 400 for a malformed id', async () => {
  expect((await t.app.inject({ method: 'GET', url: '/api/v1/files/avatars/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
  const bad = await t.app.inject({ method: 'GET', url: '/api/v1/files/avatars/not-a-uuid' });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().errors).toEqual({ id: 'validation.checkInput' });
});
