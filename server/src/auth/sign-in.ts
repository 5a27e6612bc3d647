// Sign-in (SPEC §7 users/signin, ARCHITECTURE §6): the `email` field takes an email or a
// username. Unknown user, wrong password and inactive user all get the same 401 body after the
// same work, and an account name with too many recent failures is refused with 429 whether or
// not it exists, so neither the answer nor the limit tells which accounts exist. The failures are
// counted per name as typed (lower-cased), not per user: counting per user would let anyone test
// whether an email and a username belong to the same account.
import { ERROR_CODES, type SignInBody } from '../../../src/contract';
import type { SignInLimits } from '../config';
import { HttpError } from '../http/errors';
import type { Repositories } from '../repositories';
import { verifyAgainstNobody, verifyPassword } from './passwords';
import type { TokenService } from './tokens';

export const badCredentials = () => new HttpError(401, ERROR_CODES.badCredentials, 'Username or password is wrong');

export async function signIn(
  deps: { repos: Repositories; tokens: TokenService; limits: SignInLimits },
  body: SignInBody,
): Promise<string> {
  const { repos, tokens, limits } = deps;
  const account = body.email.trim().toLowerCase();
  if (await repos.signInFailures.isLocked(account, limits.accountMaxFailures, limits.accountWindowMs)) {
    throw HttpError.rateLimited('Too many failed sign-ins; try again later');
  }
  const user = await repos.users.findByLogin(account);
  const passwordOk = user ? await verifyPassword(user.passwordHash, body.password) : await verifyAgainstNobody(body.password);
  if (!user || !passwordOk || !user.active) {
    await repos.signInFailures.record(account, limits.accountWindowMs);
    throw badCredentials();
  }
  await repos.signInFailures.clear(account);
  const sessionId = await repos.sessions.create(user.id);
  return tokens.sign({ sid: sessionId, sub: String(user.id) });
}
