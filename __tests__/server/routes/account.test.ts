// docs/product.md §7 "Session and account" against a real app: sign-in, current, logout, changepass, the
// per-request session check and the PASSWORD_CHANGE_REQUIRED gate.
import { eq } from 'drizzle-orm';
import { users } from '../../../server/src/db/schema';
import { ADMIN, DEFAULT_PASSWORD, createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const signInReq = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/v1/users/signin', payload: { email, password } });
const current = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/v1/users/current', headers });

describe('POST users/signin', () => {
  it('accepts the email or the username, in any case, and answers {token}', async () => {
    for (const login of [ADMIN.email, ADMIN.username, ADMIN.username.toUpperCase()]) {
      const res = await signInReq(login, ADMIN.password);
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json())).toEqual(['token']);
      expect(res.json().token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    }
  });

  it('answers the same 401 body for a wrong password, an unknown user and an inactive user', async () => {
    const inactive = await t.createUser({ active: false });
    const wrong = await signInReq(ADMIN.username, 'Wrong#Pass1');
    const unknown = await signInReq('nobody-here', 'Wrong#Pass1');
    const off = await signInReq(inactive.username, inactive.password);
    expect([wrong.statusCode, unknown.statusCode, off.statusCode]).toEqual([401, 401, 401]);
    expect(wrong.body).toBe(unknown.body);
    expect(off.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({ message: expect.any(String), code: 'BAD_CREDENTIALS' });
  });

  it('refuses blank fields with 400 naming each field', async () => {
    const res = await signInReq('  ', '');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: expect.any(String),
      code: 'VALIDATION_FAILED',
      errors: { email: 'validation.checkInput', password: 'validation.checkInput' },
    });
  });
});

describe('GET users/current', () => {
  it('answers the user with role, permission tree, avatar and joined date, under both header schemes', async () => {
    const token = await t.signIn(ADMIN.username, ADMIN.password);
    for (const authorization of [`JWT ${token}`, `Bearer ${token}`]) {
      const res = await current({ authorization });
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data).toMatchObject({ username: ADMIN.username, role_id: 1, role: { id: 1, name: 'admin' }, avatar: null, needToChangePass: false });
      expect(new Date(data.createdAt).getTime()).not.toBeNaN();
      expect(data).not.toHaveProperty('passwordHash');
      const servers = data.permissions.find((p: { route: string }) => p.route === '/servers');
      expect(servers.children.map((c: { route: string }) => c.route)).toEqual([
        '/servers/manage',
        '/servers/my-servers',
        '/servers/settings',
        '/servers/health',
      ]);
    }
  });

  it('gives an app admin only the my- entries, help and the dashboard', async () => {
    const { token } = await t.signedInUser({ role_id: 2 });
    const { data } = (await current(t.auth(token))).json();
    const routes = (items: { route: string; children: unknown[] }[]): string[] => items.flatMap((i) => [i.route, ...routes(i.children as typeof items)]);
    expect(routes(data.permissions)).toEqual([
      '/',
      '/servers',
      '/servers/my-servers',
      '/servers/health',
      '/app',
      '/app/my-apps',
      '/help',
      '/help/panel-training',
      '/help/app-admin-panel-training',
      '/help/api',
    ]);
  });

  it('answers 401 without a token, with a malformed or forged token', async () => {
    const token = await t.signIn(ADMIN.username, ADMIN.password);
    const forged = `${token.slice(0, token.lastIndexOf('.'))}.${'A'.repeat(43)}`;
    const attempts: Record<string, string>[] = [{}, { authorization: 'JWT' }, { authorization: 'Basic abc' }, { authorization: `JWT ${forged}` }];
    for (const headers of attempts) {
      const res = await current(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: expect.any(String), code: 'UNAUTHORIZED' });
    }
  });
});

