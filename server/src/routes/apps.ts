// docs/product.md §7 "Applications and settings", the application records: GET apps (all, or the caller's
// with ?state=appAdmin), GET apps/getApp/{id}, storeApp, updateApp, changeStatus and destroy.
// This module also registers the rest of the group (settings, ads, versions), so app.ts needs one
// line for all of it.
//
// Rights (docs/product.md §2, §6): everyone reaches only the apps in their scope (rbac appScope: role_id 1 all
// apps, anyone else the apps they administer; out of scope is 404). Creating, editing and deleting
// app records belongs to the admin role (role_id 1 or the role named admin): "My applications" is
// the same list without edit and delete. The status toggle stays in that list, so anyone may switch
// their own apps on and off.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  V,
  appSchema,
  appsQuerySchema,
  changeStatusParams,
  idParamsSchema,
  type AppBody,
  type AppsQuery,
  type ChangeStatusParams,
  type IdParams,
} from '../../../src/contract';
import { requireUser, type AuthUser } from '../auth/authorize';
import { appScope, can } from '../auth/rbac';
import { isUniqueViolation } from '../db/helpers';
import { apps } from '../db/schema';
import { HttpError } from '../http/errors';
import { dataResponse, successResponse } from '../http/schemas';
import { responseSchema, yupSchema } from '../http/validation';
import { appListItemSchema } from '../../../src/contract/responses';
import { appWithSettingsSchema } from '../../../src/contract/responses-settings';
import { createdData, fromParams } from '../audit/plugin';
import { owns, noRecord } from '../auth/access';
import type { Repositories } from '../repositories';

const tags = ['apps'];

/** Who may create, edit and delete app records. */
export const APP_ADMIN_RULE = { policy: 'apps:manage' } as const;

export const appResponseSchema = responseSchema(appListItemSchema);

export async function appRoutes(app: FastifyInstance) {
  /** adminId must name an active app admin; an app may keep the admin it has. */
  async function checkAppBody(repos: Repositories, body: AppBody, existing?: { id: number; adminId: number }) {
    if (body.adminId !== existing?.adminId && !(await repos.apps.isActiveAppAdmin(body.adminId))) {
      throw HttpError.validation({ adminId: V.oneOf }, 'adminId must name an active app admin');
    }
    if (await repos.apps.packageNameTaken(body.packageName, existing?.id)) throw packageNameTaken();
  }

  async function appDto(repos: Repositories, user: AuthUser, id: number) {
    const dto = await repos.apps.findDto(id, can(user, 'apps:sourceHosts'));
    if (!dto) throw HttpError.notFound('Application not found');
    return dto;
  }

  app.get<{ Querystring: AppsQuery }>(
    '/apps',
    {
      config: { access: noRecord("the list is limited to the caller's reach by its query") },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags,
        summary: "List applications: all in scope, or the caller's own with ?state=appAdmin",
        description:
          'role_id 1 gets every app, anyone else the apps they administer; state=appAdmin limits anyone to their own. ' +
          'Optional filters: search (name, package name, admin name, API key) and active=all|true|false. ' +
          'role_id 1 also gets the five encrypted source-host values per app.',
        querystring: yupSchema(appsQuerySchema),
        response: { 200: dataResponse({ type: 'array', items: appResponseSchema }) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { state, search, active } = request.query;
      const scope = state === 'appAdmin' ? eq(apps.adminId, user.id) : appScope(user);
      return { data: await request.repos.apps.list({ scope, search, active, withSourceHosts: can(user, 'apps:sourceHosts') }) };
    },
  );

  app.get<{ Params: IdParams }>(
    '/apps/getApp/:id',
    {
      config: { access: [owns('app', fromParams('id'), 'read')] },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags,
        summary: 'One application with its settings',
        description:
          'settings holds every docs/product.md §3 settings field; newCoreKey, newCoreIv, cppKey and cppIv only for role_id 1. The robot API key is never answered.',
        params: yupSchema(idParamsSchema),
        response: { 200: dataResponse(responseSchema(appWithSettingsSchema)) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const data = await appDto(request.repos, user, request.params.id);
      const settings = await request.repos.appSettings.find(request.params.id, can(user, 'apps:advancedSettings'));
      return { data: { ...data, settings } };
    },
  );

  app.post<{ Body: AppBody }>(
    '/apps/storeApp',
    {
      config: { access: noRecord('creates an app; its admin is checked as a reference'), audit: { action: 'app.create', target: 'app', created: createdData } },
      preValidation: app.authorize(APP_ADMIN_RULE),
      schema: {
        tags,
        summary: 'Create an application',
        description:
          'Generates the apiKey (256 bits), newCoreKey (32 characters), newCoreIv (16), cppKey and cppIv, and the settings and ad settings rows. ' +
          'adminId must name an active app admin (400 adminId); a used packageName is a 409 (packageName: validation.taken).',
        body: yupSchema(appSchema),
        response: { 200: successResponse(appResponseSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await checkAppBody(request.repos, request.body);
      const id = await request.repos.apps.create(request.body).catch(rethrowTaken);
      return { success: true, data: await appDto(request.repos, user, id) };
    },
  );

  app.put<{ Params: IdParams; Body: AppBody }>(
    '/apps/updateApp/:id',
    {
      config: { access: [owns('app', fromParams('id'))], audit: { action: 'app.update', target: 'app', id: fromParams('id') } },
      preValidation: app.authorize(APP_ADMIN_RULE),
      schema: {
        tags,
        summary: 'Edit an application record',
        description: 'Same body and rules as storeApp; an app may keep its current admin even if that user is no longer an active app admin.',
        params: yupSchema(idParamsSchema),
        body: yupSchema(appSchema),
        response: { 200: successResponse(appResponseSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { id } = request.params;
      const existing = await request.repos.apps.findById(id);
      if (!existing) throw HttpError.notFound('Application not found');
      await checkAppBody(request.repos, request.body, existing);
      await request.repos.apps.update(id, request.body).catch(rethrowTaken);
      return { success: true, data: await appDto(request.repos, user, id) };
    },
  );

  app.put<{ Params: ChangeStatusParams }>(
    '/apps/changeStatus/:id/:state',
    {
      config: { access: [owns('app', fromParams('id'))], audit: { action: 'app.status', target: 'app', id: fromParams('id') } },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags,
        summary: 'Switch an application on or off',
        description: 'state is true/false (1/0 accepted).',
        params: yupSchema(changeStatusParams),
        response: { 200: successResponse() },
      },
    },
    async (request) => {
      const { id, state } = request.params;
      await request.repos.apps.setActive(id, state);
      return { success: true };
    },
  );

  app.delete<{ Params: IdParams }>(
    '/apps/destroy/:id',
    {
      config: { access: [owns('app', fromParams('id'))], audit: { action: 'app.delete', target: 'app', id: fromParams('id') } },
      preValidation: app.authorize(APP_ADMIN_RULE),
      schema: {
        tags,
        summary: 'Delete an application',
        description: 'Removes its settings, ad settings, versions, devices and server links in one transaction; the servers stay.',
        params: yupSchema(idParamsSchema),
        response: { 200: successResponse() },
      },
    },
    async (request) => {
      const { id } = request.params;
      await request.repos.apps.destroy(id);
      return { success: true };
    },
  );
}

const packageNameTaken = () => HttpError.conflict({ packageName: V.taken }, 'This package name is already used');

/** Two requests racing for one package name: the unique index decides, and the loser gets the 409. */
function rethrowTaken(err: unknown): never {
  throw isUniqueViolation(err) ? packageNameTaken() : err;
}
