// The mobile apps' config call (docs/product.md §7 "Mobile apps"): GET apps/client/config with the `appapikey` header,
// and the public policy page it links to, GET apps/client/privacy. How the answer is built and
// cached is in domain/client-config.ts; how it stays fresh is the per-app config version, bumped by
// database triggers in the same transaction as every change it depends on (migration 0004), and
// compared on every call by one indexed lookup. So a change saved through any instance is in the
// next answer of every instance, and nothing else is ever invalidated by hand.
//
// Caching headers: `ETag` is strong (SHA-256 of the body, so equal answers carry equal tags on every
// instance); `Cache-Control: private, no-cache` lets the app keep the answer but makes it ask every
// time, which costs a 304 with no body while nothing changed; `Vary: appapikey` because the header
// picks the app. The per-instance cache and the batch of seen devices are services/client-config.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ClientApp } from '../repositories/client-config';
import {
  APP_API_KEY_HEADER,
  ERROR_CODES,
  OPERATORS,
  clientConfigPreviewQuerySchema,
  clientConfigQuerySchema,
  clientPrivacyQuerySchema,
  idParamsSchema,
  type ClientConfig,
  type ClientConfigPreviewQuery,
  type ClientConfigQuery,
  type ClientPrivacyQuery,
  type IdParams,
} from '../../../src/contract';
import { prepareConfig, renderConfig } from '../domain/client-config';
import { encodedBody, etagMatches, strongEtag } from '../http/cached-body';
import { decryptWord } from '../domain/word-crypto';
import { requireUser } from '../auth/authorize';
import { can } from '../auth/rbac';
import { sanitizePolicyHtml } from '../domain/sanitize-html';
import { HttpError } from '../http/errors';
import { dataResponse, errorResponse, etagHeaders, fileAnswer, notModified, textBody } from '../http/schemas';
import { docsOnly, responseSchema, yupSchema } from '../http/validation';
import { clientConfigPreviewSchema, clientConfigSchema } from '../../../src/contract/responses-client';
import { PROFILE_ADDRESS_CONTEXT } from '../domain/profile-address';
import { owns } from '../auth/access';
import { fromParams } from '../audit/plugin';

const tags = ['mobile apps'];
const CACHE_CONTROL = 'private, no-cache';
const CONFIG_HEADERS = etagHeaders(`${APP_API_KEY_HEADER}, Accept-Encoding`);
const PRIVACY_HEADERS = { etag: etagHeaders('').etag, 'cache-control': etagHeaders('')['cache-control'] };

declare module 'fastify' {
  interface FastifyRequest {
    clientApp?: ClientApp;
  }
}

function apiKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers[APP_API_KEY_HEADER];
  return typeof key === 'string' && key.trim() !== '' ? key.trim() : undefined;
}

