// docs/product.md §7 "Audit log": GET audit, the records written by server/src/audit, role_id 1 only
// (policy audit:view), server-paged newest first; GET audit/filters lists the recorded actions,
// target types and actors for the panel's filters. The daily retention sweep lives here too (AUDIT_RETENTION_DAYS).
import type { FastifyInstance } from 'fastify';
import { AUDIT_MAX_PAGE_SIZE, auditQuerySchema, type AuditQuery, type AuditRowDto } from '../../../src/contract';
import { dataResponse } from '../http/schemas';
import { responseSchema, yupSchema } from '../http/validation';
import { auditFilterOptionsSchema, auditListSchema } from '../../../src/contract/responses-reports';
import { noRecord } from '../auth/access';
import { AUDIT_EXPORT_HEADERS, LIST_EXPORT_BATCH, auditExportQuerySchema, exportHeader, type AuditExportQuery } from '../../../src/contract/exports';
import type { CsvCell } from '../../../src/contract/csv';
import { actorOf } from '../audit/plugin';
import { recordAudit } from '../audit/record';
import { CSV_RESPONSE, csvStream, sendCsv } from '../http/csv-stream';

const tags = ['audit'];

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
/** A record as a line of the export, in AUDIT_EXPORT_HEADERS' order: stored values, the time in ISO 8601, objects as JSON. */
const auditCells = (r: AuditRowDto): CsvCell[] => [
  r.id,
  r.at,
  r.actorId,
  r.actorName,
  r.actorRole,
  r.ip,
  r.action,
  r.operation,
  r.targetType,
  r.targetId,
  r.targetName,
  json(r.before),
  json(r.after),
  json(r.detail),
];

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
    async (request) => request.repos.audit.list(request.query),
  );

  app.get<{ Querystring: AuditExportQuery }>(
    '/audit/export',
    {
      config: { access: noRecord('the audit log belongs to no app (role_id 1)') },
      preValidation: app.authorize(rule),
      schema: {
        tags,
        summary: 'The audit log as a CSV file: every record that matches its filters, newest first',
        description:
          'The filters of GET audit without page and size, plus `lang` (fa or en, default fa), the language of the header row. ' +
          `Answers text/csv (report.csv, UTF-8 with a byte-order mark, CRLF lines) streamed ${LIST_EXPORT_BATCH.toLocaleString('en')} records at a time (keyset pagination). ` +
          'Columns: id, time (ISO 8601), user id, user, role, address, action, call, target type, target id, target name, before, after, detail (JSON); ' +
          'a cell a spreadsheet would run as a formula (a name typed at a failed sign-in) starts with an apostrophe; no bidi control characters. ' +
          'Each export is itself recorded (audit.export) before the file is sent.',
        querystring: yupSchema(auditExportQuerySchema),
        response: { 200: CSV_RESPONSE },
      },
    },
    async (request, reply) => {
      const { lang, ...filters } = request.query;
      // Written before answering: an export that cannot be audited does not happen.
      await recordAudit(request.db, {
        action: 'audit.export',
        actor: actorOf(request),
        request,
        target: { type: 'audit' },
        detail: { ...filters, format: 'csv' },
      });
      return sendCsv(reply, csvStream(exportHeader(AUDIT_EXPORT_HEADERS, lang), request.repos.audit.exportBatches(filters), auditCells));
    },
  );

  app.get(
    '/audit/filters',
    {
      config: { access: noRecord('the audit log belongs to no app (role_id 1)') },
      preValidation: app.authorize(rule),
      schema: {
        tags,
        summary: "The actions, target types and actors recorded so far (the filters' choices)",
        response: { 200: dataResponse(responseSchema(auditFilterOptionsSchema)) },
      },
    },
    async (request) => ({ data: await request.repos.audit.filterOptions() }),
  );
}
