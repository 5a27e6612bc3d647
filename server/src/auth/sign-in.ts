// Sign-in (docs/product.md §7 users/signin, docs/architecture.md §6, README "Sign-in limits"): the `email` field takes
// an email or a username. Unknown user, wrong password and inactive user all get the same 401 body
// after the same work.
//
// Failures are counted three ways, all in the database so every instance sees them:
// - per (account, client address) pair: reaching the limit locks that pair, right password
//   included, and each failure after a lock locks it again for twice as long;
// - per account across addresses: over the ceiling, only addresses that have failed on this
//   account are refused; an address with a clean history still signs in, so nobody can keep the
//   owner out from elsewhere; and an address that signed this account in within the last 30 days
//   is never refused by the ceiling (only by its own pair counter), so one mistyped password does
//   not let a stranger lock the owner's usual address;
// - per address across accounts (password spraying): over the limit the address is slowed.
// The account is the user id whichever of its names is typed (one counter, not one per name);
// an unknown name is counted under the name as typed, with the same rules, so neither the answers
// nor the limits tell which accounts exist.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, type SignInBody } from '../../../src/contract';
import type { SignInLimits } from '../config';
import { HttpError } from '../http/errors';
import { keepEvenIfRefused } from '../audit/context';
import type { Repositories } from '../repositories';
import { KNOWN_ADDRESS_MS } from '../repositories/sign-in-failures';
import type { UserRow } from '../repositories/users';
import { verifyAgainstNobody, verifyPassword } from '../domain/passwords';

/** How long a sign-in's two-factor challenge lasts, and how many wrong codes it checks at most. */
export const TOTP_CHALLENGE_TTL_MS = 5 * 60_000;
export const TOTP_CHALLENGE_MAX_FAILURES = 5;

export const badCredentials = () => new HttpError(401, ERROR_CODES.badCredentials, 'Username or password is wrong');
/**
 * A 429 from the sign-in limits; the routes send `retryAfterSeconds` as the Retry-After header, and
 * the body says the whole minutes left (rounded up), so the page can say how long the lock lasts.
 */
export class SignInLimitedError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, ERROR_CODES.rateLimited, 'Too many failed sign-ins; try again later', undefined, {
      retryAfterMinutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)),
    });
  }
}

const hashKey = (text: string) => createHash('sha256').update(text).digest('hex');

/** The counters of one attempt: account is `user:<id>` or `name:<typed name>`. */
export function failureKeys(account: string, address: string) {
  return {
    pair: hashKey(`pair:${account}|${address}`),
    account: hashKey(`account:${account}`),
    address: hashKey(`address:${address}`),
  };
}

export type FailureKeys = ReturnType<typeof failureKeys>;

/** Refuses the attempt with 429 when the limits say so (see the header). */
export async function assertNotLimited(repos: Repositories, limits: SignInLimits, keys: FailureKeys): Promise<void> {
  const blocked = await repos.signInFailures.blocked([keys.pair, keys.account, keys.address]);
  const own = Math.max(blocked.get(keys.pair) ?? 0, blocked.get(keys.address) ?? 0);
  if (own > 0) throw new SignInLimitedError(own);
  const account = blocked.get(keys.account);
  if (
    account &&
    (await repos.signInFailures.failedWithin(keys.pair, limits.account.windowMs)) &&
    !(await repos.signInFailures.succeededWithin(keys.pair, KNOWN_ADDRESS_MS))
  ) {
    throw new SignInLimitedError(account);
  }
}

/** Counts a failure; the count stays although the call is then refused (and its transaction rolled back). */
export async function recordFailure(request: FastifyRequest, limits: SignInLimits, keys: FailureKeys): Promise<void> {
  await keepEvenIfRefused(request, async (repos) => {
    await repos.signInFailures.record(keys.pair, limits.pair);
    await repos.signInFailures.record(keys.account, limits.account);
    await repos.signInFailures.record(keys.address, limits.address);
  });
}

/** A sign-in attempt checked outside any transaction: the user, or the refusal to raise inside the call. */
export interface CheckedSignIn {
  user?: UserRow;
  keys: FailureKeys;
  refusal?: HttpError;
  /** The refusal is a wrong name or password, which counts as a failure (a limit's 429 does not). */
  failed?: boolean;
}

/**
 * Reads the account and checks the limits, then the password, before the call's transaction opens
 * (the route's `prepare` step): argon2 takes tens of milliseconds of CPU, and no database connection is
 * held while it runs. It raises nothing for the caller's input: `acceptSignIn`, inside the audited
 * call, raises the refusal, so a refused attempt is recorded and counted as before.
 */
export async function checkSignIn(deps: { repos: Repositories; limits: SignInLimits }, body: SignInBody, address: string): Promise<CheckedSignIn> {
  const { repos, limits } = deps;
  const name = body.email.trim().toLowerCase();
  const found = await repos.users.findByLogin(name);
  const keys = failureKeys(found ? `user:${found.id}` : `name:${name}`, address);
  try {
    await assertNotLimited(repos, limits, keys);
  } catch (err) {
    if (err instanceof SignInLimitedError) return { keys, refusal: err };
    throw err;
  }
  const passwordOk = found ? await verifyPassword(found.passwordHash, body.password) : await verifyAgainstNobody(body.password);
  return found && passwordOk && found.active ? { user: found, keys } : { keys, refusal: badCredentials(), failed: true };
}

/**
 * Inside the sign-in's transaction: the checked user and the attempt's counter keys, or the refusal
 * (a wrong password counted first). Once the sign-in completes, the caller clears the pair with
 * repos.signInFailures.clear, which also records the address as known to the account.
 */
export async function acceptSignIn(request: FastifyRequest, limits: SignInLimits, checked: CheckedSignIn): Promise<{ user: UserRow; keys: FailureKeys }> {
  if (checked.failed) await recordFailure(request, limits, checked.keys);
  if (checked.refusal || !checked.user) throw checked.refusal ?? badCredentials();
  return { user: checked.user, keys: checked.keys };
}

/** Puts a sign-in limit's wait in the Retry-After header of the 429, then lets the error go on. */
export function withRetryAfter(reply: FastifyReply) {
  return (err: unknown): never => {
    if (err instanceof SignInLimitedError) reply.header('retry-after', String(err.retryAfterSeconds));
    throw err;
  };
}
