// The phones' connection reports, POST apps/client/report with the `appapikey` header: what each
// profile did for them on their operator. A call is cheap (one key lookup, then the reports join a
// group-committed fold, repositories/field-health-batch.ts) and answers how many reports were taken;
// a report that is not about a profile served to this app, comes from a device not registered for
// it, or is dated outside the last day (or more than 5 minutes ahead) is counted as rejected, never
// an error. Limited per device and per source address (config.clientReport).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  APP_API_KEY_HEADER,
  CLIENT_REPORT_MAX,
  ERROR_CODES,
  OPERATORS,
  REPORT_ERRORS,
  REPORT_MAX_AGE_MS,
  REPORT_MAX_AHEAD_MS,
  clientReportSchema,
  type ClientReportBody,
} from '../../../src/contract';
import { latencyBucket } from '../domain/field-health';
import { HttpError } from '../http/errors';
import { dataResponse, errorResponse } from '../http/schemas';
import { docsOnly, yupSchema } from '../http/validation';
import type { FieldHealthService } from '../repositories/field-health-batch';
import type { FoldRow } from '../repositories/field-health';

const HOUR_MS = 3600_000;

export interface ClientReportLimits {
  /** Calls per device (app and deviceId) per window. */
  deviceMax: number;
  /** Calls per source address per window: generous, since a carrier's NAT puts many phones behind one address. */
  addressMax: number;
  windowMs: number;
}

export const DEFAULT_REPORT_LIMITS: ClientReportLimits = { deviceMax: 20, addressMax: 1200, windowMs: 60_000 };

declare module 'fastify' {
  interface FastifyInstance {
    /** The reports' fold and the verdicts it feeds (tests and the bench settle it). */
    fieldHealth: FieldHealthService;
  }
}

const apiKeyOf = (request: FastifyRequest): string | undefined => {
  const key = request.headers[APP_API_KEY_HEADER];
  return typeof key === 'string' && key.trim() !== '' ? key.trim() : undefined;
};

/** The fold rows of one call: the reports dated within the accepted span, each in its hour. */
export function reportRows(appId: number, body: ClientReportBody, now: number): Omit<FoldRow, 'ord'>[] {
  const rows: Omit<FoldRow, 'ord'>[] = [];
  for (const r of body.reports) {
    const at = Date.parse(r.at);
    if (!(at >= now - REPORT_MAX_AGE_MS && at <= now + REPORT_MAX_AHEAD_MS)) continue;
    rows.push({
      appId,
      uniqueDeviceId: body.deviceId,
      operator: body.operator,
      profileId: r.profileId,
      ok: r.ok,
      bucket: r.ok && r.latencyMs != null ? latencyBucket(r.latencyMs) : null,
      // A report a little ahead of the server's clock counts in the current hour, not a future one.
      hour: new Date(Math.floor(Math.min(at, now) / HOUR_MS) * HOUR_MS).toISOString(),
    });
  }
  return rows;
}

const answerSchema = {
  type: 'object',
  required: ['accepted', 'rejected'],
  properties: { accepted: { type: 'integer', minimum: 0 }, rejected: { type: 'integer', minimum: 0 } },
};

export async function clientReportRoutes(app: FastifyInstance, options: { limits?: ClientReportLimits }) {
  const limits = options.limits ?? DEFAULT_REPORT_LIMITS;
  const perDevice = app.createRateLimit({
    max: limits.deviceMax,
    timeWindow: limits.windowMs,
    keyGenerator: (request: FastifyRequest) => `report|${request.clientApp?.id}|${(request.body as ClientReportBody).deviceId}`,
  });

  app.post<{ Body: ClientReportBody }>(
    '/apps/client/report',
    {
      config: {
        // A phone's report is not a staff action: nothing of it goes to the audit log.
        audit: { action: 'fieldHealth.report', target: 'profile', skip: () => true },
        rateLimit: { max: limits.addressMax, timeWindow: limits.windowMs },
      },
      onRequest: async (request) => {
        const key = apiKeyOf(request);
        const found = key ? await request.repos.clientConfig.lookup(key) : undefined;
        if (!found) throw HttpError.unauthorized('Missing or unknown app API key');
        if (!found.active) throw new HttpError(403, ERROR_CODES.appInactive, 'The application is inactive');
        request.clientApp = found;
      },
      preHandler: async (request) => {
        const limit = await perDevice(request);
        if (!limit.isAllowed && limit.isExceeded) throw HttpError.rateLimited(`Too many reports from this device; retry in ${limit.ttlInSeconds} s`);
      },
      schema: {
        tags: ['mobile apps'],
        summary: "Report what the phone's connection tests found, per profile, on its operator",
        description:
          `The \`${APP_API_KEY_HEADER}\` header picks the app (401 when missing or unknown, 403 APP_INACTIVE when inactive). ` +
          `Body: \`deviceId\` (the uniqueDeviceId registered with apps/addDevice), \`versionCode\`, \`operator\` (${OPERATORS.join(', ')}) and ` +
          `\`reports\`, 1 to ${CLIENT_REPORT_MAX} items \`{profileId, ok, latencyMs?, error?, at}\` with \`error\` one of ${REPORT_ERRORS.join(', ')} ` +
          'and `at` an ISO 8601 time within the last 24 hours and at most 5 minutes ahead. A malformed body is a 400; a report about a profile ' +
          'this app is not served, from a device not registered for this app, or with an `at` outside that span is counted in `rejected`. ' +
          'Reports are folded into per (profile, operator, hour) counters; a device counts once per profile, operator and hour. ' +
          `Rate-limited per device (${limits.deviceMax} calls per ${limits.windowMs / 1000} s) and per source address (429 RATE_LIMITED). ` +
          'The answer is sent once the accepted reports are stored.',
        headers: docsOnly({ type: 'object', properties: { [APP_API_KEY_HEADER]: { type: 'string' } } }),
        body: yupSchema(clientReportSchema),
        response: { 200: dataResponse(answerSchema), 401: errorResponse, 403: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      const body = request.body;
      const rows = reportRows(request.clientApp!.id, body, Date.now());
      const accepted = await app.fieldHealth.submit(rows);
      return { data: { accepted, rejected: body.reports.length - accepted } };
    },
  );
}
