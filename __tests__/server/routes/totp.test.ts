// Two-factor sign-in (README "Two-factor sign-in"): enrolment, the code step of sign-in with its
// expiry and wrong-code limit (also under parallel calls), recovery codes, replay, the password asked
// again by enrolment and turning off, the per-role requirement and the top admin's reset. Codes are
// computed from the secret the API hands out, as an authenticator would.
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { ROLE_IDS } from '../../../src/contract';
import { failureKeys } from '../../../server/src/auth/sign-in';
import { recoveryCodeHash } from '../../../server/src/auth/totp';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp({
    env: { TRUST_PROXY: 'true' },
    configure: (c) => {
      c.signIn.pair = { max: 8, windowMs: 900_000, blockMs: 900_000, maxBlockMs: 900_000 };
    },
  });
  adminToken = await t.signIn(ADMIN.username, ADMIN.password);
});
afterAll(() => t?.close());

/** The code an authenticator shows `steps` periods from now. */
const codeFor = (secret: string, steps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

const wrongCode = (secret: string) => {
  const good = new Set([-1, 0, 1].map((s) => codeFor(secret, s)));
  let c = 123456;
  while (good.has(String(c))) c++;
  return String(c);
};

const postTo = (on: TestApp, url: string, payload: object, token?: string, address = '198.51.100.1') =>
  on.app.inject({
    method: 'POST',
    url: `/api/v1/${url}`,
    payload,
    headers: { ...(token ? on.auth(token) : {}), 'x-forwarded-for': address },
  });
const post = (url: string, payload: object, token?: string, address = '198.51.100.1') => postTo(t, url, payload, token, address);

/** Makes every statement on `client` (and in its transactions) wait for the event loop's next turn first. */
function yieldBeforeEachStatement(client: PGlite): void {
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  const query = client.query.bind(client);
  client.query = (async (...args: Parameters<PGlite['query']>) => {
    await turn();
    return query(...args);
  }) as PGlite['query'];
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: Parameters<PGlite['transaction']>[0]) =>
    transaction((tx) =>
      callback(
        new Proxy(tx, {
          get: (target, key) =>
            key === 'query'
              ? async (...args: Parameters<typeof target.query>) => {
                  await turn();
                  return target.query(...args);
                }
              : (Reflect.get(target, key) as unknown),
        }),
      ),
    )) as PGlite['transaction'];
}

/** A user with TOTP on: answers the user, their secret and recovery codes. */
async function enrolledUser(role_id: number = ROLE_IDS.appAdmin, on: TestApp = t) {
  const { user, token } = await on.signedInUser({ role_id });
  const setup = await postTo(on, 'users/totp/setup', { password: user.password }, token);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json();
  const enable = await postTo(on, 'users/totp/enable', { password: user.password, code: codeFor(secret) }, token);
  expect(enable.statusCode).toBe(200);
  return { user, token, secret: secret as string, recoveryCodes: enable.json().recoveryCodes as string[] };
}

async function challengeFor(login: string, password: string, address?: string, on: TestApp = t): Promise<string> {
  const res = await postTo(on, 'users/signin', { email: login, password }, undefined, address);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ totpRequired: true, challenge: expect.any(String) });
  return res.json().challenge;
}

