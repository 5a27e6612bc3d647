// Who is calling, and may they? `app.authorize(rule)` is the guard every protected route declares
// next to itself, first in its preValidation (docs/architecture.md §5): who is calling is settled
// before the body is read, so a caller who may not use a route gets 401/403, never a 400 that would
// tell them how it validates its input. A guard declared anywhere else fails at startup. It
// resolves the caller from `Authorization: JWT <token>` or `Bearer <token>`, checks the session row
// and the user on every request (docs/architecture.md §6), holds
// users who must change their password to the three account calls (and users whose role requires
// TOTP to the enrolment calls), then applies the role rule and, for every role but role_id 1, the
// role's operation grants (docs/product.md §6, README "Access: how grants combine with the fixed rules").
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { APP_API_KEY_HEADER, ERROR_CODES, POLICIES, type OperationRef, type Policy, type RoleRef } from '../../../src/contract';
import { HttpError } from '../http/errors';
import type { Repositories } from '../repositories';
import { createOperationCatalogue, holdsEveryOperation, type OperationCatalogue } from './operations';
import type { TokenService } from './tokens';

/** The signed-in caller, as routes and the rbac helpers see it. */
export interface AuthUser {
  id: number;
  username: string;
  role_id: number;
  roleName: string;
  sessionId: string;
  needToChangePass: boolean;
  /** The role requires TOTP and the user has not enrolled: held to the enrolment calls. */
  totpEnrollmentRequired: boolean;
  /**
   * The role's scope: `all` reaches every app's records for the operations the role is granted,
   * writes included; role_id 1-only fields and actions still go by their policies (auth/access.ts).
   */
  scope: 'own' | 'all';
}

/**
 * Who may call a route: `{any: true}` (any signed-in user) or a policy of the shared table
 * (src/contract/policies.ts). A rule naming nobody is refused at startup.
 */
export interface AuthRule {
  any?: true;
  policy?: Policy;
  /** Lets a user whose password must be changed through (only users/current, changepass, logout). */
  allowPendingPasswordChange?: boolean;
  /** Lets a user who must enrol in TOTP through (users/current, logout, changepass, totp/setup and enable). */
  allowPendingTotpEnrollment?: boolean;
  /**
   * An account or session call (users/current, logout, changepass, avatar, the two-factor calls, the
   * role options): needs no grant, so it is not in the operation catalogue either.
   */
  noGrant?: true;
  /**
   * A request carrying the `appapikey` header passes without a session: the mobile apps' own calls
   * (apps/addDevice), whose handler checks the key. Without the header the caller is staff and the
   * rule applies as usual, grant included.
   */
  appKeyPasses?: true;
}

declare module 'fastify' {
  interface FastifyInstance {
    authorize(rule: AuthRule): preValidationAsyncHookHandler;
    /** Every operation a grant can name: the guarded API routes but the `noGrant` ones, in registration order. */
    operations: OperationCatalogue;
  }
  interface FastifyRequest {
    /** Set by `authorize`; null on public routes. Use `requireUser(request)` in handlers. */
    user: AuthUser | null;
    /** False when the caller's role lacks the grant for this operation (refused after the fixed rules). */
    operationGranted: boolean;
  }
}

const RULE = Symbol('authorize.rule');
type Guard = preValidationAsyncHookHandler & { [RULE]?: AuthRule };

/**
 * Whether a route is guarded by `authorize` with a rule that reaches records (every rule but the
 * account calls' `noGrant`): such a route must declare its `config.access` (auth/access.ts).
 */
export function guardsRecords(route: { preValidation?: unknown }): boolean {
  const rule = [route.preValidation ?? []]
    .flat()
    .map((h) => (h as Guard)[RULE])
    .find(Boolean);
  return rule !== undefined && !rule.noGrant;
}

/** The caller of a route guarded by `authorize`. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw HttpError.unauthorized();
  return request.user;
}

/** The caller's role, as the policy table reads it. */
export const roleOf = (user: Pick<AuthUser, 'role_id' | 'roleName'>): RoleRef => ({ id: user.role_id, name: user.roleName });

export function allows(rule: AuthRule, user: AuthUser): boolean {
  if (rule.any) return true;
  return rule.policy !== undefined && POLICIES[rule.policy].allows(roleOf(user));
}

