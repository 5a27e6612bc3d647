// Who may act on which record: the one home of ownership (docs/architecture.md §5, after immich's
// utils/access.ts). Every guarded route declares, beside itself in `config.access`, the records it acts
// on and what it does to them; a guarded route that declares nothing stops the server at startup, so
// a new route cannot forget it. The checks run inside the route's transaction (the audited one for a
// write), after validation, before the handler:
//
//   read   the record is in the caller's reach: every app for role_id 1 and for a role with scope
//          `all`; otherwise the apps the caller administers, the servers linked to them, and the
//          profiles, devices and versions that hang off those. Out of reach answers 404 (its
//          existence is not revealed).
//   write  read, and for a server or a profile: the server is not shared. A server linked to any app
//          its caller does not administer is shared; only role_id 1 changes a shared server's fields
//          or its profiles, everyone else gets 409 SERVER_SHARED.
//   link   read, and on a shared server only the caller's own app links may change (the server's
//          own fields must be sent as stored): how an app admin unlinks their app from a shared server.
//
// A route whose record ids are only known inside its handler (a multipart form) declares `inHandler`
// and calls `requireAccess` there; the wrapper fails the call if the handler answered without it.
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod, RouteOptions } from 'fastify';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { ERROR_CODES } from '../../../src/contract';
import type { Db } from '../db/client';
import { ID_CHUNK, chunk } from '../db/helpers';
import { apps, appVersions, devices, profiles, serverApps, servers, subscriptions } from '../db/schema';
import { HttpError } from '../http/errors';
import type { AuthUser } from './authorize';
import { appScope, can, serverScope } from './rbac';

export type RecordKind = 'app' | 'server' | 'profile' | 'device' | 'version' | 'subscription';
export type Need = 'read' | 'write' | 'link';

export interface AccessCheck {
  kind: RecordKind;
  need: Need;
  /** The ids from the validated request (a number, an array, or undefined when the reference is optional and absent). */
  ids?: (request: FastifyRequest) => unknown;
  /** The ids are known only inside the handler, which calls `requireAccess` itself. */
  inHandler?: true;
}

/** What a route declares: the records it acts on, or why it acts on none of one caller's records. */
export type AccessSpec = readonly AccessCheck[] | { readonly none: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessSpec;
  }
  interface FastifyInstance {
    /** Every guarded route with its access declaration (the tests generate their matrix from it). */
    accessTable: AccessEntry[];
  }
  interface FastifyRequest {
    /** The record kinds whose access this request has checked (a handler-declared check must be among them). */
    accessChecked: Set<RecordKind> | null;
  }
}

export interface AccessEntry {
  method: string;
  url: string;
  access: AccessSpec;
}

/** `owns('server', fromParams('id'), 'write')`: the route acts on these records. */
export const owns = (kind: RecordKind, ids: (request: FastifyRequest) => unknown, need: Need = 'write'): AccessCheck => ({ kind, ids, need });
/** The route's records arrive inside its handler (a multipart form): the handler calls requireAccess. */
export const ownsInHandler = (kind: RecordKind, need: Need = 'write'): AccessCheck => ({ kind, need, inHandler: true });
/** The route reads or writes no record of one app (the caller's own account, a list already scoped, a role_id 1 table). */
export const noRecord = (reason: string): AccessSpec => ({ none: reason });

const NOT_FOUND: Record<RecordKind, string> = {
  app: 'Application not found',
  server: 'Server not found',
  profile: 'Profile not found',
  device: 'Device not found',
  version: 'Version not found',
  subscription: 'Subscription not found',
};

const toIds = (value: unknown): number[] | undefined => {
  if (value === undefined || value === null) return undefined;
  const list = Array.isArray(value) ? value : [value];
  return [...new Set(list.map((v) => (typeof v === 'number' ? v : Number(v))))];
};

