// docs/product.md §7 "Servers": list, create, update and delete VPN servers (docs/product.md §2 "Server lists").
// Who may do what: the top admin (role_id 1) every server; any other signed-in user — app admins,
// and role_id 5 alike — the servers linked to an app they administer, and only links to their own
// apps. Out-of-scope servers answer 404 and nothing changes (auth/rbac.ts). The stored password is
// sealed with AES-256-GCM and never sent back, not even sealed: the list says `hasPassword`.
import type { FastifyInstance } from 'fastify';
import {
  V,
  idParamsSchema,
  idsSchema,
  serverSchema,
  serverUpdateSchema,
  serversQuerySchema,
  type IdParams,
  type IdsBody,
  type ServerBody,
  type ServersQuery,
  type ServerUpdateBody,
} from '../../../src/contract';
import { requireUser, type AuthUser } from '../auth/authorize';
import { can, reachesAll } from '../auth/rbac';
import { isForeignKeyViolation } from '../db/helpers';
import { HttpError } from '../http/errors';
import { dataResponse, successResponse } from '../http/schemas';
import { responseSchema, yupSchema } from '../http/validation';

import type { ServerScope, ServerValues } from '../repositories/servers';
import { createdData, fromBody, fromParams } from '../audit/plugin';
import { deletedCountSchema, serverDtoSchema } from '../../../src/contract/responses';
import { fromQuery, noRecord, owns, sharedFor } from '../auth/access';
import type { Repositories } from '../repositories';

const tags = ['servers'];
export const SERVER_PASSWORD_CONTEXT = 'server.password';

const serverDtoJson = responseSchema(serverDtoSchema);

/** Everything for the top admin; otherwise the servers of the caller's own apps. */
const scopeOf = (user: AuthUser): ServerScope => ({ adminId: reachesAll(user) ? null : user.id });
/** Whom a server's `shared` is told for: everyone but role_id 1 learns whether they may change it (auth/access.ts). */
const sharedForOf = (user: AuthUser): number | undefined => (can(user, 'scope:all') ? undefined : user.id);

