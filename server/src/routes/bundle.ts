// The signed bundle (so an app can trust a config read from a mirror while the API is blocked; docs/product.md §7 "Mobile apps"): GET apps/client/bundle for the phones (the
// `appapikey` header, like apps/client/config), and for the panel each app's signing keys (GET
// apps/bundleKeys/{appId}, POST apps/bundleKeys/{appId}/rotate) and API bases (GET/POST
// apps/bundleSettings/{appId}). What the document is and how it is signed: domain/bundle.ts.
//
// Keys: one Ed25519 pair per app, made on first use (the first bundle or the first look at the
// keys); the private key is sealed at rest under SECRETS_KEY and never leaves the server: no answer,
// no audit record, no log holds it. A rotation makes a new active key and keeps the old ones listed,
// inactive, so apps can trust both while a new build ships. Every change to the keys or the API
// bases bumps the config version (migration 0019), so the next bundle is a newer one.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APP_API_KEY_HEADER, ERROR_CODES } from '../../../src/contract';
import {
  API_BASES_MAX,
  BUNDLE_FIELDS,
  BUNDLE_LIFETIME_DAYS,
  appIdParamsSchema,
  bundleKeyListSchema,
  bundleSettingsDtoSchema,
  bundleSettingsSchema,
  signedBundleSchema,
  type AppIdParams,
  type BundleKeyDto,
  type BundleSettingsBody,
} from '../../../src/contract/bundle';
import { owns } from '../auth/access';
import { fromParams } from '../audit/plugin';
import { rawPublicKey } from '../domain/bundle';
import { encodedBody, etagMatches } from '../http/cached-body';
import { HttpError } from '../http/errors';
import { dataResponse, errorResponse, successResponse } from '../http/schemas';
import { docsOnly, responseSchema, yupSchema } from '../http/validation';
import type { PublicBundleKey } from '../repositories/bundle-keys';

const tags = ['mobile apps'];
const keyTags = ['app settings'];
const CACHE_CONTROL = 'private, no-cache';

const toDto = (k: PublicBundleKey): BundleKeyDto => ({
  id: k.id,
  publicKeyPem: k.publicKeyPem,
  publicKey: rawPublicKey(k.publicKeyPem),
  createdAt: k.createdAt.toISOString(),
  active: k.active,
});

function apiKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers[APP_API_KEY_HEADER];
  return typeof key === 'string' && key.trim() !== '' ? key.trim() : undefined;
}

