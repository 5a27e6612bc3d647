// docs/product.md §7 "Session and account": users/signin, current, logout, changepass and avatar. The TOTP
// step of sign-in and the TOTP calls are in ./totp.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AVATAR_MAX_BYTES, AVATAR_MAX_SIDE_PX, V, changePasswordSchema, signInSchema, type ChangePasswordBody, type SignInBody } from '../../../src/contract';
import { auditActor, auditDetail, auditTarget } from '../audit/context';
import { requireUser } from '../auth/authorize';
import { accessOf } from '../auth/operations';
import { hashPassword, verifyPassword } from '../domain/passwords';
import {
  TOTP_CHALLENGE_TTL_MS,
  acceptSignIn,
  assertNotLimited,
  checkSignIn,
  failureKeys,
  recordFailure,
  withRetryAfter,
  type CheckedSignIn,
} from '../auth/sign-in';
import { newChallenge } from '../auth/totp';
import { inspectImage } from '../domain/images';
import { HttpError } from '../http/errors';
import { readForm } from '../http/multipart';
import { dataResponse, successResponse } from '../http/schemas';
import { docsOnly, responseSchema, yupSchema } from '../http/validation';
import { avatarUrlSchema } from '../../../src/contract/responses';
import { currentUserSchema, signInAnswerSchema } from '../../../src/contract/responses-users';
import { avatarUrl } from '../repositories/files';
import { preparedFor, theCaller } from '../audit/plugin';

const tags = ['account'];

/** What changepass's prepare step hands its handler: the hash the current password matched, and the new one. */
interface PasswordChange {
  checkedHash: string;
  passwordHash: string;
}

