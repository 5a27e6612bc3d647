// JSON Schemas of responses, for the OpenAPI page and for Fastify's serializer: the envelopes around
// the bodies, which are derived from src/contract/responses*.ts (http/validation.ts responseSchema),
// and the shared schemas referred to by id.
import type { FastifyInstance } from 'fastify';
import { errorBodySchema } from '../../../src/contract/responses-errors';
import { MENU_ITEM_REF, menuItemSchema } from '../../../src/contract/responses-users';
import { responseSchema } from './validation';

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
