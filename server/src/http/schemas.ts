// JSON Schemas of responses, for the OpenAPI page and for Fastify's serializer. Nullable fields
// must say `nullable: true`: the serializer would otherwise turn a null string into "".
import type { FastifyInstance } from 'fastify';
import { errorBodySchema } from '../../../src/contract/responses-errors';
import { MENU_ITEM_REF, menuItemSchema } from '../../../src/contract/responses-users';
import { responseSchema } from './validation';

/** Building blocks of the response schemas, one copy each. */
export const str = { type: 'string' } as const;
export const nullableStr = { type: 'string', nullable: true } as const;

export const errorResponse = responseSchema(errorBodySchema);

/** `{success: true, data?}` (docs/architecture.md §5 mutations). */
export const successResponse = (data?: object) => ({
  type: 'object',
  properties: { success: { type: 'boolean' }, ...(data && { data }) },
  required: ['success'],
});

/** `{data}` (docs/architecture.md §5 reads). */
export const dataResponse = (data: object) => ({ type: 'object', properties: { data }, required: ['data'] });

/** Shared schemas referenced by `$ref: '<id>#'`; registered once in app.ts. */
export function registerSharedSchemas(app: FastifyInstance) {
  app.addSchema({ $id: MENU_ITEM_REF, ...responseSchema(menuItemSchema) });
  app.addSchema({ $id: 'Error', ...errorResponse });
}
