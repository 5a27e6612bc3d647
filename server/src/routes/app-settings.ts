// docs/product.md §7 POST apps/updateSettings/{id}: any subset of the docs/product.md §3 settings fields, with the
// docs/product.md §6 rights enforced here. The role_id 1-only fields (TOP_ADMIN_ONLY_SETTINGS) answer 403 for
// anyone else when present in the body at all (checked against the raw body, before validation
// reshapes it: request.sentKeys), naming them.
//
// The robot API key is an action, not a setting: POST apps/robotApiKey/{id} (role_id 1) generates
// one, answered once as data.robotApiKey, and stores only its SHA-256. docs/product.md §7's
// `robotApiKey: true` in a settings save still does the same, through the same function.
import type { FastifyInstance } from 'fastify';
import { TOP_ADMIN_ONLY_SETTINGS, V, appSettingsSchema, idParamsSchema, splitCountryCodes, type AppSettingsBody, type IdParams } from '../../../src/contract';
import { requireUser } from '../auth/authorize';
import { can } from '../auth/rbac';
import { generateApiKey, hashApiKey } from '../domain/word-crypto';
import { HttpError } from '../http/errors';
import { successResponse } from '../http/schemas';
import { responseSchema, yupSchema } from '../http/validation';
import { robotApiKeySchema } from '../../../src/contract/responses';
import { auditDetail } from '../audit/context';
import { fromParams } from '../audit/plugin';
import { owns } from '../auth/access';
import type { Repositories } from '../repositories';

const tags = ['app settings'];

export async function appSettingsRoutes(app: FastifyInstance) {
  /** A new robot key for the app, replacing any earlier one; only its hash is kept. */
  async function newRobotKey(repos: Repositories, appId: number): Promise<string> {
    const robotApiKey = generateApiKey();
    await repos.apps.setRobotApiKeyHash(appId, hashApiKey(robotApiKey));
    return robotApiKey;
  }

  app.post<{ Params: IdParams }>(
    '/apps/robotApiKey/:id',
    {
      config: { access: [owns('app', fromParams('id'))], audit: { action: 'app.robotKey', target: 'app', id: fromParams('id') } },
      preValidation: app.authorize({ policy: 'apps:robotKey' }),
      schema: {
        tags,
        summary: 'Generate a robot API key for the application, answered once',
        description:
          'Answers data.robotApiKey once; only its SHA-256 is stored, and it replaces any earlier key. ' +
          'POST apps/updateSettings/{id} with robotApiKey: true does the same.',
        params: yupSchema(idParamsSchema),
        response: { 200: successResponse(responseSchema(robotApiKeySchema)) },
      },
    },
    async (request) => ({ success: true, data: { robotApiKey: await newRobotKey(request.repos, request.params.id) } }),
  );

  app.post<{ Params: IdParams; Body: AppSettingsBody }>(
    '/apps/updateSettings/:id',
    {
      config: { access: [owns('app', fromParams('id'))], audit: { action: 'app.settings', target: 'appSettings', id: fromParams('id') } },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags,
        summary: 'Change any subset of the application settings',
        description:
          `Fields only role_id 1 may send (403 for anyone else, naming them): ${TOP_ADMIN_ONLY_SETTINGS.join(', ')}. ` +
          'selectedCountries/blockedCountries must be known country codes. robotApiKey: true generates a robot API key, answered once as data.robotApiKey. ' +
          'repoName (or a new newCoreKey/newCoreIv) recomputes the five encrypted source-host URLs. A saved appVersion gets an active version record if new.',
        params: yupSchema(idParamsSchema),
        body: yupSchema(appSettingsSchema),
        response: { 200: successResponse(responseSchema(robotApiKeySchema)) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { id } = request.params;
      if (!can(user, 'apps:advancedSettings')) {
        const refused = request.sentKeys.filter((k) => (TOP_ADMIN_ONLY_SETTINGS as readonly string[]).includes(k));
        if (refused.length) throw HttpError.forbidden(`Only role_id 1 may change: ${refused.join(', ')}`);
      }
      const body = request.body;
      const unknown: Record<string, string> = {};
      for (const field of ['selectedCountries', 'blockedCountries'] as const) {
        if ((await request.repos.appSettings.unknownCountryCodes(splitCountryCodes(body[field]))).length) unknown[field] = V.countryCodes;
      }
      if (Object.keys(unknown).length) throw HttpError.validation(unknown, 'Unknown country code');
      if (body.healthWorkingPercent !== undefined || body.healthFailingPercent !== undefined) {
        const stored = await request.repos.appSettings.find(id, false);
        const working = body.healthWorkingPercent ?? stored?.healthWorkingPercent ?? 0;
        const failing = body.healthFailingPercent ?? stored?.healthFailingPercent ?? 0;
        if (failing >= working) throw HttpError.validation({ healthFailingPercent: V.belowWorking }, 'The failing threshold must be below the working one');
      }

      await request.repos.appSettings.update(id, body);
      const robotApiKey = body.robotApiKey ? await newRobotKey(request.repos, id) : undefined;
      if (robotApiKey) auditDetail(request, { robotApiKey: true });
      return robotApiKey ? { success: true, data: { robotApiKey } } : { success: true };
    },
  );
}
