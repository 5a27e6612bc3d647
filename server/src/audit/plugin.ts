// Makes forgetting the audit impossible (docs/architecture.md §6 "Audit log"): every route that is not a GET
// must declare `config.audit`, or registering it throws, so the server does not start. The handler of
// such a route (and of a GET that declares one: sign-out) runs in one transaction with the audit
// record written after it: a change never lands without its record, a refused or failed call
// (thrown, or answered 4xx/5xx) leaves neither. Sign-in routes record their refusals too
// (`refused`), after the rollback, next to the failure counters kept by keepEvenIfRefused. A route's
// slow work that needs no transaction (password hashing) runs in its `prepare` step, before the
// transaction takes a connection from the pool.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { Db } from '../db/client';
import { toErrorResponse } from '../http/errors';
import type { Repositories } from '../repositories';
import { openScope, registerRequestHandles, type AuditActor, type AuditScope } from './context';
import { recordAudit } from './record';
import { TARGETS, TARGET_TYPE, type Snapshot, type TargetKind } from './targets';

export interface AuditSpec {
  /** What happened, e.g. `app.update`: the `action` filter of GET audit. */
  action: string;
  target: TargetKind;
  /** The target's id from the request (params, body, the caller); read before the handler runs. */
  id?: (request: FastifyRequest) => unknown;
  /** A create: the new target's id, read from the handler's answer. */
  created?: (answer: unknown) => unknown;
  /**
   * Record the call even when no field of its target changed (sign-out, encryption calls). Otherwise
   * a save that changes nothing is not a change and leaves no record.
   */
  always?: boolean;
  /** Calls that are not staff actions and are not recorded (a phone registering itself by API key). */
  skip?: (request: FastifyRequest) => boolean;
  /** Also record a refused call as this action (sign-in failures); the rest is rolled back. */
  refused?: string;
  /**
   * Work done before the transaction opens, so that no pool connection is held while it runs:
   * CPU-heavy steps that need no transaction (an argon2 hash or password check, tens of ms each).
   * It runs after authentication and validation but before the route's access checks (those run
   * inside the transaction, auth/access.ts), so it must not touch records the caller may not reach.
   * It may read and write through `request.repos` on its own (the pool: no transaction, no audit record) and
   * throw to refuse the call, which then records nothing. The handler reads its answer with
   * `preparedFor(request)`.
   */
  prepare?: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: AuditSpec;
  }
  interface FastifyRequest {
    /** What the route's `prepare` answered (AuditSpec.prepare); read with `preparedFor`. */
    auditPrepared: { value: unknown } | null;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Spec helpers: the target id is `params[key]`, `body[key]`, or the caller. */
export const fromParams = (key: string) => (r: FastifyRequest) => (r.params as Record<string, unknown> | undefined)?.[key];
export const fromBody = (key: string) => (r: FastifyRequest) => (r.body as Record<string, unknown> | undefined)?.[key];
export const theCaller = (r: FastifyRequest) => r.user?.id;
export const createdData = (answer: unknown) => (answer as { data?: { id?: unknown } } | undefined)?.data?.id;

/** The answer of the route's `prepare` (see AuditSpec.prepare) for this request. */
export function preparedFor<T>(request: FastifyRequest): T {
  if (!request.auditPrepared) throw new Error(`${request.method} ${request.url}: preparedFor without a prepare step`);
  return request.auditPrepared.value as T;
}

/** Thrown inside the transaction when the handler answered an error itself, to roll it back. */
class AnsweredError {
  constructor(readonly answer: unknown) {}
}

export function registerAudit(app: FastifyInstance, root: Db, rootRepos: Repositories): void {
  registerRequestHandles(app, root, rootRepos);
  app.decorateRequest('auditPrepared', null);
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const spec = route.config?.audit;
    if (!spec) {
      if (methods.some((m) => !READS.has(m))) {
        throw new Error(`${methods.join(',')} ${route.url} changes data but declares no config.audit (server/src/audit/plugin.ts)`);
      }
      return;
    }
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function audited(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      if (spec.prepare) request.auditPrepared = { value: await spec.prepare(request, reply) };
      if (spec.skip?.(request)) return handler.call(this, request, reply);
      return runAudited(root, spec, request, reply, () => handler.call(this, request, reply));
    };
  });
}

const single = (id: unknown): id is string | number => typeof id === 'number' || (typeof id === 'string' && id !== '');

async function runAudited(root: Db, spec: AuditSpec, request: FastifyRequest, reply: FastifyReply, handle: () => unknown): Promise<unknown> {
  const load = TARGETS[spec.target] as ((db: Db, id: string) => Promise<Snapshot | undefined>) | undefined;
  /** The request's scope, kept for the writes to replay after a rollback. */
  let opened: AuditScope | undefined;
  try {
    return await root.transaction((tx) =>
      openScope(request, tx, async (scope) => {
        opened = scope;
        const requested = spec.id?.(request);
        const before = load && single(requested) ? await load(tx, String(requested)) : undefined;
        const answer = await handle();
        if (reply.sent && reply.statusCode >= 400) throw new AnsweredError(answer);
        const id = scope.targetId ?? requested ?? spec.created?.(answer);
        if (Array.isArray(id)) scope.detail.count ??= id.length;
        const after = load && single(id) ? await load(tx, String(id)) : undefined;
        // Only a create or a call whose target was known up front compares; otherwise the row only names the target.
        const compares = spec.created !== undefined || single(requested);
        await recordAudit(tx, {
          action: spec.action,
          skipUnchanged: !spec.always,
          actor: scope.actor ?? actorOf(request),
          request,
          target: { type: TARGET_TYPE[spec.target], id, name: after?.name ?? before?.name },
          before: compares ? before?.fields : undefined,
          after: compares ? after?.fields : undefined,
          compare: compares && load !== undefined,
          detail: scope.detail,
        });
        return answer;
      }),
    );
  } catch (err) {
    if (err instanceof AnsweredError) return err.answer;
    const scope = opened;
    if (scope && (scope.kept.length || spec.refused)) {
      await root.transaction((tx) =>
        openScope(
          request,
          tx,
          async (replay) => {
            for (const write of scope.kept) await write(replay.repos);
            if (spec.refused) {
              const typed = (request.body as { email?: unknown } | undefined)?.email;
              await recordAudit(tx, {
                action: spec.refused,
                actor: scope.actor ?? {
                  id: request.user?.id ?? null,
                  name: request.user?.username ?? (typeof typed === 'string' ? typed : null),
                  role: request.user?.roleName ?? null,
                },
                request,
                target: { type: TARGET_TYPE[spec.target], id: scope.targetId, name: undefined },
                // The status the caller is answered (a 503 when the database dropped the call).
                detail: { status: toErrorResponse(err).status },
              });
            }
          },
          { ...scope, kept: [] },
        ),
      );
    }
    throw err;
  }
}

/** The signed-in caller as an audit actor (nobody when signed out). */
export function actorOf(request: FastifyRequest): AuditActor {
  const user = request.user;
  return user ? { id: user.id, name: user.username, role: user.roleName } : { id: null, name: null, role: null };
}