describe('session checks on every request', () => {
  it('GET users/logout revokes the session at once', async () => {
    const token = await t.signIn(ADMIN.username, ADMIN.password);
    const out = await t.app.inject({ method: 'GET', url: '/api/v1/users/logout', headers: t.auth(token) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    expect((await current(t.auth(token))).statusCode).toBe(401);
    // Other sessions of the same user are untouched.
    expect((await current(t.auth(await t.signIn(ADMIN.username, ADMIN.password)))).statusCode).toBe(200);
  });

  it('rejects a deactivated user on the next call', async () => {
    const { user, token } = await t.signedInUser();
    expect((await current(t.auth(token))).statusCode).toBe(200);
    await t.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    expect((await current(t.auth(token))).statusCode).toBe(401);
  });
});

describe('POST users/changepass', () => {
  const change = (token: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/v1/users/changepass', headers: t.auth(token), payload });

  it('refuses a weak password, a mismatch and a missing current password with field message ids', async () => {
    const { token } = await t.signedInUser();
    const weak = await change(token, { currentPassword: DEFAULT_PASSWORD, password: 'alllowercase1!', repassword: 'alllowercase1!' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toEqual({ password: 'validation.passwordNotStrong' });
    const mismatch = await change(token, { currentPassword: DEFAULT_PASSWORD, password: 'New#Pass123', repassword: 'New#Pass124' });
    expect(mismatch.json().errors).toEqual({ repassword: 'validation.passwordsnotMatch' });
    const missing = await change(token, { password: 'New#Pass123', repassword: 'New#Pass123' });
    expect(missing.json().errors).toEqual({ currentPassword: 'validation.required' });
  });

  it('refuses a wrong current password with 400 on currentPassword', async () => {
    const { token } = await t.signedInUser();
    const res = await change(token, { currentPassword: 'Not#Mine123', password: 'New#Pass123', repassword: 'New#Pass123' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { currentPassword: 'validation.wrongPassword' } });
  });

  it('changes the password: the old one stops working, the new one works, other sessions end', async () => {
    const { user, token } = await t.signedInUser();
    const other = await t.signIn(user.username, user.password);
    const res = await change(token, { currentPassword: user.password, password: 'New#Pass123', repassword: 'New#Pass123' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await signInReq(user.username, user.password)).statusCode).toBe(401);
    expect((await signInReq(user.username, 'New#Pass123')).statusCode).toBe(200);
    expect((await current(t.auth(token))).statusCode).toBe(200);
    expect((await current(t.auth(other))).statusCode).toBe(401);
  });
});

describe('PASSWORD_CHANGE_REQUIRED', () => {
  it('holds a user who must change their password to current, changepass and logout', async () => {
    const { user, token } = await t.signedInUser({ needToChangePass: true });
    const cur = await current(t.auth(token));
    expect(cur.statusCode).toBe(200);
    expect(cur.json().data.needToChangePass).toBe(true);

    const avatar = await t.app.inject({ method: 'POST', url: '/api/v1/users/avatar', headers: t.auth(token) });
    expect(avatar.statusCode).toBe(403);
    expect(avatar.json()).toEqual({ message: expect.any(String), code: 'PASSWORD_CHANGE_REQUIRED' });

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/changepass',
      headers: t.auth(token),
      payload: { currentPassword: user.password, password: 'New#Pass123', repassword: 'New#Pass123' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await current(t.auth(token))).json().data.needToChangePass).toBe(false);
    // The gate lifts on the same session: the avatar call now reaches its own validation.
    const after = await t.app.inject({ method: 'POST', url: '/api/v1/users/avatar', headers: t.auth(token) });
    expect(after.statusCode).toBe(400);

    const logout = await t.app.inject({ method: 'GET', url: '/api/v1/users/logout', headers: t.auth(token) });
    expect(logout.statusCode).toBe(200);
  });
});

describe('POST users/changepass under the sign-in limits', () => {
  // Its own app: the pair counter locks after 3 failures; addresses come from X-Forwarded-For.
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      env: { TRUST_PROXY: 'true' },
      configure: (c) => {
        c.signIn.pair = { max: 3, windowMs: 900_000, blockMs: 900_000, maxBlockMs: 3_600_000 };
      },
    });
  });
  afterAll(() => limited?.close());

  const from = (address: string) => ({ 'x-forwarded-for': address });

  it('counts wrong current passwords like failed sign-ins: the (account, address) pair locks with 429 and Retry-After', async () => {
    const { user, token } = await limited.signedInUser();
    const change = (currentPassword: string) =>
      limited.call(token, 'POST', 'users/changepass', { currentPassword, password: 'New#Pass123', repassword: 'New#Pass123' }, from('203.0.113.9'));
    const wrong = [];
    for (let i = 0; i < 3; i++) wrong.push((await change('Not#Mine123')).statusCode);
    expect(wrong).toEqual([400, 400, 400]);
    // Locked: the right password too, as at sign-in.
    const locked = await change(user.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: expect.any(String), code: 'RATE_LIMITED', retryAfterMinutes: 15 });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(890);
    // One counter with sign-in: that address cannot sign in to the account either...
    const signIn = (address: string) =>
      limited.app.inject({ method: 'POST', url: '/api/v1/users/signin', payload: { email: user.username, password: user.password }, headers: from(address) });
    expect((await signIn('203.0.113.9')).statusCode).toBe(429);
    // ...while the password is unchanged and the owner signs in from elsewhere.
    expect((await signIn('198.51.100.9')).statusCode).toBe(200);
  });
});
