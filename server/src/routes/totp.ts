// Two-factor sign-in with TOTP (README "Two-factor sign-in"): the code step of sign-in
// (users/signin/totp), the user's own enrolment (setup, enable, disable) and the top admin's controls
// (require TOTP for a role, reset a user's TOTP).
//
// Rules the server owns here:
// - the secret is sealed at rest like other secrets (context 'user.totp'); it is shown only by setup;
// - a challenge from users/signin lives 5 minutes and dies at the 5th wrong code: each call takes
//   one of its 5 checks in one atomic statement before the code is looked at, committed at once,
//   so parallel calls cannot check more than 5 codes, and a right code after the 5th wrong one fails;
// - setting TOTP up, turning it on and turning it off all ask for the password again (a wrong one
//   counts in the sign-in limits); turning it on ends the account's other sessions;
// - a code is accepted once (its 30-second step must be later than the last accepted), a recovery
//   code once; wrong codes count in the sign-in limits exactly like wrong passwords;
// - staff whose role requires TOTP and who have not enrolled reach only the enrolment calls (403
//   TOTP_ENROLLMENT_REQUIRED elsewhere, see auth/authorize.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ERROR_CODES,
  V,
  totpDisableSchema,
  totpEnableSchema,
  totpResetSchema,
  totpRoleSchema,
  totpSetupSchema,
  totpSignInSchema,
  type TotpDisableBody,
  type TotpEnableBody,
  type TotpResetBody,
  type TotpRoleBody,
  type TotpSetupBody,
  type TotpSignInBody,
} from '../../../src/contract';
import { requireUser } from '../auth/authorize';
import { verifyPassword } from '../domain/passwords';
import { TOTP_CHALLENGE_MAX_FAILURES, TOTP_CHALLENGE_TTL_MS, assertNotLimited, failureKeys, recordFailure, withRetryAfter } from '../auth/sign-in';
import { TOTP_SECRET_CONTEXT, acceptedTotpStep, challengeId, newRecoveryCodes, newTotpSecret, recoveryCodeHash } from '../auth/totp';
import { HttpError } from '../http/errors';
import { dataResponse, successResponse } from '../http/schemas';
import { responseSchema, yupSchema } from '../http/validation';
import { roleOptionSchema, signInResultSchema, totpEnableResultSchema, totpSetupResultSchema } from '../../../src/contract/responses-users';
import type { Repositories } from '../repositories';
import type { ChallengeRow } from '../repositories/totp';
import type { UserRow } from '../repositories/users';
import { auditActor, auditTarget, keepEvenIfRefused } from '../audit/context';
import { fromBody, preparedFor, theCaller } from '../audit/plugin';
import { noRecord } from '../auth/access';

const tags = ['account'];
const topAdmin = { policy: 'users:totp' } as const;

const errors = {
  badCode: () => new HttpError(401, ERROR_CODES.badCredentials, 'The code is wrong, or the sign-in expired; sign in again'),
  alreadyOn: () => new HttpError(409, ERROR_CODES.totpState, 'Two-factor sign-in is already on; turn it off first'),
  notOn: () => new HttpError(409, ERROR_CODES.totpState, 'Two-factor sign-in is off'),
  noPending: () => new HttpError(409, ERROR_CODES.totpState, 'Call users/totp/setup first'),
  wrongCode: () => HttpError.validation({ code: V.totpCode }, 'The code is wrong'),
};

