// The audit log's query and rows (docs/product.md §7 "Audit log"): GET audit, role_id 1 only,
// server-paged newest first like the device list.
import * as yup from 'yup';
import { V } from '../errors';
import { DEFAULT_PAGE_SIZE } from '../limits';
import { num, optionalId, str, trimmedStr, body } from './common';

/** Shown instead of a secret's value: the record says that it changed, never what to. */
export const AUDIT_CHANGED = '[changed]';

/** The largest page size of the audit list. */
export const AUDIT_MAX_PAGE_SIZE = 100;

const blankToUndefined = (v: unknown, orig: unknown) => (orig === '' || orig === 'null' ? undefined : v);
const optionalWord = () =>
  trimmedStr()
    .max(100, V.tooLong)
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

/** One audit record as GET audit answers it. */
export interface AuditRowDto {
  id: number;
  at: string;
  actorId: number | null;
  actorName: string | null;
  actorRole: string | null;
  ip: string | null;
  action: string;
  /** Method and route pattern. */
  operation: string | null;
  targetType: string | null;
  targetId: string | null;
  targetName: string | null;
  /** The changed fields before and after; a secret's value is AUDIT_CHANGED. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  detail: Record<string, unknown> | null;
}

/** GET audit/filters: the choices of the panel's filters, from what has been recorded. */
export interface AuditFilterOptions {
  actions: string[];
  targetTypes: string[];
  actors: { id: number; name: string }[];
}

export interface AuditList {
  rows: AuditRowDto[];
  count: number;
}
