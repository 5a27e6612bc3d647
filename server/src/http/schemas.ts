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

const str = { type: 'string' };
/** A 2xx whose body is not JSON (a file, a page, a subscription): its media types, each with its schema. */
export const fileAnswer = (description: string, types: Record<string, object>, headers?: Record<string, object>) => ({
  description,
  content: Object.fromEntries(Object.entries(types).map(([type, schema]) => [type, { schema }])),
  ...(headers && { headers }),
});
/** The body of a text answer. */
export const textBody = str;
/** 304 Not Modified: no body; the ETag and caching headers as the 200 sends them. */
export const notModified = (headers: Record<string, object>) => ({
  type: 'null',
  description: 'Not modified since the ETag sent in If-None-Match; no body',
  headers,
});
/** The headers of an answer cached by ETag. */
export const etagHeaders = (vary: string) => ({
  etag: { ...str, description: 'Strong ETag of the body; send it back as If-None-Match' },
  'cache-control': { ...str, description: 'private, no-cache: keep it, but ask again with If-None-Match' },
  vary: { ...str, description: `The request headers the answer depends on: ${vary}` },
});
