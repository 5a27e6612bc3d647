// The server-written exports of the server-paged lists (docs/product.md §9 "Export"): a
// list too large for the browser (a million devices, the audit log) is exported whole by the
// server, streamed as CSV a batch at a time, for the list's current filters and sort:
//
//   GET apps/devices/export?appId&filter&sort&ascending&lang   the device list's query without page and size
//   GET audit/export?actorId&action&targetType&targetId&from&to&lang   the audit log's, likewise
//
// Each answers a CSV file written by contract/csv.ts (byte-order mark, formula guard, no bidi
// controls): dates as ISO 8601, numbers with Latin digits, values as stored; only the header row is
// in the caller's language (`lang`, the panel's locale). The headers live here, not in the panel's
// message files, because the server writes them; both languages are plain text (no isolates).
import * as yup from 'yup';
import { V } from './errors';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './limits';
import { str } from './schemas/common';
import { auditQuerySchema } from './schemas/audit';
import { devicesQuerySchema } from './schemas/devices';

/** How many rows the server reads and writes at a time (one keyset-paged statement each). */
export const LIST_EXPORT_BATCH = 2_000;

const lang = () =>
  str()
    .transform((v: unknown, orig: unknown) => (orig === '' ? undefined : v))
    .oneOf(LOCALES, V.oneOf)
    .default(DEFAULT_LOCALE);

/** GET apps/devices/export: the device list's query (filters and sort) without paging, plus the header language. */
export const devicesExportQuerySchema = devicesQuerySchema.omit(['page', 'size']).shape({ lang: lang() });
export type DevicesExportQuery = yup.InferType<typeof devicesExportQuerySchema>;

/** GET audit/export: the audit log's filters without paging, plus the header language. */
export const auditExportQuerySchema = auditQuerySchema.omit(['page', 'size']).shape({ lang: lang() });
export type AuditExportQuery = yup.InferType<typeof auditExportQuerySchema>;

/** One column of a server-written export: its header in each language. */
export type ExportHeader = Readonly<Record<Locale, string>>;

/** The device export's columns, in file order (server/src/routes/devices.ts writes the values). */
export const DEVICE_EXPORT_HEADERS = {
  id: { fa: 'شناسه', en: 'ID' },
  app: { fa: 'اپلیکیشن', en: 'Application' },
  appId: { fa: 'شناسه اپلیکیشن', en: 'Application ID' },
  model: { fa: 'مدل', en: 'Model' },
  uniqueDeviceId: { fa: 'شناسه دستگاه', en: 'Device ID' },
  fcmToken: { fa: 'توکن فایربیس', en: 'Firebase token' },
  appVersionCode: { fa: 'نسخه اپلیکیشن', en: 'App version' },
  createdAt: { fa: 'تاریخ ثبت', en: 'Registered' },
  updatedAt: { fa: 'آخرین به‌روزرسانی', en: 'Last updated' },
} as const satisfies Record<string, ExportHeader>;

/** The audit export's columns, in file order (server/src/routes/audit.ts writes the values). */
export const AUDIT_EXPORT_HEADERS = {
  id: { fa: 'شناسه', en: 'ID' },
  at: { fa: 'زمان', en: 'Time' },
  actorId: { fa: 'شناسه کاربر', en: 'User ID' },
  actorName: { fa: 'کاربر', en: 'User' },
  actorRole: { fa: 'نقش', en: 'Role' },
  ip: { fa: 'نشانی', en: 'Address' },
  action: { fa: 'عملیات', en: 'Action' },
  operation: { fa: 'فراخوانی', en: 'Call' },
  targetType: { fa: 'نوع هدف', en: 'Target type' },
  targetId: { fa: 'شناسه هدف', en: 'Target id' },
  targetName: { fa: 'نام هدف', en: 'Target name' },
  before: { fa: 'قبل', en: 'Before' },
  after: { fa: 'بعد', en: 'After' },
  detail: { fa: 'جزئیات', en: 'Detail' },
} as const satisfies Record<string, ExportHeader>;

/** The header row of an export in `locale`. */
export const exportHeader = (headers: Record<string, ExportHeader>, locale: Locale): string[] => Object.values(headers).map((h) => h[locale]);
