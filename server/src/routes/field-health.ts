// The panel's field health reads: GET apps/health (the servers × operators matrix, worst first) and
// GET apps/profileHealth/{serverId} (one server's profiles, per operator). Both answer only the
// apps in the caller's reach; verdicts are computed when reports are folded, never on read.
import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import { HEALTH_VERDICTS, OPERATORS, healthMatrixQuerySchema, healthShowSchema, type HealthMatrixQuery, type HealthShowBody } from '../../../src/contract';
import { body, positiveId } from '../../../src/contract/schemas/common';
import { fromQuery, owns } from '../auth/access';
import { requireUser } from '../auth/authorize';
import { appScope } from '../auth/rbac';
import { auditDetail } from '../audit/context';
import { fromBody, fromParams } from '../audit/plugin';
import { HttpError } from '../http/errors';
import { dataResponse, successResponse } from '../http/schemas';
import { yupSchema } from '../http/validation';
import { healthMatrix, profileHealth } from '../repositories/field-health-reads';
import { showByHand } from '../repositories/field-health-verdicts';

// Listed with the servers: health is where staff look to decide which servers to replace.
const tags = ['servers'];
const serverParamsSchema = body({ serverId: positiveId() });

const verdict = { type: 'string', enum: [...HEALTH_VERDICTS] };
const operator = { type: 'string', enum: [...OPERATORS] };
const int = { type: 'integer' };
const time = { type: 'string', format: 'date-time' };
const nullableNumber = { type: ['number', 'null'] };

const cellSchema = {
  type: 'object',
  required: ['appId', 'appName', 'serverId', 'operator', 'verdict', 'counts', 'failingProfiles', 'hidden', 'devices', 'changedAt'],
  properties: {
    appId: int,
    appName: { type: 'string' },
    serverId: int,
    operator,
    verdict,
    counts: { type: 'object', properties: Object.fromEntries(HEALTH_VERDICTS.map((v) => [v, int])) },
    failingProfiles: { type: 'array', items: int },
    hidden: int,
    devices: int,
    changedAt: time,
  },
};

const profileHealthSchema = {
  type: 'object',
  required: ['verdicts', 'series'],
  properties: {
    verdicts: {
      type: 'array',
      items: {
        type: 'object',
        properties: { appId: int, profileId: int, operator, verdict, rate: nullableNumber, devices: int, changedAt: time, hidden: { type: 'boolean' } },
      },
    },
    series: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          profileId: int,
          operator,
          hours: { type: 'array', items: { type: 'object', properties: { hour: time, attempts: int, successes: int, devices: int } } },
          p50: nullableNumber,
          p90: nullableNumber,
        },
      },
    },
  },
};

export async function fieldHealthRoutes(app: FastifyInstance) {
  app.get<{ Querystring: HealthMatrixQuery }>(
    '/apps/health',
    {
      config: { access: [owns('app', fromQuery('appId'), 'read')] },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags,
        summary: "Field health: each server's worst verdict per app and operator, failing first",
        description:
          "One cell per (app, server, operator) that phones reported on: the worst verdict among the server's profiles (failing, degraded, working, " +
          "unknown: too few devices), how many profiles have each verdict (and the failing ones' ids) and how many are hidden from that operator's config, and when the worst " +
          "verdict last changed. Failing first, then the newest change. `appId` and `operator` filter; only the apps in the caller's reach (404 for another app's `appId`).",
        querystring: yupSchema(healthMatrixQuerySchema),
        response: { 200: dataResponse({ type: 'array', items: cellSchema }) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { data: await healthMatrix(request.db, appScope(user), request.query) };
    },
  );

  app.get<{ Params: yup.InferType<typeof serverParamsSchema> }>(
    '/apps/profileHealth/:serverId',
    {
      config: { access: [owns('server', fromParams('serverId'), 'read')] },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags,
        summary: "Field health of a server's profiles: verdicts per app and operator, and the last 24 hours",
        description:
          "`verdicts`: per profile, operator and app in the caller's reach, the verdict, the weighted success rate (0..1), the distinct devices " +
          "behind it, when it last changed and whether the profile is hidden from that operator's config. `series`: per profile and operator, " +
          "the last 24 hours of counters (attempts, successes, devices that voted) and the median and 90th percentile latency. 404 when the server is not the caller's.",
        params: yupSchema(serverParamsSchema),
        response: { 200: dataResponse(profileHealthSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { data: await profileHealth(request.db, request.params.serverId, appScope(user), new Date()) };
    },
  );

  app.post<{ Body: HealthShowBody }>(
    '/apps/profileHealth/show',
    {
      // The profile is reached through the app (it must be on a server linked to it): the change is to that app's answer only.
      config: {
        access: [owns('app', fromBody('appId'))],
        audit: { action: 'profile.healthShow', target: 'profile', id: fromBody('profileId'), always: true },
      },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags,
        summary: "Put a profile that field health hid back into one operator's config of one app",
        description:
          "For a profile hidden from `operator`'s answer of app `appId` (hideFailing): it is served again, and stays until its verdict changes " +
          "again. The app's config version moves in the same transaction. `data.shown` is false when it was not hidden (nothing changes). " +
          "404 when the app is not the caller's or the profile is not on one of its servers.",
        body: yupSchema(healthShowSchema),
        response: { 200: successResponse({ type: 'object', required: ['shown'], properties: { shown: { type: 'boolean' } } }) },
      },
    },
    async (request) => {
      const { appId, profileId, operator } = request.body;
      const shown = await showByHand(request.db, appId, profileId, operator);
      if (shown === undefined) throw HttpError.notFound('Profile not found');
      auditDetail(request, { appId, operator, shown });
      return { success: true, data: { shown } };
    },
  );
}
