// The phones' connection reports, POST apps/client/report (the `appapikey` header picks the app), and
// the panel's health reads, GET apps/health and GET apps/profileHealth/{serverId}.
// Only the shape is checked here: whether the device is registered, the profile is served to the
// app and `at` is recent is decided per item by the server, which answers {accepted, rejected}.
import * as yup from 'yup';
import { TOO_LONG, V } from '../errors';
import { OPERATORS } from '../enums';
import { TEXT_MAX, bool, body, englishOnly, nonBlank, num, optionalId, positiveId, str } from './common';

/** At most this many reports in one call. */
export const CLIENT_REPORT_MAX = 50;
/** Why a connection failed, as the apps name it. */
export const REPORT_ERRORS = ['timeout', 'refused', 'tls', 'handshake', 'other'] as const;
export type ReportError = (typeof REPORT_ERRORS)[number];
/** A report older than this is rejected (it says nothing about now). */
export const REPORT_MAX_AGE_MS = 24 * 3600_000;
/** A report dated further ahead than this is rejected (a phone clock a little fast is fine). */
export const REPORT_MAX_AHEAD_MS = 5 * 60_000;
/** What a verdict says: too few devices is `unknown`, never a guess. */
export const HEALTH_VERDICTS = ['failing', 'degraded', 'working', 'unknown'] as const;
export type HealthVerdict = (typeof HEALTH_VERDICTS)[number];

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

const reportItemSchema = body({
  profileId: positiveId(),
  ok: bool().required(V.required),
  /** Connection time in milliseconds, when the test measured one. */
  latencyMs: num().integer(V.integer).min(0, V.min).max(600_000, V.max).optional(),
  error: str().oneOf(REPORT_ERRORS, V.oneOf).optional(),
  /** When the test ran: an ISO 8601 time with its offset. */
  at: str()
    .max(40, TOO_LONG)
    .required(V.required)
    .test('iso-time', V.checkInput, (v) => v == null || (ISO_TIME.test(v) && !Number.isNaN(Date.parse(v)))),
});

/** POST apps/client/report */
export const clientReportSchema = body({
  /** The uniqueDeviceId the phone registered with apps/addDevice. */
  deviceId: englishOnly(nonBlank(TEXT_MAX.medium)),
  versionCode: num().required(V.required).integer(V.integer).min(0, V.min),
  operator: str().oneOf(OPERATORS, V.oneOf).required(V.required),
  reports: yup.array(reportItemSchema.required(V.required)).typeError(V.checkInput).required(V.required).min(1, V.min).max(CLIENT_REPORT_MAX, V.max),
});
export type ClientReportBody = yup.InferType<typeof clientReportSchema>;

/** GET apps/health?appId&operator */
export const healthMatrixQuerySchema = body({
  appId: optionalId(),
  operator: str().oneOf(OPERATORS, V.oneOf).optional(),
});
export type HealthMatrixQuery = yup.InferType<typeof healthMatrixQuerySchema>;

/** POST apps/profileHealth/show: put a profile field health hid back into one operator's answer of one app. */
export const healthShowSchema = body({
  appId: positiveId(),
  profileId: positiveId(),
  operator: str().oneOf(OPERATORS, V.oneOf).required(V.required),
});
export type HealthShowBody = yup.InferType<typeof healthShowSchema>;

/** GET apps/health: one (app, server, operator) cell, the worst verdict among the server's profiles. */
export interface HealthCellDto {
  appId: number;
  appName: string;
  serverId: number;
  operator: (typeof OPERATORS)[number];
  verdict: HealthVerdict;
  counts: Partial<Record<HealthVerdict, number>>;
  /** The ids of the cell's failing profiles: a server shared by two apps has a cell in each, so a count over cells counts ids. */
  failingProfiles: number[];
  /** Profiles hidden from this operator's config. */
  hidden: number;
  devices: number;
  changedAt: string;
}

/** GET apps/profileHealth/{serverId}: verdicts per profile, app and operator, and the last 24 hours. */
export interface ProfileHealthDto {
  verdicts: {
    appId: number;
    profileId: number;
    operator: (typeof OPERATORS)[number];
    verdict: HealthVerdict;
    rate: number | null;
    devices: number;
    changedAt: string;
    hidden: boolean;
  }[];
  series: {
    profileId: number;
    operator: (typeof OPERATORS)[number];
    hours: { hour: string; attempts: number; successes: number; devices: number }[];
    p50: number | null;
    p90: number | null;
  }[];
}