describe('enrolment', () => {
  it('offers a SHA-1/6-digit/30 s secret, keeps it sealed, and turns on only with a right code', async () => {
    const { user, token } = await t.signedInUser();
    const setup = await post('users/totp/setup', { password: user.password }, token);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toContain(user.username);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ secret, algorithm: 'SHA1', digits: '6', period: '30' });

    // At rest the secret is sealed: neither pending nor enabled column holds it in the clear.
    const pending = await t.repos.users.findById(user.id);
    expect(pending?.totpPendingEnc).toBeTruthy();
    expect(pending?.totpPendingEnc).not.toContain(secret);
    expect(pending?.totpSecretEnc).toBeNull();

    const wrong = await post('users/totp/enable', { password: user.password, code: wrongCode(secret) }, token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ code: 'validation.totpCode' });

    const enable = await post('users/totp/enable', { password: user.password, code: codeFor(secret) }, token);
    expect(enable.statusCode).toBe(200);
    const { recoveryCodes } = enable.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    const row = await t.repos.users.findById(user.id);
    expect(row?.totpSecretEnc).toBeTruthy();
    expect(row?.totpSecretEnc).not.toContain(secret);
    expect(t.app.secrets.open(row!.totpSecretEnc!, 'user.totp')).toBe(secret);
    const stored = await t.db.execute(sql`SELECT code_hash FROM totp_recovery_codes WHERE user_id = ${user.id}`);
    const hashes = (stored as unknown as { rows: { code_hash: string }[] }).rows.map((r) => r.code_hash);
    expect(hashes).toHaveLength(10);
    for (const code of recoveryCodes) expect(hashes).not.toContain(code);

    const current = await t.app.inject({ method: 'GET', url: '/api/v1/users/current', headers: t.auth(token) });
    expect(current.json().data).toMatchObject({ totpEnabled: true, totpEnrollmentRequired: false });
    // Set up again while on: refused, the secret is not replaced.
    expect((await post('users/totp/setup', { password: user.password }, token)).json().code).toBe('TOTP_STATE');
  });

  it('asks for the current password again to set up and to turn on', async () => {
    const { user, token } = await t.signedInUser();
    const missing = await post('users/totp/setup', {}, token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ password: 'validation.required' });
    const wrongSetup = await post('users/totp/setup', { password: 'Wrong#Pass1' }, token);
    expect(wrongSetup.statusCode).toBe(400);
    expect(wrongSetup.json().errors).toEqual({ password: 'validation.wrongPassword' });
    expect((await t.repos.users.findById(user.id))?.totpPendingEnc).toBeNull();

    const { secret } = (await post('users/totp/setup', { password: user.password }, token)).json();
    const wrongEnable = await post('users/totp/enable', { password: 'Wrong#Pass1', code: codeFor(secret) }, token);
    expect(wrongEnable.statusCode).toBe(400);
    expect(wrongEnable.json().errors).toEqual({ password: 'validation.wrongPassword' });
    expect((await post('users/totp/enable', { code: codeFor(secret) }, token)).json().errors).toEqual({ password: 'validation.required' });
    expect((await t.repos.users.findById(user.id))?.totpSecretEnc).toBeNull();
    expect((await post('users/totp/enable', { password: user.password, code: codeFor(secret) }, token)).statusCode).toBe(200);
  });

  it('turning it on ends the account’s other sessions, not the current one', async () => {
    const { user, token } = await t.signedInUser();
    const other = await t.signIn(user.username, user.password);
    const { secret } = (await post('users/totp/setup', { password: user.password }, token)).json();
    // Only enable ends sessions: after setup the other one still works.
    expect((await t.call(other, 'GET', 'users/current')).statusCode).toBe(200);
    expect((await post('users/totp/enable', { password: user.password, code: codeFor(secret) }, token)).statusCode).toBe(200);
    expect((await t.call(other, 'GET', 'users/current')).statusCode).toBe(401);
    expect((await t.call(token, 'GET', 'users/current')).statusCode).toBe(200);
  });
});