export async function bundleRoutes(app: FastifyInstance) {
  const { cache, activeKey, sealedPair } = app.bundles;

  app.get<{ Headers: Record<string, string | undefined> }>(
    '/apps/client/bundle',
    {
      // The key is checked first, so a caller without a valid key learns nothing else.
      onRequest: async (request) => {
        const key = apiKeyOf(request);
        const found = key ? await request.repos.clientConfig.lookup(key) : undefined;
        if (!found) throw HttpError.unauthorized('Missing or unknown app API key');
        if (!found.active) throw new HttpError(403, ERROR_CODES.appInactive, 'The application is inactive');
        request.clientApp = found;
      },
      schema: {
        tags,
        summary: "The signed bundle: the whole config in one document signed with the app's Ed25519 key",
        description:
          `The \`${APP_API_KEY_HEADER}\` header picks the app (401 when missing or unknown, 403 APP_INACTIVE when inactive, ` +
          '409 APP_KEYS_MISSING without newCoreKey/newCoreIv). The answer is one JSON document ' +
          `{${BUNDLE_FIELDS.join(', ')}, sig}: \`app\` the package name, \`version\` the config version, \`issuedAt\` the start ` +
          `of the current UTC day and \`expiresAt\` ${BUNDLE_LIFETIME_DAYS} days later, \`apiBases\` the API base URLs to try ` +
          '(apps/bundleSettings), `payload` the JSON {data, blockedVersions, updateText} encrypted like apps/wordEncryption ' +
          '(`data` is what apps/client/config answers for lang=fa, every operator, a build that is not blocked). `sig` is the ' +
          'Ed25519 signature, standard base64, of the UTF-8 bytes of JSON.stringify of the document without `sig`, keys in ' +
          'exactly that order, no whitespace: the body up to `,"sig"` plus `}`. Every string in it is printable ASCII without ' +
          'space, quote or backslash. Accept a bundle only if the signature verifies with a key you trust (apps/bundleKeys), ' +
          '`app` is your package name, it has not expired, and `version` is higher than the one you hold. ' +
          'Caching: a strong `ETag` (equal on every instance), `Cache-Control: private, no-cache`, `Vary: appapikey`; ' +
          '`If-None-Match` gets 304 while nothing changed.',
        headers: docsOnly({ type: 'object', properties: { [APP_API_KEY_HEADER]: { type: 'string' } } }),
        response: { 200: responseSchema(signedBundleSchema), 401: errorResponse, 403: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const client = request.clientApp!;
      const bundle = await cache.bundle(client.id, client.version);
      if (bundle === 'keysMissing') {
        throw new HttpError(409, ERROR_CODES.appKeysMissing, 'The application has no newCoreKey/newCoreIv; the bundle cannot be encrypted');
      }
      reply.header('etag', bundle.etag).header('cache-control', CACHE_CONTROL).header('vary', `${APP_API_KEY_HEADER}, accept-encoding`);
      if (etagMatches(request.headers['if-none-match'], bundle.etag)) return reply.code(304).send();
      const { body, encoding } = encodedBody(bundle, request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );

  app.get<{ Params: AppIdParams }>(
    '/apps/bundleKeys/:appId',
    {
      config: { access: [owns('app', fromParams('appId'), 'read')] },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags: keyTags,
        summary: "The app's bundle signing keys: the public halves, for the app's developers",
        description:
          "For role_id 1 and the app's own admin (404 otherwise). Newest first: the active key signs the bundles " +
          '(apps/client/bundle), the inactive ones signed earlier bundles. `publicKeyPem` is SPKI PEM, `publicKey` the raw ' +
          "32-byte Ed25519 key in standard base64. The app's first key is made on the first call. The private keys never leave the server.",
        params: yupSchema(appIdParamsSchema),
        response: { 200: dataResponse(responseSchema(bundleKeyListSchema)) },
      },
    },
    async (request) => {
      const { appId } = request.params;
      await activeKey(appId);
      return { data: (await request.repos.bundleKeys.list(appId)).map(toDto) };
    },
  );

  app.post<{ Params: AppIdParams }>(
    '/apps/bundleKeys/:appId/rotate',
    {
      config: { access: [owns('app', fromParams('appId'))], audit: { action: 'app.bundleKeyRotate', target: 'appBundle', id: fromParams('appId') } },
      preValidation: app.authorize({ policy: 'apps:advancedSettings' }),
      schema: {
        tags: keyTags,
        summary: "Make a new signing key for the app's bundles; the old one stays listed, inactive",
        description:
          'Answers the keys as GET apps/bundleKeys does, the new active key first. Bundles are signed with the new key from ' +
          'the next call, under a higher config version. Ship the new public key in the app before rotating (or trust both), ' +
          'since builds that only know the old key refuse the new bundles.',
        params: yupSchema(appIdParamsSchema),
        response: { 200: successResponse(responseSchema(bundleKeyListSchema)) },
      },
    },
    async (request) => {
      const { appId } = request.params;
      if (!(await request.repos.bundleKeys.active(appId))) await request.repos.bundleKeys.insertFirst(appId, sealedPair(appId));
      else await request.repos.bundleKeys.rotate(appId, sealedPair(appId));
      return { success: true, data: (await request.repos.bundleKeys.list(appId)).map(toDto) };
    },
  );

  app.get<{ Params: AppIdParams }>(
    '/apps/bundleSettings/:appId',
    {
      config: { access: [owns('app', fromParams('appId'), 'read')] },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags: keyTags,
        summary: "The app's bundle settings: the API base URLs signed into every bundle",
        description: "For role_id 1 and the app's own admin (404 otherwise). An app never saved has no API bases.",
        params: yupSchema(appIdParamsSchema),
        response: { 200: dataResponse(responseSchema(bundleSettingsDtoSchema)) },
      },
    },
    async (request) => ({ data: { apiBases: await request.repos.bundleKeys.apiBases(request.params.appId) } }),
  );

  app.post<{ Params: AppIdParams; Body: BundleSettingsBody }>(
    '/apps/bundleSettings/:appId',
    {
      config: { access: [owns('app', fromParams('appId'))], audit: { action: 'app.bundleSettings', target: 'appBundle', id: fromParams('appId') } },
      preValidation: app.authorize({ policy: 'apps:advancedSettings' }),
      schema: {
        tags: keyTags,
        summary: 'Save the API base URLs the app should try (the whole list, in order)',
        description:
          `Up to ${API_BASES_MAX} http(s) URLs of printable ASCII (no space, quote or backslash), no duplicates; an empty list clears it. ` +
          'The next bundle carries them, under a higher config version.',
        params: yupSchema(appIdParamsSchema),
        body: yupSchema(bundleSettingsSchema),
        response: { 200: successResponse(responseSchema(bundleSettingsDtoSchema)) },
      },
    },
    async (request) => {
      const { appId } = request.params;
      await request.repos.bundleKeys.setApiBases(appId, request.body.apiBases);
      return { success: true, data: { apiBases: await request.repos.bundleKeys.apiBases(appId) } };
    },
  );
}
