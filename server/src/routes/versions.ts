// docs/product.md §7 version calls: POST apps/versionBlock (block a version, recording it when new), GET
// apps/versionBlock/{appId} (the app's versions), DELETE apps/version/{id} (an active one) and
// DELETE apps/versionBlock/{id} (a blocked one). Anyone may manage the versions of the apps in
// their scope (the block list is part of the detail page "My applications" keeps); another admin's
// app answers 404. Deleting through the path of the other status answers 409 and deletes nothing,
// so a stale list cannot remove a version that was blocked (or unblocked) meanwhile.
import type { FastifyInstance } from 'fastify';
import { blockVersionSchema, idParamsSchema, type BlockVersionBody, type IdParams } from '../../../src/contract';
import { requireUser } from '../auth/authorize';
import { appScope } from '../auth/rbac';
import { HttpError } from '../http/errors';
import { dataResponse, successResponse } from '../http/schemas';
import { responseSchema, yupSchema } from '../http/validation';
import { fromBody, fromParams } from '../audit/plugin';
import { versionDtoSchema } from '../../../src/contract/responses';
import { owns } from '../auth/access';

const tags = ['versions'];

const versionSchema = responseSchema(versionDtoSchema);

export async function versionRoutes(app: FastifyInstance) {
  app.post<{ Body: BlockVersionBody }>(
    '/apps/versionBlock',
    {
      config: { access: [owns('app', fromBody('appId'))], audit: { action: 'version.block', target: 'appVersions', id: fromBody('appId') } },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags,
        summary: 'Block a version of an application',
        description: "Sets the version's status to false, creating its record when the version is new.",
        body: yupSchema(blockVersionSchema),
        response: { 200: successResponse() },
      },
    },
    async (request) => {
      const { appId, appVersion } = request.body;
      await request.repos.versions.block(appId, appVersion);
      return { success: true };
    },
  );

  app.get<{ Params: IdParams }>(
    '/apps/versionBlock/:id',
    {
      config: { access: [owns('app', fromParams('id'), 'read')] },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags,
        summary: 'The versions of an application (active and blocked), highest first, each with its device count',
        params: yupSchema(idParamsSchema),
        response: { 200: dataResponse({ type: 'array', items: versionSchema }) },
      },
    },
    async (request) => {
      return { data: await request.repos.versions.listForApp(request.params.id) };
    },
  );

  /** DELETE by the path of the version's status: `status` true for apps/version, false for apps/versionBlock. */
  function deleteRoute(path: string, status: boolean) {
    const other = status ? 'apps/versionBlock/{id}' : 'apps/version/{id}';
    app.delete<{ Params: IdParams }>(
      path,
      {
        config: {
          access: [owns('version', fromParams('id'))],
          audit: { action: status ? 'version.delete' : 'version.unblock', target: 'version', id: fromParams('id') },
        },
        preValidation: app.authorize({ any: true }),
        schema: {
          tags,
          summary: status ? 'Delete an active version' : 'Delete a blocked version',
          description: `A ${status ? 'blocked' : 'active'} version answers 409 here (use ${other}).`,
          params: yupSchema(idParamsSchema),
          response: { 200: successResponse() },
        },
      },
      async (request) => {
        const { id } = request.params;
        const version = await request.repos.versions.findInScope(id, appScope(requireUser(request)));
        if (!version) throw HttpError.notFound('Version not found');
        const wrongPath = () => HttpError.conflict(undefined, `This version is ${status ? 'blocked' : 'active'}; delete it through ${other}`);
        if (version.status !== status) throw wrongPath();
        // The status is checked again by the delete itself, in case it changed since the read.
        if (!(await request.repos.versions.deleteWithStatus(id, status))) throw wrongPath();
        return { success: true };
      },
    );
  }
  deleteRoute('/apps/version/:id', true);
  deleteRoute('/apps/versionBlock/:id', false);
}