describe('sign-in with a code', () => {
  it('answers a challenge instead of a token, and the code finishes it once', async () => {
    const { user, secret } = await enrolledUser();
    const challenge = await challengeFor(user.email, user.password);
    expect((await post('users/signin/totp', { challenge, code: wrongCode(secret) })).statusCode).toBe(401);
    const code = codeFor(secret, 1);
    const done = await post('users/signin/totp', { challenge, code });
    expect(done.statusCode).toBe(200);
    const current = await t.app.inject({ method: 'GET', url: '/api/v1/users/current', headers: t.auth(done.json().token) });
    expect(current.statusCode).toBe(200);
    expect(current.json().data.id).toBe(user.id);
    // The challenge is spent, and the same code does not sign in again (replay).
    expect((await post('users/signin/totp', { challenge, code })).statusCode).toBe(401);
    const again = await challengeFor(user.username, user.password);
    expect((await post('users/signin/totp', { challenge: again, code })).statusCode).toBe(401);
  });

  it('a wrong password still gets the plain 401, with no challenge', async () => {
    const { user } = await enrolledUser();
    const res = await post('users/signin', { email: user.username, password: 'Wrong#Pass1' });
    expect(res.statusCode).toBe(401);
    expect(res.json().challenge).toBeUndefined();
  });

  it('a recovery code works in place of the code, once', async () => {
    const { user, recoveryCodes } = await enrolledUser();
    const first = await challengeFor(user.username, user.password);
    const ok = await post('users/signin/totp', { challenge: first, code: recoveryCodes[3].toUpperCase() });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toEqual(expect.any(String));
    const second = await challengeFor(user.username, user.password);
    expect((await post('users/signin/totp', { challenge: second, code: recoveryCodes[3] })).statusCode).toBe(401);
    expect((await post('users/signin/totp', { challenge: second, code: recoveryCodes[4] })).statusCode).toBe(200);
  });

  it('the challenge lives 5 minutes', async () => {
    const { user, secret } = await enrolledUser();
    const challenge = await challengeFor(user.username, user.password);
    const ttl = await t.db.execute(sql`SELECT extract(epoch FROM expires_at - now())::float AS s FROM sign_in_challenges WHERE user_id = ${user.id}`);
    const seconds = (ttl as unknown as { rows: { s: number }[] }).rows[0].s;
    expect(seconds).toBeGreaterThan(290);
    expect(seconds).toBeLessThanOrEqual(300);
    // Five minutes later (moved in the database, not waited for): refused, even with a right code.
    await t.db.execute(sql`UPDATE sign_in_challenges SET expires_at = now() - interval '1 second' WHERE user_id = ${user.id}`);
    expect((await post('users/signin/totp', { challenge, code: codeFor(secret, 1) })).statusCode).toBe(401);
  });

  it('the challenge dies at the 5th wrong code', async () => {
    const { user, secret } = await enrolledUser();
    const challenge = await challengeFor(user.username, user.password, '198.51.100.77');
    for (let i = 0; i < 5; i++) {
      expect((await post('users/signin/totp', { challenge, code: wrongCode(secret) }, undefined, '198.51.100.77')).statusCode).toBe(401);
    }
    expect((await post('users/signin/totp', { challenge, code: codeFor(secret, 1) }, undefined, '198.51.100.77')).statusCode).toBe(401);
  });

  it('wrong codes count in the sign-in limits like wrong passwords', async () => {
    const { user, secret } = await enrolledUser();
    const address = '198.51.100.88';
    // Pair limit 8 here: 5 wrong codes in one challenge, 3 in the next.
    let challenge = await challengeFor(user.username, user.password, address);
    for (let i = 0; i < 5; i++) await post('users/signin/totp', { challenge, code: wrongCode(secret) }, undefined, address);
    challenge = await challengeFor(user.username, user.password, address);
    for (let i = 0; i < 3; i++) await post('users/signin/totp', { challenge, code: wrongCode(secret) }, undefined, address);
    // Locked: the password step and a fresh challenge's right code are both refused from there.
    expect((await post('users/signin', { email: user.username, password: user.password }, undefined, address)).statusCode).toBe(429);
    // Another address is unaffected.
    const elsewhere = await challengeFor(user.username, user.password, '198.51.100.89');
    expect((await post('users/signin/totp', { challenge: elsewhere, code: codeFor(secret, 1) }, undefined, '198.51.100.89')).statusCode).toBe(200);
  });
});