/** Which of `appIds` exist and are in reach (rbac's appScope). */
async function appsInReach(db: Db, user: AuthUser, appIds: number[]): Promise<Set<number>> {
  const rows = await db
    .select({ id: apps.id })
    .from(apps)
    .where(and(inArray(apps.id, appIds), appScope(user)));
  return new Set(rows.map((r) => r.id));
}

/** Which of `serverIds` exist and are in reach (rbac's serverScope: linked to an app in reach). */
async function serversInReach(db: Db, user: AuthUser, serverIds: number[]): Promise<Set<number>> {
  const rows = await db
    .select({ id: servers.id })
    .from(servers)
    .where(and(inArray(servers.id, serverIds), serverScope(db, user)));
  return new Set(rows.map((r) => r.id));
}

/** Which of `serverIds` are shared for this caller: linked to an app they do not administer. */
export async function sharedFor(db: Db, userId: number, serverIds: number[]): Promise<number[]> {
  if (!serverIds.length) return [];
  const rows = await db
    .selectDistinct({ id: serverApps.serverId })
    .from(serverApps)
    .innerJoin(apps, eq(apps.id, serverApps.appId))
    .where(and(inArray(serverApps.serverId, serverIds), ne(apps.adminId, userId)));
  return rows.map((r) => r.id);
}

const serverShared = (ids: number[]) =>
  new HttpError(
    409,
    ERROR_CODES.serverShared,
    `Apps of other admins use server ${ids.join(', ')}; only the top admin may change it or its profiles (unlink your apps instead)`,
  );

/** The server-level rule after reach: write refuses a shared server, link refuses a shared server whose own fields change. */
async function checkServers(db: Db, user: AuthUser, serverIds: number[], need: Need, request: FastifyRequest): Promise<void> {
  if (need === 'read' || can(user, 'scope:all')) return;
  const shared = await sharedFor(db, user.id, serverIds);
  if (!shared.length) return;
  if (need === 'link' && (await onlyLinksChange(db, shared, request.body))) return;
  throw serverShared(shared);
}

/** Whether a server update body sends every one of the server's own fields as stored (no new password; a port never stored is the form's 22). */
async function onlyLinksChange(db: Db, serverIds: number[], body: unknown): Promise<boolean> {
  const sent = (body ?? {}) as { ip?: unknown; countryId?: unknown; username?: unknown; port?: unknown; password?: unknown };
  if (sent.password) return false;
  const rows = await db
    .select({ ip: servers.ip, countryId: servers.countryId, username: servers.username, port: servers.port })
    .from(servers)
    .where(inArray(servers.id, serverIds));
  return rows.every(
    (r) => r.ip === sent.ip && r.countryId === sent.countryId && (r.username ?? null) === (sent.username ?? null) && (r.port ?? 22) === sent.port,
  );
}

/** The parent ids of child records (profile -> server, device/version -> app); a missing child has none. */
async function parents(db: Db, kind: 'profile' | 'device' | 'version', ids: number[]): Promise<Map<number, number>> {
  const rows =
    kind === 'profile'
      ? await db.select({ id: profiles.id, parent: profiles.serverId }).from(profiles).where(inArray(profiles.id, ids))
      : kind === 'device'
        ? await db.select({ id: devices.id, parent: devices.appId }).from(devices).where(inArray(devices.id, ids))
        : await db.select({ id: appVersions.id, parent: appVersions.appId }).from(appVersions).where(inArray(appVersions.id, ids));
  return new Map(rows.map((r) => [r.id, r.parent]));
}

/**
 * Throws 404 unless every record exists and is in the caller's reach (all or nothing), and 409
 * SERVER_SHARED when a write or link reaches a server shared with apps the caller does not administer.
 */
export async function requireAccess(db: Db, request: FastifyRequest, kind: RecordKind, ids: number[], need: Need): Promise<void> {
  markChecked(request, kind);
  const user = request.user;
  // A batch may name more ids than one statement binds.
  if (user) for (const part of chunk(ids, ID_CHUNK)) await checkPart(db, request, user, kind, part, need);
}

