// Sign-in limits (README "Sign-in limits", docs/architecture.md §6): the in-memory per-IP limit, and the
// database counters per (account, address) pair, per account (sparing addresses that signed the
// account in lately) and per address. The client address comes from X-Forwarded-For behind
// TRUST_PROXY, as it does behind a load balancer; the limits are lowered through the config so the
// tests stay fast.
import { sql } from 'drizzle-orm';
import { failureKeys } from '../../../server/src/auth/sign-in';
import type { Config } from '../../../server/src/config';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';

const WRONG = 'Wrong#Pass1';

const signIn = (t: TestApp, email: string, password: string, address = '198.51.100.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/users/signin',
    payload: { email, password },
    // The proxy (127.0.0.1, trusted) forwards for the client address.
    headers: { 'x-forwarded-for': address },
  });

const status = async (t: TestApp, email: string, password: string, address?: string) => (await signIn(t, email, password, address)).statusCode;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function withLimits(change: (signIn: Config['signIn']) => void) {
  return createTestApp({ env: { TRUST_PROXY: 'true' }, configure: (c) => change(c.signIn) });
}

describe('per-IP limit (in memory)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await withLimits((s) => Object.assign(s, { ipMax: 3 }));
  });
  afterAll(() => t?.close());

  it('answers 429 after ipMax attempts from one address, while another address still gets in', async () => {
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push(await status(t, ADMIN.username, i < 3 ? WRONG : ADMIN.password, '10.0.0.1'));
    expect(codes).toEqual([401, 401, 401, 429]);
    const limited = await signIn(t, ADMIN.username, ADMIN.password, '10.0.0.1');
    expect(limited.json()).toEqual({ message: expect.any(String), code: 'RATE_LIMITED' });
    expect(await status(t, ADMIN.username, ADMIN.password, '10.0.0.2')).toBe(200);
  });
});

describe('per (account, address) pair', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await withLimits((s) => {
      s.pair = { max: 5, windowMs: 900_000, blockMs: 900_000, maxBlockMs: 3_600_000 };
    });
  });
  afterAll(() => t?.close());

  it('locks the pair after 5 failures, right password included, but the owner still signs in from another address', async () => {
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push(await status(t, ADMIN.username, WRONG, '203.0.113.7'));
    expect(codes).toEqual([401, 401, 401, 401, 401]);
    const locked = await signIn(t, ADMIN.username, ADMIN.password, '203.0.113.7');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('RATE_LIMITED');
    // The wait is announced: the 15-minute lock, in seconds.
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(890);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(900);
    // and in the body as whole minutes, for the sign-in page to say how long
    expect(locked.json().retryAfterMinutes).toBe(15);
    // The top admin is not kept out: their own address has no failures.
    expect(await status(t, ADMIN.username, ADMIN.password, '198.51.100.50')).toBe(200);
    expect(await status(t, ADMIN.email, ADMIN.password, '198.51.100.50')).toBe(200);
    // And the locked address may still sign in to other accounts.
    const other = await t.createUser();
    expect(await status(t, other.username, other.password, '203.0.113.7')).toBe(200);
  });

  it('counts the email and the username of one account as one counter', async () => {
    const user = await t.createUser();
    const address = '203.0.113.8';
    for (const name of [user.username, user.email, user.username.toUpperCase(), user.email.toUpperCase(), user.email]) {
      expect(await status(t, name, WRONG, address)).toBe(401);
    }
    expect(await status(t, user.username, user.password, address)).toBe(429);
    expect(await status(t, user.email, user.password, address)).toBe(429);
  });

  it('limits unknown names the same way, counted per typed name', async () => {
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push(await status(t, 'ghost@nowhere', WRONG, '203.0.113.9'));
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    // Another unknown name from that address is a separate counter, as another account would be.
    expect(await status(t, 'phantom@nowhere', WRONG, '203.0.113.9')).toBe(401);
  });

  it('a success clears the pair’s earlier failures', async () => {
    const user = await t.createUser();
    const address = '203.0.113.10';
    for (let i = 0; i < 4; i++) expect(await status(t, user.username, WRONG, address)).toBe(401);
    expect(await status(t, user.username, user.password, address)).toBe(200);
    for (let i = 0; i < 4; i++) expect(await status(t, user.username, WRONG, address)).toBe(401);
    expect(await status(t, user.username, user.password, address)).toBe(200);
  });
});

describe('growing delay after a lock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await withLimits((s) => {
      s.pair = { max: 3, windowMs: 60_000, blockMs: 700, maxBlockMs: 60_000 };
    });
  });
  afterAll(() => t?.close());

  it('locks again at the next failure after a lock ends, for twice as long', async () => {
    const user = await t.createUser();
    const address = '192.0.2.44';
    for (let i = 0; i < 3; i++) expect(await status(t, user.username, WRONG, address)).toBe(401);
    const first = await signIn(t, user.username, user.password, address);
    expect(first.statusCode).toBe(429);
    expect(first.headers['retry-after']).toBe('1');
    await sleep(800); // the first lock (700 ms) has ended
    expect(await status(t, user.username, WRONG, address)).toBe(401);
    // One failure was enough to lock again, now for 1400 ms.
    const second = await signIn(t, user.username, user.password, address);
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe('2');
    await sleep(800);
    expect(await status(t, user.username, user.password, address)).toBe(429);
    await sleep(800);
    expect(await status(t, user.username, user.password, address)).toBe(200);
  });
});

