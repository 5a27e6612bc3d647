// docs/product.md §7 "Audit log": GET audit, the records written by server/src/audit, role_id 1 only
// (policy audit:view), server-paged newest first; GET audit/filters lists the recorded actions,
// target types and actors for the panel's filters. The daily retention sweep lives here too (AUDIT_RETENTION_DAYS).
import type { FastifyInstance } from 'fastify';
import { AUDIT_MAX_PAGE_SIZE, auditQuerySchema, type AuditQuery } from '../../../src/contract';
import { dataResponse } from '../http/schemas';
import { responseSchema, yupSchema } from '../http/validation';
import { auditFilterOptionsSchema, auditListSchema } from '../../../src/contract/responses-reports';
import { noRecord } from '../auth/access';

const tags = ['audit'];
const DAY_MS = 24 * 3600 * 1000;

export async function auditRoutes(app: FastifyInstance) {
  const rule = { policy: 'audit:view' } as const;

  app.get<{ Querystring: AuditQuery }>(
    '/audit',
    {
      config: { access: noRecord('the audit log belongs to no app (role_id 1)') },
      preValidation: app.authorize(rule),
      schema: {
        tags,
        summary: 'The audit log, server-paged, newest first',
        description:
          `Every change made through the API, sign-ins (and failed ones), sign-outs, reveals and exports. Filters: actorId, action, targetType, targetId, from and to (ISO date-times, inclusive). size at most ${AUDIT_MAX_PAGE_SIZE}. ` +
          'Records older than AUDIT_RETENTION_DAYS are deleted once a day. Answers {rows, count}.',
        querystring: yupSchema(auditQuerySchema),
        response: { 200: responseSchema(auditListSchema) },
      },
    },
    async (request) => app.repos.audit.list(request.query),
  );

  app.get(
    '/audit/filters',
    {
      config: { access: noRecord('the audit log belongs to no app (role_id 1)') },
      preValidation: app.authorize(rule),
      schema: {
        tags,
        summary: 'The actions, target types and actors recorded so far (the filters\' choices)',
        response: { 200: dataResponse(responseSchema(auditFilterOptionsSchema)) },
      },
    },
    async () => ({ data: await app.repos.audit.filterOptions() }),
  );

  // Retention: once at start and then daily; the timer does not keep the process alive.
  const sweep = () => app.repos.audit.purgeOlderThan(app.config.auditRetentionDays).catch((err: unknown) => app.log.error({ err }, 'audit retention sweep failed'));
  await sweep();
  const timer = setInterval(() => void sweep(), DAY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
