// The database handles and the audit scope of one request (docs/architecture.md §6 "Audit log").
// A handler reaches the database only through `request.db` and `request.repos`: while a route that
// changes data runs, they are its one transaction (server/src/audit/plugin.ts opens it), so every
// write of the handler and the audit record written after it commit or roll back together; in any
// other request they are the pool. The app itself holds no database handle a route could reach, so
// a write outside the request's transaction cannot be written by mistake: it does not type-check.
// Work outside a request (services, the CLI) is handed the pool where it is made (app.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { createRepositories, type Repositories } from '../repositories';

export interface AuditActor {
  id: number | null;
  name: string | null;
  role: string | null;
}

export interface AuditScope {
  tx: Db;
  repos: Repositories;
  /** Set by the handler when only it knows the target (a reveal, a sign-in, an import). */
  targetId?: string | number;
  /** Set by the sign-in routes: the user who signed in. */
  actor?: AuditActor;
  /** Free-form facts of the call (an import's count, an export's format); secrets are redacted. */
  detail: Record<string, unknown>;
  /** Writes that must stay even when the call is refused (sign-in failure counters). */
  kept: Array<(repos: Repositories) => Promise<unknown>>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** This request's database: the audited call's transaction while its handler runs, the pool otherwise. */
    readonly db: Db;
    /** The repositories over `request.db`. */
    readonly repos: Repositories;
    /** The audited call's scope while its handler runs (audit/plugin.ts); null otherwise. */
    auditScope: AuditScope | null;
  }
}

/** Gives every request its handles: the pool's, until an audited handler opens its transaction. */
export function registerRequestHandles(app: FastifyInstance, root: Db, rootRepos: Repositories): void {
  app.decorateRequest('auditScope', null);
  app.decorateRequest('db', {
    getter(this: FastifyRequest) {
      return this.auditScope?.tx ?? root;
    },
  });
  app.decorateRequest('repos', {
    getter(this: FastifyRequest) {
      return this.auditScope?.repos ?? rootRepos;
    },
  });
}

/** Runs `fn` with the request's handles on `tx`, then hands them back to the pool. */
export async function openScope<T>(request: FastifyRequest, tx: Db, fn: (scope: AuditScope) => Promise<T>, from?: AuditScope): Promise<T> {
  const scope: AuditScope = { detail: {}, kept: [], ...from, tx, repos: createRepositories(tx) };
  const outer = request.auditScope;
  request.auditScope = scope;
  try {
    return await fn(scope);
  } finally {
    request.auditScope = outer;
  }
}

/** Names the audit record's target when the route's spec cannot (see AuditSpec.id). */
export function auditTarget(request: FastifyRequest, id: string | number): void {
  if (request.auditScope) request.auditScope.targetId = id;
}

/** Adds facts to the audit record's detail. */
export function auditDetail(request: FastifyRequest, detail: Record<string, unknown>): void {
  if (request.auditScope) Object.assign(request.auditScope.detail, detail);
}

/** The sign-in routes name who signed in (there is no session yet). */
export function auditActor(request: FastifyRequest, actor: AuditActor): void {
  if (request.auditScope) request.auditScope.actor = actor;
}

/**
 * Runs a write that must stay even if the call is then refused (a failed sign-in's counters): it
 * runs now, on the request's handles, and if the request's transaction rolls back, once more after
 * it, in a transaction of its own. Outside an audited call it simply runs, on the pool.
 */
export async function keepEvenIfRefused(request: FastifyRequest, write: (repos: Repositories) => Promise<unknown>): Promise<void> {
  request.auditScope?.kept.push(write);
  await write(request.repos);
}
