// docs/product.md §7 "Audit log": GET audit, the records written by server/src/audit, role_id 1 only
// (policy audit:view), server-paged newest first; GET audit/filters lists the recorded actions,
// target types and actors for the panel's filters. The daily retention sweep lives here too (AUDIT_RETENTION_DAYS).
import type { FastifyInstance } from 'fastify';
import { AUDIT_MAX_PAGE_SIZE, auditQuerySchema, type AuditQuery } from '../../../src/contract';
import { dataResponse, nullableStr } from '../http/schemas';
import { yupSchema } from '../http/validation';

const tags = ['audit'];
const DAY_MS = 24 * 3600 * 1000;
const fields = { type: 'object', nullable: true, additionalProperties: true } as const;

const rowJson = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    at: { type: 'string', format: 'date-time' },
    actorId: { type: 'integer', nullable: true },
    actorName: nullableStr,
    actorRole: nullableStr,
    ip: nullableStr,
    action: { type: 'string' },
    operation: { ...nullableStr, description: 'Method and route pattern' },
    targetType: nullableStr,
    targetId: nullableStr,
    targetName: nullableStr,
    before: { ...fields, description: 'The changed fields before the change; a secret shows as "[changed]"' },
    after: { ...fields, description: 'The changed fields after the change' },
    detail: fields,
  },
  required: ['id', 'at', 'actorId', 'actorName', 'actorRole', 'ip', 'action', 'operation', 'targetType', 'targetId', 'targetName', 'before', 'after', 'detail'],
} as const;

export async function auditRoutes(app: FastifyInstance) {
  const rule = { policy: 'audit:view' } as const;

  app.get<{ Querystring: AuditQuery }>(
    '/audit',
    {
      preValidation: app.authorize(rule),
      schema: {
        tags,
        summary: 'The audit log, server-paged, newest first',
        description:
          `Every change made through the API, sign-ins (and failed ones), sign-outs, reveals and exports. Filters: actorId, action, targetType, targetId, from and to (ISO date-times, inclusive). size at most ${AUDIT_MAX_PAGE_SIZE}. ` +
          'Records older than AUDIT_RETENTION_DAYS are deleted once a day. Answers {rows, count}.',
        querystring: yupSchema(auditQuerySchema),
        response: { 200: { type: 'object', properties: { rows: { type: 'array', items: rowJson }, count: { type: 'integer' } }, required: ['rows', 'count'] } },
      },
    },
    async (request) => app.repos.audit.list(request.query),
  );

  const strings = { type: 'array', items: { type: 'string' } } as const;
  app.get(
    '/audit/filters',
    {
      preValidation: app.authorize(rule),
      schema: {
        tags,
        summary: 'The actions, target types and actors recorded so far (the filters\' choices)',
        response: {
          200: dataResponse({
            type: 'object',
            properties: {
              actions: strings,
              targetTypes: strings,
              actors: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } }, required: ['id', 'name'] } },
            },
            required: ['actions', 'targetTypes', 'actors'],
          }),
        },
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
