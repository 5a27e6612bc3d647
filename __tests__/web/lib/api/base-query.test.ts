// docs/product.md §7's shared request helper: JSON content type, the JWT header when a token is stored, parsed
// JSON or `true`, failures mapped to {status, message, code?, errors?}, multipart without the JSON
// type; and the session rules around it (401 on users/current ends the session).
import { waitFor } from '@testing-library/react';
import { setupStore } from '../../../../src/app/store';
import { apiUrl, baseApi, COMMUNICATION_ERROR, type RequestArgs } from '../../../../src/lib/api';
import { sessionApi } from '../../../../src/lib/api/session';
import { signedIn } from '../../../../src/lib/state';
import { apiError, json, useFakeServer } from '../../support/fake-server';
import { makeUser } from '../../support/fixtures';

const server = useFakeServer();

const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probe: build.mutation<unknown, RequestArgs>({ query: (args) => args }),
  }),
});

async function call(args: RequestArgs, token?: string) {
  const { store } = setupStore();
  if (token) store.dispatch(signedIn(token));
  const result = await store.dispatch(probeApi.endpoints.probe.initiate(args));
  return { store, result };
}

describe('base query', () => {
  it('sends JSON with `Authorization: JWT <token>` when a token is stored', async () => {
    server.on('POST', 'things', json({ ok: 1 }));
    const { result } = await call({ url: 'things', method: 'POST', body: { a: 1 } }, 'tkn');
    expect(result).toEqual({ data: { ok: 1 } });
    const [req] = server.calls('POST', 'things');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers.authorization).toBe('JWT tkn');
    expect(req.body).toEqual({ a: 1 });
  });

  it('sends no Authorization header without a token', async () => {
    server.on('GET', 'things', json({}));
    await call({ url: 'things' });
    expect(server.calls('GET', 'things')[0].headers).not.toHaveProperty('authorization');
  });

  it('returns true when the response is not JSON', async () => {
    server.on('GET', 'plain', { status: 200, body: 'ok', contentType: 'text/plain' });
    server.on('DELETE', 'empty', { status: 204 });
    expect((await call({ url: 'plain' })).result).toEqual({ data: true });
    expect((await call({ url: 'empty', method: 'DELETE' })).result).toEqual({ data: true });
  });

  it('maps a failure to the status, the Persian communication message and the server code and field errors', async () => {
    server.on('POST', 'things', apiError(400, 'VALIDATION_FAILED', { name: 'validation.required' }));
    const { result } = await call({ url: 'things', method: 'POST', body: {} });
    expect(result).toEqual({
      error: { status: 400, message: COMMUNICATION_ERROR, code: 'VALIDATION_FAILED', errors: { name: 'validation.required' } },
    });
    expect(COMMUNICATION_ERROR).toBe('خطا در ارتباط با سرور');
  });

  it('maps a failure without a JSON body, and a network failure (status 0)', async () => {
    server.on('GET', 'down', { status: 502, body: '<html>bad gateway</html>', contentType: 'text/html' });
    expect((await call({ url: 'down' })).result).toEqual({ error: { status: 502, message: COMMUNICATION_ERROR } });
    globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    expect((await call({ url: 'anything' })).result).toEqual({ error: { status: 0, message: COMMUNICATION_ERROR } });
  });

  it('sends FormData as multipart: no JSON content type, the same Authorization header', async () => {
    server.on('POST', 'users/avatar', json({ success: true }));
    const form = new FormData();
    form.append('avatar', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await call({ url: 'users/avatar', method: 'POST', body: form }, 'tkn');
    const [req] = server.calls('POST', 'users/avatar');
    expect(req.headers).not.toHaveProperty('content-type');
    expect(req.headers.authorization).toBe('JWT tkn');
    expect(req.body).toBeInstanceOf(FormData);
  });

  it('builds URLs under /api/v1 and skips undefined params', () => {
    expect(apiUrl('users/current')).toBe('/api/v1/users/current');
    expect(apiUrl('/apps/devices', { page: 2, size: 30, appId: undefined, filter: '' })).toBe('/api/v1/apps/devices?page=2&size=30&filter=');
  });
});

describe('session rules', () => {
  it('a 401 on users/current clears the token and the whole cache', async () => {
    server.on('GET', 'things', json({ cached: true }));
    server.on('GET', 'users/current', apiError(401, 'UNAUTHORIZED'));
    const { store } = setupStore();
    store.dispatch(signedIn('old'));
    await store.dispatch(probeApi.endpoints.probe.initiate({ url: 'things' }, { fixedCacheKey: 'kept' }));
    await store.dispatch(sessionApi.endpoints.getCurrentUser.initiate());
    expect(store.getState().auth.token).toBeNull();
    expect(store.getState().api.mutations).toEqual({});
    expect(store.getState().api.queries).toEqual({});
  });

  it('a 401 elsewhere re-asks users/current instead of signing out at once', async () => {
    let current = 0;
    server.on('GET', 'users/current', () => (current++, json({ data: makeUser() })));
    server.on('GET', 'things', apiError(401, 'UNAUTHORIZED'));
    const { store } = setupStore();
    store.dispatch(signedIn('tkn'));
    const sub = store.dispatch(sessionApi.endpoints.getCurrentUser.initiate());
    await sub;
    await store.dispatch(probeApi.endpoints.probe.initiate({ url: 'things' }));
    await waitFor(() => expect(current).toBe(2));
    expect(store.getState().auth.token).toBe('tkn');
    sub.unsubscribe();
  });

  it('a 401 of the sign-in call (no token yet) changes nothing', async () => {
    server.on('POST', 'users/signin', apiError(401, 'BAD_CREDENTIALS'));
    const { result, store } = await call({ url: 'users/signin', method: 'POST', body: { email: 'a', password: 'b' } });
    expect(result).toMatchObject({ error: { status: 401, code: 'BAD_CREDENTIALS' } });
    expect(server.calls('GET', 'users/current')).toHaveLength(0);
    expect(store.getState().auth.token).toBeNull();
  });
});