const htmlEscape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function clientConfigRoutes(app: FastifyInstance) {
  const { cache, seen } = app.clientConfig;

  app.get<{ Querystring: ClientConfigQuery }>(
    '/apps/client/config',
    {
      // The key is checked before the query, so a caller without a valid key learns nothing else.
      onRequest: async (request) => {
        const key = apiKeyOf(request);
        const found = key ? await request.repos.clientConfig.lookup(key) : undefined;
        if (!found) throw HttpError.unauthorized('Missing or unknown app API key');
        if (!found.active) throw new HttpError(403, ERROR_CODES.appInactive, 'The application is inactive');
        request.clientApp = found;
      },
      schema: {
        tags,
        summary: 'What a mobile app needs: settings, ads, update state, operators, servers and encrypted profiles',
        description:
          `The \`${APP_API_KEY_HEADER}\` header picks the app (401 when missing or unknown, 403 APP_INACTIVE when the app is inactive). ` +
          "`versionCode` is the caller's build (`update.blocked` is true when it is a blocked version); `operator` " +
          `(${OPERATORS.join(', ')}) keeps only that operator's profiles; \`lang\` (fa, en; default fa) picks the update text; ` +
          '`deviceId` (the uniqueDeviceId of apps/addDevice) marks that device as seen (lastSeenAt, written in batches). ' +
          "Each profile's `config` is its share link encrypted like apps/wordEncryption: AES-256-CBC, PKCS#7, key = newCoreKey " +
          'and IV = newCoreIv as UTF-8 bytes, standard base64. An app without both keys answers 409 APP_KEYS_MISSING (a plain link is never sent). ' +
          'No key, password, robot key, robotIp or repoName is ever in the answer. Caching: a strong `ETag`, ' +
          '`Cache-Control: private, no-cache` and `Vary: appapikey`; send the last ETag as `If-None-Match` to get 304 with no body ' +
          'while nothing changed. A change saved in the panel is in the very next answer, on every instance.',
        headers: docsOnly({ type: 'object', properties: { [APP_API_KEY_HEADER]: { type: 'string' } } }),
        querystring: yupSchema(clientConfigQuerySchema),
        // The body is rendered once per config version (domain/client-config.ts); this schema documents it.
        response: {
          200: { ...dataResponse(responseSchema(clientConfigSchema)), headers: CONFIG_HEADERS },
          304: notModified(CONFIG_HEADERS),
          401: errorResponse,
          403: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const client = request.clientApp!;
      const { versionCode, operator, lang, deviceId } = request.query;
      if (deviceId) seen.note(client.id, deviceId);
      const variant = await cache.variant(client.id, client.version, { operator, lang: lang as 'fa' | 'en', versionCode });
      if (variant === undefined) throw HttpError.unauthorized('Missing or unknown app API key');
      if (variant === 'keysMissing') {
        throw new HttpError(409, ERROR_CODES.appKeysMissing, 'The application has no newCoreKey/newCoreIv; profiles cannot be sent encrypted');
      }
      reply.header('etag', variant.etag).header('cache-control', CACHE_CONTROL).header('vary', `${APP_API_KEY_HEADER}, accept-encoding`);
      if (etagMatches(request.headers['if-none-match'], variant.etag)) return reply.code(304).send();
      const { body, encoding } = encodedBody(variant, request.headers['accept-encoding']);
      // A Content-Encoding already set makes the compression plugin leave the body alone.
      if (encoding) reply.header('content-encoding', encoding);
      return reply.header('vary', `${APP_API_KEY_HEADER}, accept-encoding`).type('application/json; charset=utf-8').send(body);
    },
  );

  app.get<{ Querystring: ClientPrivacyQuery }>(
    '/apps/client/privacy',
    {
      schema: {
        tags,
        summary: 'The privacy policy as a public HTML page (the `privacyUrl` of apps/client/config)',
        description:
          'No sign-in. The stored policy is sanitised (allowlist) when saved and again here. `lang` (fa, en) sets the page language and direction. Strong ETag, 304 on If-None-Match.',
        querystring: yupSchema(clientPrivacyQuerySchema),
        response: { 200: fileAnswer('The policy as an HTML page', { 'text/html': textBody }, PRIVACY_HEADERS), 304: notModified(PRIVACY_HEADERS) },
      },
    },
    async (request, reply) => {
      const lang = request.query.lang === 'en' ? 'en' : 'fa';
      const { privacy } = await request.repos.privacy.get();
      const title = lang === 'en' ? 'Privacy policy' : 'سیاست حریم خصوصی';
      const html =
        `<!doctype html><html lang="${lang}" dir="${lang === 'en' ? 'ltr' : 'rtl'}"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${htmlEscape(title)}</title></head>` +
        `<body>${sanitizePolicyHtml(privacy)}</body></html>`;
      const etag = strongEtag(html);
      reply.header('etag', etag).header('cache-control', CACHE_CONTROL);
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type('text/html; charset=utf-8').send(html);
    },
  );

  app.get<{ Params: IdParams; Querystring: ClientConfigPreviewQuery }>(
    '/apps/clientConfigPreview/:id',
    {
      config: { access: [owns('app', fromParams('id'), 'read')] },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags,
        summary: "What the app receives: its config decoded, and the history of its changes (the panel's tab)",
        description:
          "For role_id 1 and the app's own admin (404 otherwise). `config` is the answer of apps/client/config for that operator " +
          "and language with each profile's encrypted `config` replaced by `link`: the decrypted share link for role_id 1, null for " +
          'everyone else. `keysMissing` is true when the app has no newCoreKey/newCoreIv (the apps then get 409). `version` is the ' +
          'current config version and `history` its latest changes, newest first, each with the action ("table:op") that made it.',
        params: yupSchema(idParamsSchema),
        querystring: yupSchema(clientConfigPreviewQuerySchema),
        response: { 200: dataResponse(responseSchema(clientConfigPreviewSchema)) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { id } = request.params;
      const { operator, lang } = request.query;
      const current = await request.repos.clientConfig.versionOf(id);
      const snapshot = await request.repos.clientConfig.snapshot(id);
      if (!snapshot) throw HttpError.notFound('Application not found');
      const prepared = prepareConfig(snapshot, (sealed) => app.secrets.open(sealed, PROFILE_ADDRESS_CONTEXT));
      const history = (await request.repos.clientConfig.history(id)).map((h) => ({ ...h, changedAt: h.changedAt.toISOString() }));
      const version = current ? { version: current.version, changedAt: current.changedAt.toISOString(), changedBy: current.changedBy } : null;
      if (prepared.kind === 'keysMissing') return { data: { keysMissing: true, config: null, version, history } };
      const { data } = JSON.parse(renderConfig(prepared, { operator, lang: lang as 'fa' | 'en', blocked: false }).body.toString('utf8')) as {
        data: ClientConfig;
      };
      const { newCoreKey, newCoreIv } = snapshot.settings!;
      const top = can(user, 'profiles:reveal');
      const config = {
        ...data,
        servers: data.servers.map((srv) => ({
          ...srv,
          profiles: srv.profiles.map(({ config: sealed, ...p }) => ({ ...p, link: top ? decryptWord(sealed, newCoreKey!, newCoreIv!) : null })),
        })),
      };
      return { data: { keysMissing: false, config, version, history } };
    },
  );
}