describe('a challenge under parallel calls', () => {
  let race: TestApp;
  beforeAll(async () => {
    race = await createTestApp({
      env: { TRUST_PROXY: 'true' },
      configure: (c) => {
        c.signIn.pair = { max: 8, windowMs: 900_000, blockMs: 900_000, maxBlockMs: 900_000 };
      },
      // PGlite runs each statement synchronously, so without a wait between statements one call
      // would finish before the next one's body is even read. Here every statement first yields to
      // the event loop, as a round trip to PostgreSQL does, so the calls interleave on both engines.
      beforeReady: (app, db) => {
        if (app.dbKind === 'pglite') yieldBeforeEachStatement((db as unknown as { $client: PGlite }).$client);
      },
    });
  });
  afterAll(() => race?.close());

  /** The wrong codes checked on `address` for the user: the pair counter, counted only after a check. */
  async function checkedFrom(userId: number, address: string): Promise<number> {
    const key = failureKeys(`user:${userId}`, address).pair;
    const res = await race.db.execute(sql`SELECT failures FROM sign_in_failures WHERE key = ${key}`);
    return (res as unknown as { rows: { failures: number }[] }).rows[0]?.failures ?? 0;
  }

  async function challengeFailures(userId: number): Promise<number[]> {
    const res = await race.db.execute(sql`SELECT failures FROM sign_in_challenges WHERE user_id = ${userId}`);
    return (res as unknown as { rows: { failures: number }[] }).rows.map((r) => r.failures);
  }

  it('checks at most 5 codes of a challenge, however many calls arrive at once', async () => {
    const { user, secret } = await enrolledUser(ROLE_IDS.appAdmin, race);
    const address = '198.51.100.90';
    const challenge = await challengeFor(user.username, user.password, address, race);
    const wrong = wrongCode(secret);
    const answers = await Promise.all(Array.from({ length: 40 }, () => postTo(race, 'users/signin/totp', { challenge, code: wrong }, undefined, address)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(40).fill(401));
    expect(await challengeFailures(user.id)).toEqual([5]);
    expect(await checkedFrom(user.id, address)).toBe(5);
  });

  it('refuses a right code sent after 20 wrong ones in the same burst', async () => {
    const { user, secret } = await enrolledUser(ROLE_IDS.appAdmin, race);
    const address = '198.51.100.91';
    const challenge = await challengeFor(user.username, user.password, address, race);
    const wrong = wrongCode(secret);
    const burst = [...Array(20).fill(wrong), codeFor(secret, 1)].map((code) => postTo(race, 'users/signin/totp', { challenge, code }, undefined, address));
    const answers = await Promise.all(burst);
    expect(answers.map((r) => r.statusCode)).toEqual(Array(21).fill(401));
    expect(await challengeFailures(user.id)).toEqual([5]);
    expect(await checkedFrom(user.id, address)).toBe(5);
  });
});

describe('turning it off', () => {
  it('needs the password and a code; then sign-in answers a token again', async () => {
    const { user, token, secret } = await enrolledUser();
    expect((await post('users/totp/disable', { code: codeFor(secret, 1) }, token)).json().errors).toEqual({ password: 'validation.required' });
    expect((await post('users/totp/disable', { password: 'Wrong#Pass1', code: codeFor(secret, 1) }, token)).json().errors).toEqual({
      password: 'validation.wrongPassword',
    });
    expect((await post('users/totp/disable', { password: user.password, code: wrongCode(secret) }, token)).json().errors).toEqual({
      code: 'validation.totpCode',
    });
    expect((await post('users/totp/disable', { password: user.password, code: codeFor(secret, 1) }, token)).statusCode).toBe(200);
    const res = await post('users/signin', { email: user.username, password: user.password });
    expect(res.json()).toEqual({ token: expect.any(String) });
  });
});

describe('the top admin', () => {
  it('requires TOTP for a role: unenrolled staff reach only enrolment until they enrol', async () => {
    const { token } = await t.signedInUser({ role_id: ROLE_IDS.restricted });
    const denied = await post('users/totp/requireForRole', { role_id: ROLE_IDS.restricted, required: true }, token);
    expect(denied.statusCode).toBe(403);
    const set = await post('users/totp/requireForRole', { role_id: ROLE_IDS.restricted, required: true }, adminToken);
    expect(set.statusCode).toBe(200);
    try {
      const roles = await t.app.inject({ method: 'GET', url: '/api/v1/users/totp/roles', headers: t.auth(adminToken) });
      expect(roles.json().data).toContainEqual({ id: ROLE_IDS.restricted, name: 'restricted', pName: 'کاربر محدود', requireTotp: true });

      const { user } = await t.signedInUser({ role_id: ROLE_IDS.restricted });
      // The password alone still signs in (there is nothing to ask yet), held to enrolment.
      const fresh = await t.signIn(user.username, user.password);
      const current = await t.app.inject({ method: 'GET', url: '/api/v1/users/current', headers: t.auth(fresh) });
      expect(current.json().data).toMatchObject({ totpEnabled: false, totpEnrollmentRequired: true });
      const held = await t.app.inject({ method: 'GET', url: '/api/v1/access/roles', headers: t.auth(fresh) });
      expect(held.statusCode).toBe(403);
      expect(held.json().code).toBe('TOTP_ENROLLMENT_REQUIRED');
      // The earlier session of that role is held too, from its next request.
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/access/roles', headers: t.auth(token) })).statusCode).toBe(403);

      const { secret } = (await post('users/totp/setup', { password: user.password }, fresh)).json();
      expect((await post('users/totp/enable', { password: user.password, code: codeFor(secret) }, fresh)).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/access/roles', headers: t.auth(fresh) })).statusCode).toBe(200);
      // From now on the password alone is not enough.
      await challengeFor(user.username, user.password);
    } finally {
      await post('users/totp/requireForRole', { role_id: ROLE_IDS.restricted, required: false }, adminToken);
    }
  });

  it('resets a user’s TOTP; nobody else may', async () => {
    const { user, recoveryCodes } = await enrolledUser();
    const other = await t.signedInUser({ role_id: ROLE_IDS.appAdmin });
    expect((await post('users/totp/reset', { user_id: user.id }, other.token)).statusCode).toBe(403);
    expect((await post('users/totp/reset', { user_id: 999_999 }, adminToken)).statusCode).toBe(404);
    expect((await post('users/totp/reset', { user_id: user.id }, adminToken)).statusCode).toBe(200);
    const res = await post('users/signin', { email: user.username, password: user.password });
    expect(res.json()).toEqual({ token: expect.any(String) });
    // The old recovery codes died with it.
    expect(await t.repos.totp.unusedRecoveryCodes(user.id)).toBe(0);
    expect(await t.repos.totp.useRecoveryCode(user.id, recoveryCodeHash(recoveryCodes[0]))).toBe(false);
  });
});