export async function accountRoutes(app: FastifyInstance) {
  const limits = app.config.signIn;

  app.post<{ Body: SignInBody }>(
    '/users/signin',
    {
      schema: {
        tags,
        summary: 'Sign in with email or username',
        description: `Answers {token}. Unknown user and wrong password get the same 401. Limited to ${limits.ipMax} attempts per IP per minute; failures lock one (account, address) pair after ${limits.pair.max} in ${limits.pair.windowMs / 60_000} minutes, an account over ${limits.account.max} failures an hour refuses only addresses that failed on it, and an address over ${limits.address.max} failures an hour across accounts is slowed (429 with Retry-After, in seconds).`,
        body: yupSchema(signInSchema),
        response: { 200: responseSchema(signInAnswerSchema) },
      },
      config: {
        audit: {
          action: 'session.signIn',
          target: 'user',
          refused: 'session.signInFailed',
          // The limits and the password are checked before the transaction opens: no connection waits on argon2.
          prepare: (request) => checkSignIn({ repos: request.repos, limits }, request.body as SignInBody, request.ip),
        },
        rateLimit: { max: limits.ipMax, timeWindow: limits.ipWindowMs },
      },
    },
    async (request, reply) => {
      const { user, keys } = await acceptSignIn(request, limits, preparedFor<CheckedSignIn>(request)).catch(withRetryAfter(reply));
      auditActor(request, { id: user.id, name: user.username, role: null });
      auditTarget(request, user.id);
      if (user.totpSecretEnc !== null) {
        auditDetail(request, { totpRequired: true });
        // The pair's failures stay until the code is right too, so wrong codes keep counting.
        const { token, id } = newChallenge();
        await request.repos.totp.createChallenge(id, user.id, request.ip, TOTP_CHALLENGE_TTL_MS);
        return { totpRequired: true, challenge: token };
      }
      await request.repos.signInFailures.clear([keys.pair]);
      const sessionId = await request.repos.sessions.create(user.id);
      return { token: app.tokens.sign({ sid: sessionId, sub: String(user.id) }) };
    },
  );

  app.get(
    '/users/current',
    {
      preValidation: app.authorize({ any: true, allowPendingPasswordChange: true, allowPendingTotpEnrollment: true, noGrant: true }),
      schema: {
        tags,
        summary: 'The signed-in user with role, permission menu and avatar URL',
        response: { 200: dataResponse(responseSchema(currentUserSchema)) },
      },
    },
    async (request) => {
      const data = await request.repos.users.currentUser(requireUser(request).id);
      if (!data) throw HttpError.unauthorized();
      // The role's operation grants and scope, so the panel hides what the server would refuse (docs/product.md §6).
      return { data: { ...data, access: await accessOf(request.repos, app.operations, data.role) } };
    },
  );

  app.get(
    '/users/logout',
    {
      config: { audit: { action: 'session.signOut', target: 'user', id: theCaller, always: true } },
      preValidation: app.authorize({ any: true, allowPendingPasswordChange: true, allowPendingTotpEnrollment: true, noGrant: true }),
      schema: { tags, summary: 'Sign out: revokes this session at once', response: { 200: successResponse() } },
    },
    async (request) => {
      await request.repos.sessions.revoke(requireUser(request).sessionId);
      return { success: true };
    },
  );

  app.post<{ Body: ChangePasswordBody }>(
    '/users/changepass',
    {
      config: {
        audit: {
          action: 'user.changeOwnPassword',
          target: 'user',
          id: theCaller,
          // The argon2 check of the current password and the hash of the new one run before the
          // transaction opens: no pool connection waits on them.
          prepare: (request, reply) => checkCurrentPassword(request, reply),
        },
      },
      preValidation: app.authorize({ any: true, allowPendingPasswordChange: true, allowPendingTotpEnrollment: true, noGrant: true }),
      schema: {
        tags,
        summary: 'Change own password',
        description:
          "A wrong current password is a 400 on currentPassword, and counts like a failed sign-in of the account from the caller's address: " +
          "under the sign-in limits, repeated wrong passwords are refused with 429 and Retry-After (in seconds). Success ends the user's other sessions.",
        body: yupSchema(changePasswordSchema),
        response: { 200: successResponse() },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { checkedHash, passwordHash } = preparedFor<PasswordChange>(request);
      // The password changed since it was checked (another call in between): the one typed is no longer current.
      if ((await request.repos.users.findById(user.id))?.passwordHash !== checkedHash) {
        throw HttpError.validation({ currentPassword: V.wrongPassword });
      }
      await request.repos.users.setPassword(user.id, passwordHash, false);
      // Whoever else holds this account's old password loses their sessions with it.
      await request.repos.sessions.revokeAllForUser(user.id, user.sessionId);
      return { success: true };
    },
  );

  /**
   * changepass's prepare step, outside any transaction: the current password is checked under the
   * sign-in limits with the sign-in counters of (this account, this address), so a stolen session
   * cannot guess the password here faster than at sign-in; a wrong one is counted and refused.
   */
  async function checkCurrentPassword(request: FastifyRequest, reply: FastifyReply): Promise<PasswordChange> {
    const user = requireUser(request);
    const body = request.body as ChangePasswordBody;
    const keys = failureKeys(`user:${user.id}`, request.ip);
    await assertNotLimited(request.repos, limits, keys).catch(withRetryAfter(reply));
    const row = await request.repos.users.findById(user.id);
    if (!row || !(await verifyPassword(row.passwordHash, body.currentPassword))) {
      await recordFailure(request, limits, keys);
      throw HttpError.validation({ currentPassword: V.wrongPassword });
    }
    return { checkedHash: row.passwordHash, passwordHash: await hashPassword(body.password) };
  }

  app.post(
    '/users/avatar',
    {
      config: { audit: { action: 'user.avatar', target: 'user', id: theCaller } },
      preValidation: app.authorize({ any: true, noGrant: true }),
      schema: {
        tags,
        summary: 'Upload own avatar (JPEG or PNG, at most 2 MB and 4096 × 4096 pixels)',
        description:
          'Multipart field `avatar`. The type is checked by content and the size in pixels by the header (JPEG SOF, PNG IHDR), before anything decodes it: ' +
          '400 `validation.fileType` when not JPEG/PNG, 400 `validation.imageCorrupt` when the header or PNG chunks are broken, ' +
          '400 `validation.imageDimensions` when wider or taller than 4096 pixels, 413 when over 2 MB.',
        consumes: ['multipart/form-data'],
        body: docsOnly({ type: 'object', properties: { avatar: { type: 'string', format: 'binary' } }, required: ['avatar'] }),
        response: { 200: successResponse(responseSchema(avatarUrlSchema)) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      // Throws a 413 once the stream passes the size limit, a 400 when the body is malformed.
      const form = await readForm(request, { fileSize: AVATAR_MAX_BYTES, files: 1 });
      const bytes = form.files.avatar?.bytes;
      if (!bytes) throw HttpError.validation({ avatar: V.selectFileFirst }, 'No avatar file');
      const image = inspectImage(bytes);
      if (image.kind === 'unknown') throw HttpError.validation({ avatar: V.fileType }, 'The avatar must be a JPEG or PNG image');
      if (image.kind === 'corrupt') throw HttpError.validation({ avatar: V.imageCorrupt }, 'The avatar image is damaged or incomplete');
      if (image.width > AVATAR_MAX_SIDE_PX || image.height > AVATAR_MAX_SIDE_PX) {
        throw HttpError.validation({ avatar: V.imageDimensions }, `The avatar must be at most ${AVATAR_MAX_SIDE_PX} × ${AVATAR_MAX_SIDE_PX} pixels`);
      }
      const { mime } = image;
      const id = await request.repos.files.put('avatar', mime, bytes);
      const previous = await request.repos.users.setAvatar(user.id, id);
      if (previous) await request.repos.files.remove(previous);
      const fileId = await id;
      return { success: true, data: { avatar: avatarUrl(fileId) } };
    },
  );
}