async function checkPart(db: Db, request: FastifyRequest, user: AuthUser, kind: RecordKind, ids: number[], need: Need): Promise<void> {
  const missing = () => HttpError.notFound(NOT_FOUND[kind]);
  if (kind === 'app') {
    const found = await appsInReach(db, user, ids);
    if (!ids.every((id) => found.has(id))) throw missing();
    return;
  }
  if (kind === 'server') {
    const found = await serversInReach(db, user, ids);
    if (!ids.every((id) => found.has(id))) throw missing();
    return checkServers(db, user, ids, need, request);
  }
  if (kind === 'subscription') return checkSubscriptions(db, user, ids, missing);
  const parentOf = await parents(db, kind, ids);
  if (!ids.every((id) => parentOf.has(id))) throw missing();
  const parentIds = [...new Set(parentOf.values())];
  const found = kind === 'profile' ? await serversInReach(db, user, parentIds) : await appsInReach(db, user, parentIds);
  if (!parentIds.every((id) => found.has(id))) throw missing();
  if (kind === 'profile') await checkServers(db, user, parentIds, need === 'link' ? 'write' : need, request);
}

/** A subscription is in reach when the server or app it covers is. */
async function checkSubscriptions(db: Db, user: AuthUser, ids: number[], missing: () => HttpError): Promise<void> {
  const rows = await db.select({ serverId: subscriptions.serverId, appId: subscriptions.appId }).from(subscriptions).where(inArray(subscriptions.id, ids));
  if (rows.length !== ids.length) throw missing();
  const serverIds = [...new Set(rows.flatMap((r) => (r.serverId === null ? [] : [r.serverId])))];
  const appIds = [...new Set(rows.flatMap((r) => (r.appId === null ? [] : [r.appId])))];
  const servers = serverIds.length ? await serversInReach(db, user, serverIds) : new Set<number>();
  const reachedApps = appIds.length ? await appsInReach(db, user, appIds) : new Set<number>();
  if (!serverIds.every((id) => servers.has(id)) || !appIds.every((id) => reachedApps.has(id))) throw missing();
}

function markChecked(request: FastifyRequest, kind: RecordKind) {
  (request.accessChecked ??= new Set<RecordKind>()).add(kind);
}

/**
 * Reads every route's declaration as it registers and wraps its handler with the checks. Register it
 * before the audit plugin, so an audited route's checks run inside its transaction. `isGuarded` tells
 * a route guarded by authorize (not an account call): those must declare `config.access`.
 */
export function registerAccess(app: FastifyInstance, isGuarded: (route: RouteOptions) => boolean): void {
  const table: AccessEntry[] = [];
  app.decorate('accessTable', table);
  app.decorateRequest('accessChecked', null);
  app.addHook('onRoute', (route) => {
    const spec = route.config?.access;
    if (!spec) {
      if (isGuarded(route))
        throw new Error(`${[route.method].flat().join(',')} ${route.url} is guarded but declares no config.access (server/src/auth/access.ts)`);
      return;
    }
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url, access: spec });
    if (!Array.isArray(spec)) return;
    const checks = spec as readonly AccessCheck[];
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function withAccess(this: FastifyInstance, request, reply) {
      for (const check of checks) {
        if (check.inHandler) continue;
        const ids = toIds(check.ids!(request));
        // request.db is the transaction while an audited handler runs.
        if (ids) await requireAccess(request.db, request, check.kind, ids, check.need);
      }
      const answer = await handler.call(this, request, reply);
      const late = checks.filter((c) => c.inHandler && !request.accessChecked?.has(c.kind));
      if (late.length && request.user && !(reply.sent && reply.statusCode >= 400)) {
        throw new Error(`${route.url} declares ${late.map((c) => c.kind).join(', ')} access in its handler but never checked it`);
      }
      return answer;
    };
  });
}

/** The record id of a query parameter (an optional filter: absent means no check). */
export const fromQuery = (key: string) => (r: FastifyRequest) => (r.query as Record<string, unknown> | undefined)?.[key];
