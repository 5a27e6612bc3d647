// Roles and the operation catalogue (docs/product.md §6; docs/product.md §3 Role, §6): access/roles as the
// option list any signed-in user reads (moved here from users.ts), and for role_id 1 the role
// records, their grants (menu items, API operations, scope) and the catalogue grants name.
//
// Safety rules the server owns: role_id 1 holds every operation and menu item and cannot be edited
// or deleted (409 ROLE_PROTECTED), nor can the seeded roles be deleted; a role some user holds is
// not deleted (409 ROLE_IN_USE); a role has a Persian and an English name, the English one unique
// (409 CONFLICT {name: taken}); a grant naming an
// operation or a menu item that does not exist is a 400. Grants are read on every request
// (auth/authorize.ts), so a change applies at the user's next call on every instance.
import type { FastifyInstance } from 'fastify';
import {
  ERROR_CODES,
  ROLE_IDS,
  V,
  idParamsSchema,
  permissionsInputSchema,
  roleInputSchema,
  type IdParams,
  type PermissionsInput,
  type RoleInput,
  type RoleWithGrants,
} from '../../../src/contract';
import { createdData, fromParams } from '../audit/plugin';
import { requireUser } from '../auth/authorize';
import { can } from '../auth/rbac';
import { isForeignKeyViolation, isUniqueViolation } from '../db/helpers';
import { HttpError } from '../http/errors';
import { dataResponse, successResponse } from '../http/schemas';
import { responseSchema, yupSchema } from '../http/validation';
import { operationSchema, roleDetailSchema, roleListItemSchema, roleWithGrantsSchema } from '../../../src/contract/responses-users';
import type { Repositories } from '../repositories';
import type { RoleTexts } from '../repositories/roles';
import { noRecord } from '../auth/access';

const tags = ['access'];
const topAdmin = { policy: 'access:manage' } as const;
/** Roles the product is built around: never deleted (role_id 1 not even edited). */
const SEEDED_ROLE_IDS: readonly number[] = [ROLE_IDS.topAdmin, ROLE_IDS.appAdmin, ROLE_IDS.restricted];

const operationJson = responseSchema(operationSchema);
const roleJson = responseSchema(roleListItemSchema);
const roleDetailJson = responseSchema(roleDetailSchema);
const roleWithGrantsJson = responseSchema(roleWithGrantsSchema);

const errors = {
  noRole: () => HttpError.notFound('Role not found'),
  protectedRole: (what: string) => new HttpError(409, ERROR_CODES.roleProtected, what),
  inUse: (n: number) => new HttpError(409, ERROR_CODES.roleInUse, `${n} user(s) hold this role; give them another role first`),
  nameTaken: () => HttpError.conflict({ name: V.taken }, 'A role with this name exists'),
};

/** What a role call writes: both names, and both descriptions (absent or empty: none). */
const roleTexts = ({ pName, name, pDescription, description }: RoleInput): RoleTexts => ({
  pName,
  name,
  pDescription: pDescription ?? null,
  description: description ?? null,
});

