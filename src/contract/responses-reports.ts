// Response bodies of the report calls, described once like ./responses.ts: the audit log and its
// filter choices (GET audit, GET audit/filters) and the dashboard's figures (GET dashboard/stats).
import * as yup from 'yup';
import { OPERATORS, PROTOCOLS } from './enums';
import { bool, idName, int, isoTime, looseObjectOrNull, text, textOrNull } from './response-fields';

/** One audit record as GET audit answers it. */
export const auditRowSchema = yup
  .object({
    id: int(),
    at: isoTime(),
    actorId: int().nullable(),
    actorName: textOrNull(),
    actorRole: textOrNull(),
    actorRolePName: textOrNull().meta({ description: "The Persian name of the actor's role, when it still exists and has one" }),
    ip: textOrNull(),
    action: text(),
    operation: textOrNull().meta({ description: 'Method and route pattern' }),
    targetType: textOrNull(),
    targetId: textOrNull(),
    targetName: textOrNull(),
    before: looseObjectOrNull('The changed fields before the change; a secret shows as "[changed]"'),
    after: looseObjectOrNull('The changed fields after the change'),
    detail: looseObjectOrNull(),
  })
  .defined();

/** GET audit: one page of records, newest first, and how many match. */
export const auditListSchema = yup.object({ rows: yup.array(auditRowSchema).defined(), count: int() }).defined();

/** GET audit/filters: the choices of the panel's filters, from what has been recorded. */
export const auditFilterOptionsSchema = yup
  .object({ actions: yup.array(text()).defined(), targetTypes: yup.array(text()).defined(), actors: yup.array(idName()).defined() })
  .defined();

const activeInactive = () => yup.object({ active: int(), inactive: int() }).defined();
const countsOf = <K extends string>(keys: readonly K[]) => yup.array(yup.object({ key: yup.string().oneOf(keys).defined(), count: int() }).defined()).defined();

/** One version of an app with the devices reporting it. */
export const dashboardVersionSchema = yup
  .object({
    appVersion: yup.number().nullable().defined().meta({ description: 'null: devices that reported no version' }),
    devices: int(),
    /** The version's record is blocked (status false): its devices are told to update. */
    blocked: bool(),
  })
  .defined();

/** An app's devices by version: `devices` is the sum over its versions, highest version first, none last. */
export const dashboardAppVersionsSchema = yup
  .object({ appId: int(), appName: text(), devices: int(), versions: yup.array(dashboardVersionSchema).defined() })
  .defined();

/**
 * GET dashboard/stats. Registrations are counted by the hour of Iran's clock (Asia/Tehran): `last24h`
 * is the current hour and the 23 before it, `last7d` and `last30d` today and the 6 (29) days before,
 * and `perDay` the last DASHBOARD_DAYS days, oldest first, each day as YYYY-MM-DD (Gregorian).
 */
export const dashboardStatsSchema = yup
  .object({
    apps: activeInactive(),
    servers: yup.object({ total: int(), byCountry: yup.array(yup.object({ code: text(), name: text(), count: int() }).defined()).defined() }).defined(),
    profiles: yup.object({ total: int(), byOperator: countsOf(OPERATORS), byProtocol: countsOf(PROTOCOLS) }).defined(),
    devices: yup
      .object({
        total: int(),
        last24h: int().meta({ description: 'Registered in the current hour (Asia/Tehran) and the 23 before it' }),
        last7d: int().meta({ description: 'Registered today (Asia/Tehran) and the 6 days before' }),
        last30d: int().meta({ description: 'Registered today (Asia/Tehran) and the 29 days before' }),
        perDay: yup
          .array(yup.object({ day: text().meta({ format: 'date' }), count: int() }).defined())
          .defined()
          .meta({ description: 'The last 30 days of Iran’s calendar, oldest first' }),
        byVersion: yup
          .array(dashboardAppVersionsSchema)
          .defined()
          .meta({ description: 'Per app, most devices first: its devices by version, highest version first' }),
      })
      .defined(),
    users: activeInactive().nullable().meta({ description: 'Staff users; null unless the caller has the admin role' }),
  })
  .defined();
