// Builds the Fastify app; nothing here listens (main.ts does). Plugins are registered explicitly,
// in the order of docs/architecture.md §2: external plugins, then app services, then routes, then the
// panel and the 404 fallback. Tests build it with their own config and use `app.inject`.
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify';
import { API_PREFIX, CSV_MAX_BYTES } from '../../src/contract';
import { registerAccess } from './auth/access';
import { guardsRecords, registerAuthorize } from './auth/authorize';
import { createTokenService, type TokenService } from './auth/tokens';
import type { Config } from './config';
import { openDatabase, type DbHandle, type DbKind } from './db/client';
import { seedDatabase } from './db/seed';
import { createSecretBox, type SecretBox } from './domain/secret-box';
import { registerDocs } from './http/docs';
import { clientErrorHandler, HttpError, sendError } from './http/errors';
import { registerPanel } from './http/panel';
import { registerSharedSchemas } from './http/schemas';
import { rejectNulInBody, rejectNulInRequestLine, validatorCompiler } from './http/validation';
import { createRepositories } from './repositories';
import { registerAudit } from './audit/plugin';
import { registerSentKeys } from './http/sent-keys';
import { accessMenuRoutes } from './routes/access-menus';
import { accessRoutes } from './routes/access';
import { accountRoutes } from './routes/account';
import { auditRoutes } from './routes/audit';
import { appRoutes } from './routes/apps';
import { adsRoutes } from './routes/ads';
import { appSettingsRoutes } from './routes/app-settings';
import { versionRoutes } from './routes/versions';
import { bundleRoutes } from './routes/bundle';
import { createBundleService } from './services/bundles';
import { createMirrorPublisher } from './services/mirror-publisher';
import { mirrorRoutes } from './routes/mirrors';
import { notificationRoutes } from './routes/notifications';
import { createAlertWebhooks } from './services/alert-webhooks';
import { clientConfigRoutes } from './routes/client-config';
import { createClientConfigState } from './services/client-config';
import { startAuditRetention } from './services/audit-retention';
import { clientReportRoutes } from './routes/client-report';
import { fieldHealthRoutes } from './routes/field-health';
import { fieldHealthService } from './repositories/field-health-batch';
import { exportRoutes } from './routes/exports';
import { countryRoutes } from './routes/countries';
import { dashboardRoutes } from './routes/dashboard';
import { operatorRoutes } from './routes/operators';
import { profileImportRoutes } from './routes/profile-import';
import { profileRoutes } from './routes/profiles';
import { serverRoutes } from './routes/servers';
import { subscriptionRoutes } from './routes/subscriptions';
import { totpRoutes } from './routes/totp';
import { deviceRoutes } from './routes/devices';
import { encryptionRoutes } from './routes/encryption';
import { fileRoutes } from './routes/files';
import { healthRoutes } from './routes/health';
import { privacyRoutes } from './routes/privacy';
import { userRoutes } from './routes/users';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    dbKind: DbKind;
    tokens: TokenService;
    /** AES-256-GCM for secrets at rest (server passwords, profile addresses). */
    secrets: SecretBox;
    /** Every route as registered (HEAD twins left out): the fuzz test walks it, so a new route is covered. */
    routeTable: ReadonlyArray<RouteEntry>;
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  schema?: FastifySchema;
}

export interface BuildOptions {
  config: Config;
  /** An already open database; the caller then owns closing it. Otherwise one is opened from config. */
  db?: DbHandle;
  /** Where the one-time generated admin password is printed; stdout by default. */
  announce?: (text: string) => void;
}