describe('per-account ceiling across addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await withLimits((s) => {
      s.account = { max: 6, windowMs: 3_600_000, blockMs: 900_000, maxBlockMs: 3_600_000 };
    });
  });
  afterAll(() => t?.close());

  it('slows distributed guessing: addresses that failed are refused, an address with a clean history signs in', async () => {
    // Six guessers, one wrong password each: no pair comes near its own limit.
    for (let i = 1; i <= 6; i++) expect(await status(t, ADMIN.email, WRONG, `10.9.0.${i}`)).toBe(401);
    // Over the ceiling: a guesser's next try is refused, whatever the password.
    expect(await status(t, ADMIN.username, ADMIN.password, '10.9.0.3')).toBe(429);
    expect(await status(t, ADMIN.username, WRONG, '10.9.0.4')).toBe(429);
    // The owner, from an address with no failures on this account, is not kept out.
    expect(await status(t, ADMIN.username, ADMIN.password, '10.9.1.1')).toBe(200);
    // A new guesser gets one try, then is refused too.
    expect(await status(t, ADMIN.username, WRONG, '10.9.2.1')).toBe(401);
    expect(await status(t, ADMIN.username, WRONG, '10.9.2.1')).toBe(429);
  });
});

describe('the ceiling spares the owner’s known addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await withLimits((s) => {
      s.pair = { max: 3, windowMs: 900_000, blockMs: 900_000, maxBlockMs: 900_000 };
      s.account = { max: 5, windowMs: 3_600_000, blockMs: 900_000, maxBlockMs: 86_400_000 };
    });
  });
  afterAll(() => t?.close());

  it('never refuses an address that signed the account in within 30 days, one mistype or not; its pair counter still does', async () => {
    const user = await t.createUser();
    const home = '198.18.0.1';
    expect(await status(t, user.username, user.password, home)).toBe(200);
    // The owner mistypes once at home, then strangers drive the account over its ceiling.
    expect(await status(t, user.username, WRONG, home)).toBe(401);
    for (let i = 1; i <= 4; i++) expect(await status(t, user.username, WRONG, `198.18.1.${i}`)).toBe(401);
    expect(await status(t, user.username, user.password, '198.18.1.1')).toBe(429);
    // Home signs in all the same.
    expect(await status(t, user.username, user.password, home)).toBe(200);
    // Only home's own (account, address) counter can refuse it: 3 failures here.
    for (let i = 0; i < 3; i++) expect(await status(t, user.username, WRONG, home)).toBe(401);
    expect(await status(t, user.username, user.password, home)).toBe(429);
  });

  it('forgets an address 30 days after its last sign-in', async () => {
    const user = await t.createUser();
    const home = '198.18.2.1';
    expect(await status(t, user.username, user.password, home)).toBe(200);
    const pair = failureKeys(`user:${user.id}`, home).pair;
    await t.db.execute(sql`UPDATE sign_in_successes SET last_success_at = now() - interval '30 days 1 minute' WHERE key = ${pair}`);
    expect(await status(t, user.username, WRONG, home)).toBe(401);
    for (let i = 1; i <= 4; i++) expect(await status(t, user.username, WRONG, `198.18.3.${i}`)).toBe(401);
    const refused = await signIn(t, user.username, user.password, home);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(890);
  });
});

describe('per address across accounts (password spraying)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await withLimits((s) => {
      s.address = { max: 5, windowMs: 3_600_000, blockMs: 60_000, maxBlockMs: 3_600_000 };
    });
  });
  afterAll(() => t?.close());

  it('slows an address that tries one password on many accounts, not the others', async () => {
    const users = await Promise.all(Array.from({ length: 7 }, () => t.createUser()));
    const sprayer = '100.64.0.9';
    const codes = [];
    for (const u of users.slice(0, 6)) codes.push(await status(t, u.username, 'Spring#2026', sprayer));
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    // Refused even for a right password of an untouched account, and for unknown names.
    expect(await status(t, users[6].username, users[6].password, sprayer)).toBe(429);
    expect(await status(t, 'nobody@nowhere', 'Spring#2026', sprayer)).toBe(429);
    // Those accounts are not locked for anyone else.
    expect(await status(t, users[0].username, users[0].password, '100.64.0.10')).toBe(200);
  });
});

describe('client address without a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      configure: (c) => {
        c.signIn.pair = { max: 2, windowMs: 900_000, blockMs: 900_000, maxBlockMs: 900_000 };
      },
    });
  });
  afterAll(() => t?.close());

  it('ignores X-Forwarded-For, so a client cannot pick a fresh address per guess', async () => {
    const user = await t.createUser();
    expect(await status(t, user.username, WRONG, '1.1.1.1')).toBe(401);
    expect(await status(t, user.username, WRONG, '2.2.2.2')).toBe(401);
    expect(await status(t, user.username, user.password, '3.3.3.3')).toBe(429);
  });
});
