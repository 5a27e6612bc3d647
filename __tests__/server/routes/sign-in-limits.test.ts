// Sign-in rate limits (ARCHITECTURE §6): per IP (all attempts) and per account (failures), both
// answering 429; limits lowered through the config so the test stays fast.
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';

const signIn = (t: TestApp, email: string, password: string, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/v1/users/signin', payload: { email, password }, remoteAddress: ip });

describe('per-IP limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ configure: (c) => Object.assign(c.signIn, { ipMax: 3 }) });
  });
  afterAll(() => t?.close());

  it('answers 429 after ipMax attempts from one address, while another address still gets in', async () => {
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await signIn(t, ADMIN.username, i < 3 ? 'Wrong#Pass1' : ADMIN.password, '10.0.0.1')).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    const limited = await signIn(t, ADMIN.username, ADMIN.password, '10.0.0.1');
    expect(limited.json()).toEqual({ message: expect.any(String), code: 'RATE_LIMITED' });
    expect((await signIn(t, ADMIN.username, ADMIN.password, '10.0.0.2')).statusCode).toBe(200);
  });
});

describe('per-account limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ configure: (c) => Object.assign(c.signIn, { accountMaxFailures: 2 }) });
  });
  afterAll(() => t?.close());

  it('locks an account after its failures, even with the right password and from other addresses', async () => {
    const user = await t.createUser();
    expect((await signIn(t, user.username, 'Wrong#Pass1', '10.0.1.1')).statusCode).toBe(401);
    expect((await signIn(t, user.username.toUpperCase(), 'Wrong#Pass1', '10.0.1.2')).statusCode).toBe(401);
    const locked = await signIn(t, user.username, user.password, '10.0.1.3');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('RATE_LIMITED');
    // Other accounts are unaffected.
    expect((await signIn(t, ADMIN.username, ADMIN.password, '10.0.1.3')).statusCode).toBe(200);
  });

  it('limits unknown account names the same way, so the limit reveals nothing', async () => {
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await signIn(t, 'ghost@nowhere', 'Wrong#Pass1')).statusCode);
    expect(codes).toEqual([401, 401, 429]);
  });

  it('a success clears earlier failures', async () => {
    const user = await t.createUser();
    expect((await signIn(t, user.username, 'Wrong#Pass1')).statusCode).toBe(401);
    expect((await signIn(t, user.username, user.password)).statusCode).toBe(200);
    expect((await signIn(t, user.username, 'Wrong#Pass1')).statusCode).toBe(401);
    expect((await signIn(t, user.username, user.password)).statusCode).toBe(200);
  });
});
