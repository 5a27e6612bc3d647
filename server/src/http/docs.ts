// OpenAPI documentation: the JSON at /api/docs/json and Swagger UI at /api/docs (the API help
// page links there). Routes document themselves through their schemas; see http/validation.ts.
// finishDocument() then adds what linters ask of every operation (Redocly's recommended ruleset
// passes with no warning, __tests__/server/openapi.test.ts): a stable operationId, the tag list,
// `security: []` on public calls, a 2xx answer for the file routes, and `servers`.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX, APP_API_KEY_HEADER, AUTH_SCHEME } from '../../../src/contract';

export const DOCS_PREFIX = '/api/docs';

export async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'VPN admin panel API',
        version: '1',
        description: `The calls of docs/product.md §7 under ${API_PREFIX}. Send \`Authorization: ${AUTH_SCHEME} <token>\` (Bearer is accepted too). Errors are {message, code, errors?: {field: messageId}}.`,
      },
      components: {
        securitySchemes: {
          jwt: { type: 'apiKey', in: 'header', name: 'Authorization', description: `${AUTH_SCHEME} <token> or Bearer <token>, from users/signin` },
          appApiKey: { type: 'apiKey', in: 'header', name: APP_API_KEY_HEADER, description: "An app's API key: the mobile apps' own calls" },
        },
      },
    },
    transformObject: (document) => finishDocument((document as unknown as { openapiObject: OpenApiDocument }).openapiObject) as never,
    // Shared schemas (registered with $id) appear under their own names in components.
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });

  // Every documented route answers errors in the one shape of docs/architecture.md §5; say so once here.
  app.addHook('onRoute', (route) => {
    if (!route.schema || route.schema.hide) return;
    route.schema = { ...route.schema, response: { '4xx': { $ref: 'Error#' }, '5xx': { $ref: 'Error#' }, ...(route.schema.response as object) } };
  });
}

type Json = Record<string, unknown>;
/** The parts of an OpenAPI operation this file reads or completes. */
interface Operation {
  tags?: string[];
  operationId?: string;
  parameters?: { in?: string; name?: string }[];
  security?: Record<string, string[]>[];
  responses?: Json;
  [key: string]: unknown;
}
interface OpenApiDocument {
  info: Json;
  paths?: Record<string, Record<string, Operation>>;
  [key: string]: unknown;
}

/** What each tag groups, for the top-level tag list (a tag no route uses is left out). */
const TAG_DESCRIPTIONS: Record<string, string> = {
  system: 'Health of the server',
  account: 'Sign-in, the signed-in user, avatars',
  users: 'Staff accounts (docs/product.md §2 users)',
  access: 'Roles and their menus',
  apps: 'Applications',
  'app settings': 'Settings of an application',
  ads: 'Ad settings of an application',
  versions: 'Blocked app versions',
  servers: 'VPN servers',
  profiles: 'Connection profiles (share links) of a server',
  devices: 'Devices of the mobile apps',
  dashboard: "The panel's first page: figures for what the caller may see",
  encryption: 'Domain and word encryption',
  settings: 'Operator names and the privacy policy',
  'mobile apps': "The mobile apps' own calls, with the app API key",
};

/** Verbs an action-named path already starts with (`apps/destroyServer`); other paths get the method's. */
const ACTION =
  /^(get|add|update|destroy|delete|store|change|set|convert|decrypt|show|export|import|signin|signup|logout|block|reset|enable|disable|remove|verify)(?![a-z])/;
const METHOD_VERB: Record<string, string> = { get: 'get', post: 'post', put: 'put', delete: 'delete', patch: 'patch' };
const pascal = (s: string) => s.replace(/(^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_m, _sep, c: string) => c.toUpperCase());
const camel = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * A stable operationId from the method and path, close to the panel's endpoint names:
 * DELETE apps/destroyServer/{id} → destroyServer, GET apps/servers → getServers,
 * POST users/signin/totp → signinTotp. The group segment (apps, users) is left out.
 */
export function operationIdOf(method: string, path: string, withGroup = false): string {
  const parts = path
    .replace(/^\/api(\/v\d+)?\//, '')
    .split('/')
    .filter((p) => p && !p.startsWith('{'));
  const named = !withGroup && parts.length > 1 && ['apps', 'users', 'access'].includes(parts[0]) ? parts.slice(1) : parts;
  const name = camel(named.map(pascal).join(''));
  return ACTION.test(name) ? name : `${METHOD_VERB[method] ?? method}${pascal(name)}`;
}

/** The answers of the routes that send a file or text rather than JSON. */
function fileAnswer(path: string): Json {
  if (path.includes('/flags/')) return { description: 'The flag', content: { 'image/svg+xml': { schema: { type: 'string', format: 'binary' } } } };
  if (path.includes('/avatars/')) {
    const image = { schema: { type: 'string', format: 'binary' } };
    return { description: 'The image', content: { 'image/jpeg': image, 'image/png': image } };
  }
  return { description: 'Success; the operation description says what the body holds' };
}

function finishDocument(doc: OpenApiDocument): OpenApiDocument {
  const used = new Set<string>();
  const ids = new Map<string, number>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHOD_VERB[method]) continue;
      for (const tag of op.tags ?? []) used.add(tag);
      op.operationId ??= operationIdOf(method, path);
      ids.set(op.operationId, (ids.get(op.operationId) ?? 0) + 1);
      const takesAppKey = (op.parameters ?? []).some((p) => p.in === 'header' && p.name === APP_API_KEY_HEADER);
      // No `security` means no token: say so, or name the app key the call takes instead.
      if (takesAppKey) op.security = [{ appApiKey: [] }, ...(op.security ?? []).filter((s) => Object.keys(s).length)];
      else op.security ??= [];
      const codes = Object.keys(op.responses ?? {});
      if (!codes.some((c) => c.startsWith('2'))) op.responses = { 200: fileAnswer(path), ...op.responses };
    }
  }
  // Two routes that derive the same id (apps/destroy/{id}, users/destroy/{id}) keep their group:
  // appsDestroy, usersDestroy.
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (METHOD_VERB[method] && (ids.get(op.operationId ?? '') ?? 0) > 1) op.operationId = operationIdOf(method, path, true);
    }
  }
  return {
    ...doc,
    info: {
      ...doc.info,
      license: {
        // package.json's UNLICENSED: not licensed for use by others; the url explains the convention.
        name: 'UNLICENSED (proprietary)',
        url: 'https://docs.npmjs.com/cli/configuring-npm/package-json#license',
      },
    },
    servers: [{ url: '/', description: 'This server; every path carries its /api prefix' }],
    tags: [...used].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
  };
}