export async function totpRoutes(app: FastifyInstance) {
  const limits = app.config.signIn;

  /** A current TOTP code (accepted once) or an unused recovery code (used up) of a user with TOTP on. */
  async function codeIsGood(repos: Repositories, user: UserRow, code: string): Promise<boolean> {
    if (user.totpSecretEnc === null) return false;
    if (/^\d{6}$/.test(code.replace(/\s/g, ''))) {
      const secret = app.secrets.open(user.totpSecretEnc, TOTP_SECRET_CONTEXT);
      const step = acceptedTotpStep(secret, code, user.totpLastStep);
      return step !== null && (await repos.totp.advanceStep(user.id, step));
    }
    return repos.totp.useRecoveryCode(user.id, recoveryCodeHash(code));
  }

  async function ownRow(repos: Repositories, id: number): Promise<UserRow> {
    const row = await repos.users.findById(id);
    if (!row) throw HttpError.unauthorized();
    return row;
  }

  /**
   * The caller's password, asked again by setup, enable and disable: under the sign-in limits, and
   * a wrong one is a 400 on `password` that counts in them like a wrong sign-in.
   */
  async function confirmPassword(user: UserRow, password: string, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const keys = failureKeys(`user:${user.id}`, request.ip);
    await assertNotLimited(request.repos, limits, keys).catch(withRetryAfter(reply));
    if (!(await verifyPassword(user.passwordHash, password))) {
      await recordFailure(request, limits, keys);
      throw HttpError.validation({ password: V.wrongPassword }, 'The password is wrong');
    }
  }

  app.post<{ Body: TotpSignInBody }>(
    '/users/signin/totp',
    {
      schema: {
        tags,
        summary: 'Finish a sign-in with a TOTP code or a recovery code',
        description: `The challenge comes from users/signin. Answers {token}; 401 for a wrong code or a challenge that expired (${TOTP_CHALLENGE_TTL_MS / 60_000} minutes) or saw ${TOTP_CHALLENGE_MAX_FAILURES} wrong codes. A challenge checks at most ${TOTP_CHALLENGE_MAX_FAILURES} codes however many calls arrive at once: a right code after the ${TOTP_CHALLENGE_MAX_FAILURES}th wrong one is refused too. A recovery code works once. Wrong codes count in the sign-in limits like wrong passwords (429).`,
        body: yupSchema(totpSignInSchema),
        response: { 200: responseSchema(signInResultSchema) },
      },
      config: {
        audit: {
          action: 'session.signInTotp',
          target: 'user',
          refused: 'session.signInFailed',
          // Takes one of the challenge's checks before the handler's transaction opens, in one statement
          // that commits at once: a refused call (whose transaction rolls back) cannot give its check
          // back, and calls in parallel queue on the challenge's row instead of all reading the same count.
          prepare: (request) => request.repos.totp.takeChallengeAttempt(challengeId((request.body as TotpSignInBody).challenge), TOTP_CHALLENGE_MAX_FAILURES),
        },
        rateLimit: { max: limits.ipMax, timeWindow: limits.ipWindowMs },
      },
    },
    async (request, reply) => {
      const id = challengeId(request.body.challenge);
      // None taken: unknown, expired, or its checks are used up.
      const challenge = preparedFor<ChallengeRow | undefined>(request);
      if (!challenge) throw errors.badCode();
      const user = await request.repos.users.findById(challenge.userId);
      if (!user || !user.active || user.totpSecretEnc === null) {
        await keepEvenIfRefused(request, (repos) => repos.totp.deleteChallenge(id));
        throw errors.badCode();
      }
      const keys = failureKeys(`user:${user.id}`, request.ip);
      await assertNotLimited(request.repos, limits, keys).catch(withRetryAfter(reply));
      if (!(await codeIsGood(request.repos, user, request.body.code))) {
        auditActor(request, { id: user.id, name: user.username, role: null });
        await recordFailure(request, limits, keys);
        throw errors.badCode();
      }
      auditActor(request, { id: user.id, name: user.username, role: null });
      auditTarget(request, user.id);
      await request.repos.totp.deleteChallenge(id);
      // Clears the pair's failures and records the address as known to the account (auth/sign-in.ts).
      await request.repos.signInFailures.clear([keys.pair]);
      const sessionId = await request.repos.sessions.create(user.id);
      return { token: app.tokens.sign({ sid: sessionId, sub: String(user.id) }) };
    },
  );

  app.post<{ Body: TotpSetupBody }>(
    '/users/totp/setup',
    {
      config: { audit: { action: 'user.totpSetup', target: 'user', id: theCaller } },
      preValidation: app.authorize({ any: true, allowPendingTotpEnrollment: true, noGrant: true }),
      schema: {
        tags,
        summary: 'Start TOTP enrolment: a new secret and its otpauth:// URL',
        description:
          'Needs the current password again. SHA-1, 6 digits, 30 seconds. Nothing changes until users/totp/enable confirms a code; calling again replaces the offered secret. 400 with errors.password (validation.wrongPassword) for a wrong password, which counts in the sign-in limits (429 with Retry-After); 409 TOTP_STATE when TOTP is already on.',
        body: yupSchema(totpSetupSchema),
        response: { 200: responseSchema(totpSetupResultSchema) },
      },
    },
    async (request, reply) => {
      const user = await ownRow(request.repos, requireUser(request).id);
      if (user.totpSecretEnc !== null) throw errors.alreadyOn();
      await confirmPassword(user, request.body.password, request, reply);
      const { secret, otpauthUrl } = newTotpSecret(user.username);
      await request.repos.totp.setPending(user.id, app.secrets.seal(secret, TOTP_SECRET_CONTEXT));
      return { secret, otpauthUrl };
    },
  );

  app.post<{ Body: TotpEnableBody }>(
    '/users/totp/enable',
    {
      config: { audit: { action: 'user.totpEnable', target: 'user', id: theCaller } },
      preValidation: app.authorize({ any: true, allowPendingTotpEnrollment: true, noGrant: true }),
      schema: {
        tags,
        summary: 'Turn TOTP on with a code from the new authenticator',
        description:
          'Needs the current password again and a code from the new authenticator. Answers {recoveryCodes}: 10 single-use codes, shown this once (stored hashed). Ends every other session of the account (this one stays). 400 with errors.password (validation.wrongPassword) for a wrong password, which counts in the sign-in limits (429 with Retry-After), or errors.code for a wrong code; 409 TOTP_STATE when already on or not set up.',
        body: yupSchema(totpEnableSchema),
        response: { 200: responseSchema(totpEnableResultSchema) },
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      const user = await ownRow(request.repos, caller.id);
      if (user.totpSecretEnc !== null) throw errors.alreadyOn();
      if (user.totpPendingEnc === null) throw errors.noPending();
      await confirmPassword(user, request.body.password, request, reply);
      const step = acceptedTotpStep(app.secrets.open(user.totpPendingEnc, TOTP_SECRET_CONTEXT), request.body.code, null);
      if (step === null) throw errors.wrongCode();
      const recoveryCodes = newRecoveryCodes();
      await request.repos.totp.enable(user.id, user.totpPendingEnc!, step, recoveryCodes.map(recoveryCodeHash));
      // A session opened with the password alone (perhaps someone else's) does not outlive the second factor.
      await request.repos.sessions.revokeAllForUser(user.id, caller.sessionId);
      return { recoveryCodes };
    },
  );

  app.post<{ Body: TotpDisableBody }>(
    '/users/totp/disable',
    {
      config: { audit: { action: 'user.totpDisable', target: 'user', id: theCaller } },
      preValidation: app.authorize({ any: true, noGrant: true }),
      schema: {
        tags,
        summary: 'Turn own TOTP off',
        description:
          'Needs the current password again and a current code (or a recovery code). 400 with errors.password (validation.wrongPassword) or errors.code when wrong (both count in the sign-in limits: 429 with Retry-After); 409 TOTP_STATE when TOTP is off.',
        body: yupSchema(totpDisableSchema),
        response: { 200: successResponse() },
      },
    },
    async (request, reply) => {
      const user = await ownRow(request.repos, requireUser(request).id);
      if (user.totpSecretEnc === null) throw errors.notOn();
      await confirmPassword(user, request.body.password, request, reply);
      if (!(await codeIsGood(request.repos, user, request.body.code))) {
        await recordFailure(request, limits, failureKeys(`user:${user.id}`, request.ip));
        throw errors.wrongCode();
      }
      await request.repos.totp.disable(user.id);
      return { success: true };
    },
  );

  app.get(
    '/users/totp/roles',
    {
      config: { access: noRecord('roles belong to no app (role_id 1)') },
      preValidation: app.authorize(topAdmin),
      schema: {
        tags: ['users'],
        summary: 'Roles with whether their staff must use TOTP',
        response: { 200: dataResponse({ type: 'array', items: responseSchema(roleOptionSchema) }) },
      },
    },
    async (request) => ({ data: await request.repos.totp.roleOptions() }),
  );

  app.post<{ Body: TotpRoleBody }>(
    '/users/totp/requireForRole',
    {
      config: { access: noRecord('roles belong to no app (role_id 1)'), audit: { action: 'role.requireTotp', target: 'role', id: fromBody('role_id') } },
      preValidation: app.authorize(topAdmin),
      schema: {
        tags: ['users'],
        summary: 'Require TOTP of a role’s staff (or stop requiring it)',
        description:
          'Staff of the role who have not enrolled are held to enrolment from their next request (403 TOTP_ENROLLMENT_REQUIRED elsewhere). 400 with errors.role_id for an unknown role.',
        body: yupSchema(totpRoleSchema),
        response: { 200: successResponse() },
      },
    },
    async (request) => {
      const { role_id, required } = request.body;
      if (!(await request.repos.totp.setRoleRequirement(role_id, required))) throw HttpError.validation({ role_id: V.oneOf }, 'Unknown role');
      return { success: true };
    },
  );

  app.post<{ Body: TotpResetBody }>(
    '/users/totp/reset',
    {
      config: { access: noRecord('staff users belong to no app (role_id 1)'), audit: { action: 'user.totpReset', target: 'user', id: fromBody('user_id') } },
      preValidation: app.authorize(topAdmin),
      schema: {
        tags: ['users'],
        summary: 'Turn a user’s TOTP off (lost device)',
        description:
          'Removes the secret and the recovery codes. If the user’s role requires TOTP, they enrol again at their next sign-in. 404 for an unknown user.',
        body: yupSchema(totpResetSchema),
        response: { 200: successResponse() },
      },
    },
    async (request) => {
      const { user_id } = request.body;
      if (!(await request.repos.users.findById(user_id))) throw HttpError.notFound('User not found');
      await request.repos.totp.disable(user_id);
      return { success: true };
    },
  );
}