export async function serverRoutes(app: FastifyInstance) {
  /** 400 naming appId (an app that does not exist or is not the caller's) and/or countryId (unknown). */
  async function checkReferences(repos: Repositories, user: AuthUser, body: ServerBody) {
    const errors: Record<string, string> = {};
    const usable = await repos.servers.usableAppIds(body.appId, scopeOf(user));
    if (usable.length !== body.appId.length) errors.appId = V.oneOf;
    if (!(await repos.countries.exists(body.countryId))) errors.countryId = V.oneOf;
    if (Object.keys(errors).length) throw HttpError.validation(errors);
  }

  const values = (body: ServerBody, passwordEnc: string | null | undefined): ServerValues => ({
    ip: body.ip,
    countryId: body.countryId,
    username: body.username ?? null,
    port: body.port,
    passwordEnc,
  });

  /** A country or app deleted between the check and the write is still the caller's bad input. */
  const referenceRace = (err: unknown): never => {
    if (isForeignKeyViolation(err)) throw HttpError.validation({ countryId: V.oneOf, appId: V.oneOf });
    throw err;
  };

  async function dto(repos: Repositories, user: AuthUser, id: number) {
    const [server] = await repos.servers.list(scopeOf(user), { id }, sharedForOf(user));
    return server;
  }

  app.get<{ Querystring: ServersQuery }>(
    '/apps/servers',
    {
      config: { access: [owns('app', fromQuery('appId'), 'read')] },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags,
        summary: "Servers: all (appId=null), the caller's (state=appAdmin) or one app's (appId=<id>)",
        description:
          'The top admin gets every server; anyone else only the servers linked to apps they administer, whatever the query. ' +
          "`state=appAdmin` limits to the caller's own apps even for the top admin. An appId outside the caller's apps answers 404.",
        querystring: yupSchema(serversQuerySchema),
        response: { 200: dataResponse({ type: 'array', items: serverDtoJson }) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { appId, state } = request.query;
      const scope = state === 'appAdmin' ? { adminId: user.id } : scopeOf(user);
      return { data: await request.repos.servers.list(scope, { appId }, sharedForOf(user)) };
    },
  );

  app.post<{ Body: ServerBody }>(
    '/apps/addServer',
    {
      config: {
        access: noRecord('creates a server; its apps are checked as references'),
        audit: { action: 'server.create', target: 'server', created: createdData },
      },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags,
        summary: 'Create a server linked to one or more apps',
        description:
          'Every appId must be an app the caller may manage (400 on appId otherwise); countryId must exist (400). ' +
          'The password is stored encrypted. Answers the created server.',
        body: yupSchema(serverSchema),
        response: { 200: successResponse(serverDtoJson) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const body = request.body;
      await checkReferences(request.repos, user, body);
      const passwordEnc = body.password ? app.secrets.seal(body.password, SERVER_PASSWORD_CONTEXT) : null;
      const id = await request.repos.servers.create(values(body, passwordEnc), body.appId).catch(referenceRace);
      return { success: true, data: await dto(request.repos, user, id) };
    },
  );

  app.put<{ Params: IdParams; Body: ServerUpdateBody }>(
    '/apps/updateServer/:id',
    {
      config: { access: [owns('server', fromParams('id'), 'link')], audit: { action: 'server.update', target: 'server', id: fromParams('id') } },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags,
        summary: 'Update a server',
        description:
          "A blank or missing password keeps the stored one. appId replaces the links to the caller's own apps; links to " +
          'apps of other admins are kept, so an app admin unlinks their apps from a shared server by sending appId: [] ' +
          "(400 on appId when no app would be left). 404 when the server is not the caller's. Answers the updated server " +
          "(404 after an unlink: it is no longer the caller's).",
        params: yupSchema(idParamsSchema),
        body: yupSchema(serverUpdateSchema),
        response: { 200: successResponse(serverDtoJson) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { id } = request.params;
      const body = request.body;
      if (body.appId.length === 0) {
        // Unlinking is for a server that stays in use: some app outside the caller's must keep it.
        const others = can(user, 'scope:all') ? [] : await sharedFor(request.db, user.id, [id]);
        if (!others.length) throw HttpError.validation({ appId: V.required });
      }
      await checkReferences(request.repos, user, body);
      const stored = await request.repos.servers.credentials(id);
      // A kept password still needs its username (the same rule as a new one).
      if (!body.password && stored?.hasPassword && body.username == null) throw HttpError.validation({ username: V.required });
      const passwordEnc = body.password ? app.secrets.seal(body.password, SERVER_PASSWORD_CONTEXT) : undefined;
      await request.repos.servers.update(id, values(body, passwordEnc), body.appId, scopeOf(user)).catch(referenceRace);
      return { success: true, data: await dto(request.repos, user, id) };
    },
  );

  app.delete<{ Params: IdParams }>(
    '/apps/destroyServer/:id',
    {
      config: { access: [owns('server', fromParams('id'))], audit: { action: 'server.delete', target: 'server', id: fromParams('id') } },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags,
        summary: 'Delete a server with its profiles',
        description:
          "The profiles and app links go with it, in one transaction. 404 when the server is not the caller's; 409 SERVER_SHARED " +
          'when an app admin asks and apps of other admins use it too (unlink with PUT apps/updateServer/{id} instead).',
        params: yupSchema(idParamsSchema),
        response: { 200: successResponse() },
      },
    },
    async (request) => {
      await request.repos.servers.remove([request.params.id]);
      return { success: true };
    },
  );

  app.post<{ Body: IdsBody }>(
    '/apps/destroyMultipleServers',
    {
      config: { access: [owns('server', fromBody('ids'))], audit: { action: 'server.deleteMany', target: 'server', id: fromBody('ids') } },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags,
        summary: 'Delete several servers with their profiles',
        description:
          "All or nothing: when any id is missing or not the caller's, 404 and nothing is deleted; when an app admin asks and " +
          'any of them is shared with apps of other admins, 409 SERVER_SHARED and nothing is deleted. Duplicate ids are a 400.',
        body: yupSchema(idsSchema),
        response: { 200: successResponse(responseSchema(deletedCountSchema)) },
      },
    },
    async (request) => {
      const { ids } = request.body;
      const deleted = await request.repos.servers.remove(ids);
      return { success: true, data: { deleted } };
    },
  );
}
