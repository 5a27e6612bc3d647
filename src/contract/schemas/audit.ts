// The audit log's query and rows (docs/product.md §7 "Audit log"): GET audit, role_id 1 only,
// server-paged newest first like the device list.
import * as yup from 'yup';
import { TOO_LONG, V } from '../errors';
import { DEFAULT_PAGE_SIZE } from '../limits';
import { num, optionalId, str, trimmedStr, body } from './common';
import type { auditFilterOptionsSchema, auditListSchema, auditRowSchema } from '../responses-reports';

/** Shown instead of a secret's value: the record says that it changed, never what to. */
export const AUDIT_CHANGED = '[changed]';

/** The largest page size of the audit list. */
export const AUDIT_MAX_PAGE_SIZE = 100;

const blankToUndefined = (v: unknown, orig: unknown) => (orig === '' || orig === 'null' ? undefined : v);
const optionalWord = () =>
  trimmedStr()
    .max(100, TOO_LONG)
    .transform((v: unknown) => (v === '' ? undefined : v))
    .optional();
const optionalTime = () =>
  str()
    .transform(blankToUndefined)
    .test('date-time', V.checkInput, (v) => v === undefined || !Number.isNaN(Date.parse(v)))
    .optional();

/** GET audit?page&size&actorId&action&targetType&targetId&from&to (from/to: ISO date-times, inclusive). */
export const auditQuerySchema = body({
  page: num().transform(blankToUndefined).integer(V.integer).min(1, V.min).max(1_000_000, V.max).default(1),
  size: num().transform(blankToUndefined).integer(V.integer).min(1, V.min).max(AUDIT_MAX_PAGE_SIZE, V.max).default(DEFAULT_PAGE_SIZE),
  actorId: optionalId(),
  action: optionalWord(),
  targetType: optionalWord(),
  targetId: optionalWord(),
  from: optionalTime(),
  to: optionalTime(),
});
export type AuditQuery = yup.InferType<typeof auditQuerySchema>;

/** One audit record as GET audit answers it; a secret's value in before/after is AUDIT_CHANGED. */
export type AuditRowDto = yup.InferType<typeof auditRowSchema>;

/** GET audit/filters: the choices of the panel's filters, from what has been recorded. */
export type AuditFilterOptions = yup.InferType<typeof auditFilterOptionsSchema>;

export type AuditList = yup.InferType<typeof auditListSchema>;