export async function buildApp({ config, db, announce }: BuildOptions): Promise<FastifyInstance> {
  const handle = db ?? (await openDatabase(config.database));
  const repos = createRepositories(handle.db);
  try {
    await handle.migrate(config.migrationsDir, async (migrated) => {
      const admin = await seedDatabase(migrated, { admin: config.admin, announce: announce ?? ((t) => process.stdout.write(t)) });
      if (admin === 'conflict') {
        process.stderr.write(
          `No top admin exists and ADMIN_USERNAME/ADMIN_EMAIL (${config.admin.username}, ${config.admin.email}) belong to another user; none was created.\n`,
        );
      }
    });
    // Housekeeping on every start, so neither table grows without bound.
    await repos.sessions.purgeExpired(config.tokenTtlSeconds);
    await repos.totp.purgeExpiredChallenges();
    await repos.signInFailures.purgeExpired(Math.max(config.signIn.pair.windowMs, config.signIn.account.windowMs, config.signIn.address.windowMs));
  } catch (err) {
    if (!db) await handle.close();
    throw err;
  }

  const { requestTimeoutMs, headersTimeoutMs, keepAliveTimeoutMs, idleTimeoutMs } = config.http;
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    // Slow clients are timed out (config.ts HttpTimeouts): a request whose headers or body do not
    // arrive in time is answered 408 REQUEST_TIMEOUT (clientErrorHandler below) and closed.
    requestTimeout: requestTimeoutMs,
    keepAliveTimeout: keepAliveTimeoutMs,
    connectionTimeout: idleTimeoutMs,
    http: {
      requestTimeout: requestTimeoutMs,
      headersTimeout: headersTimeoutMs,
      keepAliveTimeout: keepAliveTimeoutMs,
      // Node looks for expired requests every 30 s by default, so a 30 s timeout could take a minute
      // to act on; a fifth of the shorter timeout (2 s by default) keeps it within 20 % of its value.
      connectionsCheckingInterval: Math.min(5_000, Math.max(100, Math.floor(Math.min(headersTimeoutMs, requestTimeoutMs) / 5))),
    },
    // Errors Fastify raises before routing (a malformed URL, say) get the same body as the rest.
    frameworkErrors: (err, request, reply) => sendError(err, request, reply),
    // ...and so do the ones Node's HTTP parser raises before that (431, malformed requests).
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  // docs/product.md §7's request helper sends `content-type: application/json` on every call, bodyless DELETEs
  // and PUTs included; Fastify's own parser refuses an empty JSON body with 400. Same parser
  // (prototype-poisoning checks included), but an empty body means "no body".
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return parseJson(request, body as string, done);
  });
  app.setErrorHandler((err, request, reply) => sendError(err, request, reply));
  if (!db) app.addHook('onClose', () => handle.close());
  // One input rule for every route, before validation and any database work (http/validation.ts).
  app.addHook('onRequest', rejectNulInRequestLine);
  app.addHook('preValidation', rejectNulInBody);
  registerSentKeys(app);
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  // Every guarded route declares the records it acts on; the checks run inside the audit's transaction.
  // (Tests' own probe routes, added once the app is built, are no operation and need no declaration.)
  registerAccess(app, (route) => guardsRecords(route) && !app.operations.sealed);
  // Every route that changes data declares its audit record and runs in one transaction with it.
  registerAudit(app, handle.db, repos);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeTable.push({ method, url: route.url, schema: route.schema });
  });
  // API answers are per user and often secret (tokens, revealed links): no cache may keep them.
  // Routes that serve immutable public files (avatars, flags) set their own Cache-Control.
  app.addHook('onSend', async (request, reply) => {
    if (!reply.hasHeader('cache-control') && (request.url === '/api' || request.url.startsWith('/api/'))) {
      reply.header('cache-control', 'no-store');
    }
  });

  // 1. External plugins.
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // emotion (MUI) injects <style> tags at run time; avatars preview from blob: and data: URLs.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // The panel is often reached over plain HTTP on a LAN address; upgrading would break it.
        upgradeInsecureRequests: null,
      },
    },
  });
  // API answers over 1 KB go out brotli- or gzip-compressed (a phone on a slow link gets the
  // 10,000-profile list at a fraction of its size). Built panel files are compressed at build time
  // and carry their Content-Encoding already, which this plugin leaves alone.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(rateLimit, {
    global: false, // limits are declared per route (sign-in)
    errorResponseBuilder: (_req, ctx) => HttpError.rateLimited(`Too many requests; retry in ${ctx.after}`),
  });
  await app.register(multipart, { limits: { fileSize: CSV_MAX_BYTES, files: 1, fields: 20, parts: 25 } });
  registerSharedSchemas(app);
  await registerDocs(app);
  app.decorate('config', config);
  app.decorate('dbKind', handle.kind);

  // 2. App services: tokens and secrets, then auth (request.user, app.authorize), then the services
  // that work outside any request, each handed the pool's repositories here. Routes reach the
  // database only through request.db and request.repos (audit/context.ts).
  // Role and ownership rules (auth/rbac.ts) are plain functions that routes import.
  app.decorate('tokens', createTokenService(config.jwtSecret, config.tokenTtlSeconds));
  app.decorate('secrets', createSecretBox(config.secretsKey));
  registerAuthorize(app, { tokens: app.tokens, repos });
  app.decorate('clientConfig', createClientConfigState(app, repos));
  app.decorate('bundles', createBundleService(app, repos));
  app.decorate('mirrors', createMirrorPublisher(app, repos));
  app.addHook('onClose', () => app.mirrors.stop());
  app.decorate('alertWebhooks', createAlertWebhooks(handle.db, app.log));
  app.addHook('onClose', () => app.alertWebhooks.stop());
  const fieldHealth = fieldHealthService(handle.db, {
    judgeDelayMs: config.clientReport.judgeDelayMs,
    sweepMs: config.clientReport.sweepMs,
    onError: (err) => app.log.error({ err }, 'field health: a fold or verdict failed'),
  });
  app.decorate('fieldHealth', fieldHealth);
  app.addHook('onClose', async () => {
    fieldHealth.stop();
    await fieldHealth.settle().catch(() => undefined);
  });
  await startAuditRetention(app, repos);

  // 3. Routes, one module per endpoint group of docs/product.md §7.
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(accountRoutes, { prefix: API_PREFIX });
  await app.register(totpRoutes, { prefix: API_PREFIX });
  await app.register(appRoutes, { prefix: API_PREFIX });
  await app.register(appSettingsRoutes, { prefix: API_PREFIX });
  await app.register(adsRoutes, { prefix: API_PREFIX });
  await app.register(versionRoutes, { prefix: API_PREFIX });
  await app.register(fileRoutes, { prefix: API_PREFIX });
  await app.register(countryRoutes, { prefix: API_PREFIX });
  await app.register(serverRoutes, { prefix: API_PREFIX });
  await app.register(profileRoutes, { prefix: API_PREFIX });
  await app.register(profileImportRoutes, { prefix: API_PREFIX });
  await app.register(operatorRoutes, { prefix: API_PREFIX });
  await app.register(deviceRoutes, { prefix: API_PREFIX });
  await app.register(clientConfigRoutes, { prefix: API_PREFIX });
  await app.register(clientReportRoutes, { prefix: API_PREFIX, limits: config.clientReport });
  await app.register(fieldHealthRoutes, { prefix: API_PREFIX });
  await app.register(notificationRoutes, { prefix: API_PREFIX });
  await app.register(bundleRoutes, { prefix: API_PREFIX });
  await app.register(mirrorRoutes, { prefix: API_PREFIX });
  await app.register(exportRoutes, { prefix: API_PREFIX });
  await app.register(subscriptionRoutes, { prefix: API_PREFIX });
  await app.register(privacyRoutes, { prefix: API_PREFIX });
  await app.register(encryptionRoutes, { prefix: API_PREFIX });
  await app.register(userRoutes, { prefix: API_PREFIX });
  await app.register(dashboardRoutes, { prefix: API_PREFIX });
  await app.register(auditRoutes, { prefix: API_PREFIX });
  await app.register(accessRoutes, { prefix: API_PREFIX });
  await app.register(accessMenuRoutes, { prefix: API_PREFIX });
  // The operation catalogue is the route table above; nothing registered later is an operation.
  app.operations.seal();

  // 4. The built panel and the 404 fallback.
  await registerPanel(app, config.staticDir);
  return app;
}