export async function accessRoutes(app: FastifyInstance) {
  /** The role with its grants; role_id 1 holds every menu item and operation. */
  async function withGrants(repos: Repositories, id: number): Promise<RoleWithGrants> {
    const role = await repos.roles.detail(id);
    if (!role) throw errors.noRole();
    if (id === ROLE_IDS.topAdmin) {
      return {
        ...role,
        scope: 'all',
        menuIds: await repos.menu.allIds(),
        operations: app.operations.operations.map(({ method, route }) => ({ method, route })),
      };
    }
    return { ...role, ...(await repos.roles.grants(id)) };
  }

  async function saveRole(write: () => Promise<unknown>) {
    try {
      await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw errors.nameTaken();
      throw err;
    }
  }

  app.get(
    '/access/operations',
    {
      config: { access: noRecord('the route table itself') },
      preValidation: app.authorize(topAdmin),
      schema: {
        tags,
        summary: 'Every API operation a role can be granted {method, route, tag, summary}',
        description:
          'Read from the route table itself (the data behind this OpenAPI document). The account calls (users/current, logout, changepass, avatar, two-factor) and the role options need no grant and are not listed.',
        response: { 200: dataResponse({ type: 'array', items: operationJson }) },
      },
    },
    async () => ({ data: app.operations.operations }),
  );

  app.get(
    '/access/roles',
    {
      preValidation: app.authorize({ any: true, noGrant: true }),
      schema: {
        tags,
        summary: 'Role choices {id, name, pName}; for role_id 1 also the descriptions, createdAt, usersCount and scope',
        description: 'Names only (English name and Persian pName) for anyone but role_id 1, so any signed-in user may read it.',
        response: { 200: dataResponse({ type: 'array', items: roleJson }) },
      },
    },
    async (request) => ({ data: can(requireUser(request), 'access:manage') ? await request.repos.roles.details() : await request.repos.roles.options() }),
  );

  app.get<{ Params: IdParams }>(
    '/access/roles/:id',
    {
      config: { access: noRecord('roles belong to no app (role_id 1)') },
      preValidation: app.authorize(topAdmin),
      schema: {
        tags,
        operationId: 'getRole',
        summary: 'One role with its grants: menuIds, operations and scope',
        params: yupSchema(idParamsSchema),
        response: { 200: dataResponse(roleWithGrantsJson) },
      },
    },
    async (request) => ({ data: await withGrants(request.repos, request.params.id) }),
  );

  app.post<{ Body: RoleInput }>(
    '/access/roles',
    {
      config: { access: noRecord('roles belong to no app (role_id 1)'), audit: { action: 'role.create', target: 'role', created: createdData } },
      preValidation: app.authorize(topAdmin),
      schema: {
        tags,
        operationId: 'createRole',
        summary: 'Create a role {pName, name, pDescription, description}',
        description:
          'A Persian name (pName) and an English name (name, unique), each description optional. The new role has scope own and no grants. 409 with errors.name = taken when the English name exists.',
        body: yupSchema(roleInputSchema),
        response: { 200: successResponse(roleDetailJson) },
      },
    },
    async (request) => {
      let id = 0;
      await saveRole(async () => (id = await request.repos.roles.create(roleTexts(request.body))));
      return { success: true, data: await request.repos.roles.detail(id) };
    },
  );

  app.put<{ Params: IdParams; Body: RoleInput }>(
    '/access/roles/:id',
    {
      config: { access: noRecord('roles belong to no app (role_id 1)'), audit: { action: 'role.update', target: 'role', id: fromParams('id') } },
      preValidation: app.authorize(topAdmin),
      schema: {
        tags,
        operationId: 'updateRole',
        summary: "Edit a role's names and descriptions {pName, name, pDescription, description}",
        description:
          'A description left out or empty is cleared. 409 ROLE_PROTECTED for role_id 1; 409 with errors.name = taken when another role has the English name.',
        params: yupSchema(idParamsSchema),
        body: yupSchema(roleInputSchema),
        response: { 200: successResponse(roleDetailJson) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (id === ROLE_IDS.topAdmin) throw errors.protectedRole('role_id 1 cannot be edited');
      let found = false;
      await saveRole(async () => (found = await request.repos.roles.update(id, roleTexts(request.body))));
      if (!found) throw errors.noRole();
      return { success: true, data: await request.repos.roles.detail(id) };
    },
  );

  app.put<{ Params: IdParams; Body: PermissionsInput }>(
    '/access/roles/:id/permissions',
    {
      config: { access: noRecord('roles belong to no app (role_id 1)'), audit: { action: 'role.permissions', target: 'roleGrants', id: fromParams('id') } },
      preValidation: app.authorize(topAdmin),
      schema: {
        tags,
        operationId: 'updateRolePermissions',
        summary: "Replace a role's grants {menuIds, operations, scope}",
        description:
          "Takes effect on the users' next request. A grant only narrows: the fixed rules (ownership, role_id 1-only fields, role_id 5 limits) still hold. " +
          '400 with errors.operations or errors.menuIds = oneOf for an operation (see access/operations) or menu item that does not exist; 409 ROLE_PROTECTED for role_id 1.',
        params: yupSchema(idParamsSchema),
        body: yupSchema(permissionsInputSchema),
        response: { 200: successResponse(roleWithGrantsJson) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (id === ROLE_IDS.topAdmin) throw errors.protectedRole('role_id 1 holds every operation and menu item');
      const { menuIds, operations, scope } = request.body;
      if (operations.some((op) => !app.operations.has(op))) throw HttpError.validation({ operations: V.oneOf }, 'Unknown operation');
      if (!(await request.repos.roles.exists(id))) throw errors.noRole();
      if ((await request.repos.menu.missing(menuIds)).length) throw HttpError.validation({ menuIds: V.oneOf }, 'Unknown menu item');
      await request.repos.roles.replaceGrants(id, { menuIds, operations, scope });
      const data = await withGrants(request.repos, id);
      return { success: true, data };
    },
  );

  app.delete<{ Params: IdParams }>(
    '/access/roles/:id',
    {
      config: { access: noRecord('roles belong to no app (role_id 1)'), audit: { action: 'role.delete', target: 'role', id: fromParams('id') } },
      preValidation: app.authorize(topAdmin),
      schema: {
        tags,
        operationId: 'deleteRole',
        summary: 'Delete a role with its grants',
        description: '409 ROLE_PROTECTED for the seeded roles (1, 2, 5); 409 ROLE_IN_USE while users hold it.',
        params: yupSchema(idParamsSchema),
        response: { 200: successResponse() },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (SEEDED_ROLE_IDS.includes(id)) throw errors.protectedRole('The seeded roles cannot be deleted');
      if (!(await request.repos.roles.exists(id))) throw errors.noRole();
      const holders = await request.repos.roles.usersCount(id);
      if (holders) throw errors.inUse(holders);
      await request.repos.roles.remove(id).catch((err: unknown) => {
        // A user was given the role meanwhile (users.role_id is ON DELETE RESTRICT).
        throw isForeignKeyViolation(err) ? errors.inUse(1) : err;
      });
      return { success: true };
    },
  );
}