const AUTH_HEADER = /^(?:JWT|Bearer)\s+(\S+)\s*$/i;

/** The token of `Authorization: JWT <token>` or `Bearer <token>`, unverified. */
export const bearerToken = (request: FastifyRequest): string | undefined => AUTH_HEADER.exec(request.headers.authorization ?? '')?.[1];

export function registerAuthorize(app: FastifyInstance, deps: { tokens: TokenService; repos: Repositories }) {
  app.decorateRequest('user', null);
  app.decorateRequest('operationGranted', true);
  const catalogue = createOperationCatalogue();
  app.decorate('operations', catalogue);

  async function resolveUser(request: FastifyRequest, operation: OperationRef | undefined): Promise<AuthUser> {
    const token = bearerToken(request);
    const claims = token ? deps.tokens.verify(token) : null;
    // Grants are read with the session, on every request: a change applies at the next call, on every instance.
    const session = claims ? await deps.repos.sessions.find(claims.sid, operation) : undefined;
    if (!session || !session.active || String(session.userId) !== claims!.sub) throw HttpError.unauthorized();
    await deps.repos.sessions.touch(session);
    if (operation && !session.operationGranted && !holdsEveryOperation({ id: session.roleId, name: session.roleName })) request.operationGranted = false;
    const user: AuthUser = {
      id: session.userId,
      username: session.username,
      role_id: session.roleId,
      roleName: session.roleName,
      sessionId: session.sessionId,
      needToChangePass: session.needToChangePass,
      totpEnrollmentRequired: Boolean(session.totpEnrollmentRequired),
      scope: session.roleScope === 'all' ? 'all' : 'own',
    };
    return user;
  }

  app.decorate('authorize', (rule: AuthRule) => {
    if (!rule.any && !(rule.policy && rule.policy in POLICIES)) throw new Error('authorize() needs any or a known policy');
    const guard: Guard = async (request) => {
      if (rule.appKeyPasses && request.headers[APP_API_KEY_HEADER] !== undefined) return;
      const user = (request.user ??= await resolveUser(request, rule.noGrant ? undefined : catalogue.of(request)));
      if (user.needToChangePass && !rule.allowPendingPasswordChange) {
        throw new HttpError(403, ERROR_CODES.passwordChangeRequired, 'Password change required');
      }
      if (user.totpEnrollmentRequired && !rule.allowPendingTotpEnrollment) {
        throw new HttpError(403, ERROR_CODES.totpEnrollmentRequired, 'Two-factor sign-in must be set up first');
      }
      // A grant only narrows: the fixed rule must pass too.
      if (!allows(rule, user) || !request.operationGranted) throw HttpError.forbidden();
    };
    guard[RULE] = rule;
    return guard;
  });

  // Routes guarded by `authorize` are documented as needing the token, with their rule, so the
  // OpenAPI page shows the same requirement a reviewer sees next to the route.
  app.addHook('onRoute', (route) => {
    const stage = (hooks: unknown) => [hooks ?? []].flat() as Guard[];
    for (const misplaced of ['onRequest', 'preParsing', 'preHandler'] as const) {
      if (stage(route[misplaced]).some((h) => h[RULE])) {
        throw new Error(`${route.method} ${route.url}: declare app.authorize() first in preValidation, not in ${misplaced}`);
      }
    }
    const hooks = stage(route.preValidation);
    const guards = hooks.filter((h) => h[RULE]);
    if (!guards.length) return;
    if (guards.length > 1 || !hooks[0][RULE]) throw new Error(`${route.method} ${route.url}: one app.authorize(), first in preValidation`);
    const rule = guards[0][RULE]!;
    if (!rule.noGrant) for (const method of [route.method].flat()) catalogue.add(method, route.url, route.schema);
    route.schema = {
      ...route.schema,
      security: rule.appKeyPasses ? [{ appApiKey: [] }, { jwt: [] }] : [{ jwt: [] }],
      description: [route.schema?.description, `Requires: ${describeRule(rule)}.`].filter(Boolean).join(' '),
    };
  });
}

function describeRule(rule: AuthRule): string {
  return rule.any || !rule.policy ? 'any signed-in user' : POLICIES[rule.policy].who;
}
