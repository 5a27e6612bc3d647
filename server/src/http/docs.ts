// OpenAPI documentation: the JSON at /api/docs/json and Swagger UI at /api/docs (the API help
// page links there). Routes document themselves through their schemas; see http/validation.ts.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX, AUTH_SCHEME } from '../../../src/contract';

export const DOCS_PREFIX = '/api/docs';

export async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'VPN admin panel API',
        version: '1',
        description: `The calls of SPEC.md §7 under ${API_PREFIX}. Send \`Authorization: ${AUTH_SCHEME} <token>\` (Bearer is accepted too). Errors are {message, code, errors?: {field: messageId}}.`,
      },
      components: {
        securitySchemes: {
          jwt: { type: 'apiKey', in: 'header', name: 'Authorization', description: `${AUTH_SCHEME} <token> or Bearer <token>, from users/signin` },
        },
      },
    },
    // Shared schemas (registered with $id) appear under their own names in components.
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });

  // Every documented route answers errors in the one shape of ARCHITECTURE §5; say so once here.
  app.addHook('onRoute', (route) => {
    if (!route.schema || route.schema.hide) return;
    route.schema = { ...route.schema, response: { '4xx': { $ref: 'Error#' }, '5xx': { $ref: 'Error#' }, ...(route.schema.response as object) } };
  });
}
