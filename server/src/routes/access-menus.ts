// The menu tree as the top admin edits it (docs/product.md §6; docs/product.md §3 Permission, §2 Layout shell):
// read the whole tree, add a root or child item (appended last among its siblings), edit names and
// route, delete with its descendants (the answer says how many went), move one step among siblings.
// A new item is granted to nobody but role_id 1, who holds every item; the sidebar of every other
// role follows its menu grants (access/roles/{id}/permissions) on the next users/current.
import type { FastifyInstance } from 'fastify';
import {
  V,
  idParamsSchema,
  menuInputSchema,
  menuMoveSchema,
  menuUpdateSchema,
  type IdParams,
  type MenuInput,
  type MenuItem,
  type MenuMoveInput,
  type MenuUpdateInput,
} from '../../../src/contract';
import { createdData, fromParams } from '../audit/plugin';
import { HttpError } from '../http/errors';
import { dataResponse, successResponse } from '../http/schemas';
import { responseSchema, yupSchema } from '../http/validation';
import { menuDeleteResultSchema } from '../../../src/contract/responses';
import { menuItemRefSchema } from '../../../src/contract/responses-users';
import type { Repositories } from '../repositories';
import { noRecord } from '../auth/access';

const tags = ['access'];
const topAdmin = { policy: 'access:manage' } as const;
const menuItem = responseSchema(menuItemRefSchema);

async function itemDto(repos: Repositories, id: number): Promise<MenuItem> {
  const row = await repos.menu.find(id);
  if (!row) throw HttpError.notFound('Menu item not found');
  return { id: row.id, route: row.route, pName: row.pName, enName: row.enName, children: [] };
}

export async function accessMenuRoutes(app: FastifyInstance) {
  app.get(
    '/access/menus',
    {
      config: { access: noRecord('the menu tree is one table for every app') },
      preValidation: app.authorize(topAdmin),
      schema: { tags, summary: 'The whole menu tree, in menu order', response: { 200: dataResponse({ type: 'array', items: menuItem }) } },
    },
    async (request) => ({ data: await request.repos.menu.tree() }),
  );

  app.post<{ Body: MenuInput }>(
    '/access/menus',
    {
      config: { access: noRecord('the menu tree is one table for every app'), audit: { action: 'menu.create', target: 'menu', created: createdData } },
      preValidation: app.authorize(topAdmin),
      schema: {
        tags,
        operationId: 'createMenu',
        summary: 'Add a menu item {pName, enName, route, parentId}',
        description: 'parentId null makes a root item; the item goes last among its siblings. 400 with errors.parentId = oneOf for an unknown parent.',
        body: yupSchema(menuInputSchema),
        response: { 200: successResponse(menuItem) },
      },
    },
    async (request) => {
      const { parentId, ...fields } = request.body;
      if (parentId !== null && !(await request.repos.menu.find(parentId))) throw HttpError.validation({ parentId: V.oneOf }, 'Unknown parent');
      const data = await itemDto(request.repos, await request.repos.menu.create({ ...fields, parentId }));
      return { success: true, data };
    },
  );

  app.put<{ Params: IdParams; Body: MenuUpdateInput }>(
    '/access/menus/:id',
    {
      config: { access: noRecord('the menu tree is one table for every app'), audit: { action: 'menu.update', target: 'menu', id: fromParams('id') } },
      preValidation: app.authorize(topAdmin),
      schema: {
        tags,
        operationId: 'updateMenu',
        summary: "Edit a menu item's names and route",
        description: 'The parent and the position stay (move with access/menus/{id}/move).',
        params: yupSchema(idParamsSchema),
        body: yupSchema(menuUpdateSchema),
        response: { 200: successResponse(menuItem) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await request.repos.menu.update(id, request.body))) throw HttpError.notFound('Menu item not found');
      return { success: true, data: await itemDto(request.repos, id) };
    },
  );

  app.delete<{ Params: IdParams }>(
    '/access/menus/:id',
    {
      config: { access: noRecord('the menu tree is one table for every app'), audit: { action: 'menu.delete', target: 'menu', id: fromParams('id') } },
      preValidation: app.authorize(topAdmin),
      schema: {
        tags,
        operationId: 'deleteMenu',
        summary: 'Delete a menu item with its descendants',
        description: 'Answers {removed}: how many items went, the item itself included. Their grants go with them.',
        params: yupSchema(idParamsSchema),
        response: { 200: successResponse(responseSchema(menuDeleteResultSchema)) },
      },
    },
    async (request) => {
      const removed = await request.repos.menu.remove(request.params.id);
      if (!removed) throw HttpError.notFound('Menu item not found');
      return { success: true, data: { removed } };
    },
  );

  app.put<{ Params: IdParams; Body: MenuMoveInput }>(
    '/access/menus/:id/move',
    {
      config: { access: noRecord('the menu tree is one table for every app'), audit: { action: 'menu.move', target: 'menu', id: fromParams('id') } },
      preValidation: app.authorize(topAdmin),
      schema: {
        tags,
        operationId: 'moveMenu',
        summary: 'Move a menu item one step up or down among its siblings {direction}',
        description: 'At the first or last place it stays where it is.',
        params: yupSchema(idParamsSchema),
        body: yupSchema(menuMoveSchema),
        response: { 200: successResponse() },
      },
    },
    async (request) => {
      const item = await request.repos.menu.find(request.params.id);
      if (!item) throw HttpError.notFound('Menu item not found');
      await request.repos.menu.move(item, request.body.direction);
      return { success: true };
    },
  );
}
