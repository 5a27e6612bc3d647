// JSON Schemas of responses, for the OpenAPI page and for Fastify's serializer. Nullable fields
// must say `nullable: true`: the serializer would otherwise turn a null string into "".
import type { FastifyInstance } from 'fastify';

/** Building blocks of the response schemas, one copy each. */
export const str = { type: 'string' } as const;
export const nullableStr = { type: 'string', nullable: true } as const;

export const errorResponse = {
  type: 'object',
  properties: { message: str, code: str, errors: { type: 'object', additionalProperties: str } },
  required: ['message', 'code'],
} as const;

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
  app.addSchema({
    $id: 'MenuItem',
    type: 'object',
    properties: {
      id: { type: 'integer' },
      route: str,
      pName: str,
      enName: str,
      children: { type: 'array', items: { $ref: 'MenuItem#' } },
    },
    required: ['id', 'route', 'pName', 'enName', 'children'],
  });
  app.addSchema({ $id: 'Error', ...errorResponse });
}

export const currentUserSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: str,
    family: str,
    eName: nullableStr,
    eFamily: nullableStr,
    username: str,
    email: str,
    mobile: nullableStr,
    address: nullableStr,
    website: nullableStr,
    about: nullableStr,
    sex: { type: 'integer', enum: [0, 1] },
    birthdate: nullableStr,
    active: { type: 'boolean' },
    role_id: { type: 'integer' },
    role: { type: 'object', properties: { id: { type: 'integer' }, name: str }, required: ['id', 'name'] },
    avatar: { ...nullableStr, description: 'URL of the avatar image, or null' },
    createdAt: { ...str, format: 'date-time', description: 'The joined date' },
    updatedAt: { ...str, format: 'date-time' },
    permissions: { type: 'array', items: { $ref: 'MenuItem#' } },
    needToChangePass: { type: 'boolean' },
    totpEnabled: { type: 'boolean' },
    totpEnrollmentRequired: { type: 'boolean' },
    access: {
      type: 'object',
      description: 'The role\'s scope and operation grants; role_id 1 holds every operation',
      properties: {
        scope: { type: 'string', enum: ['own', 'all'] },
        operations: { type: 'array', items: { type: 'object', properties: { method: str, route: str }, required: ['method', 'route'] } },
      },
      required: ['scope', 'operations'],
    },
  },
} as const;
