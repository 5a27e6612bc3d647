// The audit scope of one request (docs/architecture.md §6 "Audit log"). A route that changes data runs its
// handler inside one transaction (server/src/audit/plugin.ts); `app.db` and `app.repos` are views
// that reach that transaction while the handler runs, so every write of the handler, and the audit
// record written after it, commit or roll back together, without the handler passing `tx` around.
import { AsyncLocalStorage } from 'node:async_hooks';
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
  kept: Array<() => Promise<unknown>>;
}

const storage = new AsyncLocalStorage<AuditScope>();

export function openScope<T>(tx: Db, fn: (scope: AuditScope) => Promise<T>, from?: AuditScope): Promise<T> {
  const scope: AuditScope = { detail: {}, kept: [], ...from, tx, repos: createRepositories(tx) };
  return storage.run(scope, () => fn(scope));
}

const bindTo = (target: object, key: PropertyKey) => {
  const value = Reflect.get(target, key) as unknown;
  return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
};

/** `root`, or the current request's transaction while an audited handler runs. */
export function contextualDb(root: Db): Db {
  return new Proxy(root, { get: (target, key) => bindTo(storage.getStore()?.tx ?? target, key) });
}

/** The repositories over `root`, or over the current request's transaction while an audited handler runs. */
export function contextualRepos(root: Repositories): Repositories {
  return new Proxy(root, { get: (target, key) => Reflect.get(storage.getStore()?.repos ?? target, key) as unknown });
}

/** Names the audit record's target when the route's spec cannot (see AuditSpec.id). */
export function auditTarget(id: string | number): void {
  const scope = storage.getStore();
  if (scope) scope.targetId = id;
}

/** Adds facts to the audit record's detail. */
export function auditDetail(detail: Record<string, unknown>): void {
  const scope = storage.getStore();
  if (scope) Object.assign(scope.detail, detail);
}

/** The sign-in routes name who signed in (there is no session yet). */
export function auditActor(actor: AuditActor): void {
  const scope = storage.getStore();
  if (scope) scope.actor = actor;
}

/**
 * Runs a write that must stay even if the call is then refused (a failed sign-in's counters): it
 * runs now, and if the request's transaction rolls back, once more after it, in a transaction of
 * its own. Outside an audited call it simply runs.
 */
export async function keepEvenIfRefused(write: () => Promise<unknown>): Promise<void> {
  storage.getStore()?.kept.push(write);
  await write();
}
