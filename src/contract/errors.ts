// Error codes the server puts in `{message, code, errors?}` bodies (docs/architecture.md §5), and the
// message ids used for field errors. The panel translates both through react-intl.
import type * as yup from 'yup';
import type { apiErrorBodySchema, csvRowErrorSchema } from './responses-errors';

export const ERROR_CODES = {
  validation: 'VALIDATION_FAILED',
  /** Malformed request that is not a field problem (bad JSON, wrong content type). */
  badRequest: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  badCredentials: 'BAD_CREDENTIALS',
  forbidden: 'FORBIDDEN',
  passwordChangeRequired: 'PASSWORD_CHANGE_REQUIRED',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  tooLarge: 'PAYLOAD_TOO_LARGE',
  /** 431: the request's header block is over the server's limit (answered before any routing). */
  headersTooLarge: 'HEADERS_TOO_LARGE',
  /** 408: the request did not arrive in time (a body shorter than its Content-Length, say). */
  timeout: 'REQUEST_TIMEOUT',
  unsupportedMedia: 'UNSUPPORTED_MEDIA',
  rateLimited: 'RATE_LIMITED',
  internal: 'INTERNAL',
  /** 503: the database dropped the connection (a restart, a failover); the call changed nothing and can be sent again. */
  dbUnavailable: 'DB_UNAVAILABLE',
  /** 409: the change would leave no active top admin (role_id 1): delete, deactivate or demote. */
  lastTopAdmin: 'LAST_TOP_ADMIN',
  /** 409: the user still administers applications; reassign them before deleting the user. */
  userHasApps: 'USER_HAS_APPS',
  /**
   * 409: an app admin asked to delete a server that apps of other admins use too; deleting it
   * would take their profiles. Unlink their own apps instead (an update without them).
   */
  serverShared: 'SERVER_SHARED',
  /** 403 on the mobile apps' calls: the app of this `appapikey` is inactive. */
  appInactive: 'APP_INACTIVE',
  /** 409 on apps/client/config: the app has no newCoreKey/newCoreIv, so its profiles cannot be sent encrypted. */
  appKeysMissing: 'APP_KEYS_MISSING',
  /** 403: the caller's role requires TOTP and they have not enrolled; only enrolment calls pass. */
  totpEnrollmentRequired: 'TOTP_ENROLLMENT_REQUIRED',
  /** 409: TOTP is already on (setup/enable), or off (disable). */
  totpState: 'TOTP_STATE',
  /** 409 on DELETE access/roles/{id}: staff users still hold the role; give them another first. */
  roleInUse: 'ROLE_IN_USE',
  /** 409: role_id 1 cannot be edited into less nor deleted; the seeded roles cannot be deleted. */
  roleProtected: 'ROLE_PROTECTED',
  /**
   * 409 on apps/exportProfile?format=xray|v2ray: the core cannot carry the profile as written (REALITY
   * for v2ray 4, h2 for Xray, ...); `errors` names each field with an export.* reason.
   */
  unsupportedByCore: 'UNSUPPORTED_BY_CORE',
  /** 413 on apps/exportProfile?format=qr: the link is longer than a QR code holds (version 40 at level L). */
  tooLongForQr: 'TOO_LONG_FOR_QR',
  /**
   * 409 on apps/group/addProfiles without `duplicates`: rows whose address the server already has
   * (or an earlier row of the file has); `duplicateRows` counts them, `importRows` all valid rows.
   */
  duplicateProfiles: 'DUPLICATE_PROFILES',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Message ids for validation failures; both lang files hold a text for each. */
export const V = {
  checkInput: 'validation.checkInput',
  required: 'validation.required',
  passwordNotStrong: 'validation.passwordNotStrong',
  passwordsNotMatch: 'validation.passwordsnotMatch',
  englishOnly: 'validation.englishOnly',
  persianOnly: 'validation.persianOnly',
  email: 'validation.email',
  number: 'validation.number',
  integer: 'validation.integer',
  min: 'validation.min',
  max: 'validation.max',
  oneOf: 'validation.oneOf',
  tooLong: 'validation.tooLong',
  wrongPassword: 'validation.wrongPassword',
  taken: 'validation.taken',
  selectFileFirst: 'validation.selectFileFirst',
  /** An upload whose content is not of an accepted type (e.g. an avatar that is not JPEG or PNG). */
  fileType: 'validation.fileType',
  fileTooLarge: 'validation.fileTooLarge',
  /** An image wider or taller than the limit (an avatar over AVATAR_MAX_SIDE_PX on a side), read from its header. */
  imageDimensions: 'validation.imageDimensions',
  /** An image whose signature is right but whose header or structure is broken. */
  imageCorrupt: 'validation.imageCorrupt',
  // Added with the request schemas of the later docs/product.md §7 calls (src/contract/schemas/*):
  username: 'validation.username',
  phone: 'validation.phone',
  url: 'validation.url',
  packageName: 'validation.packageName',
  step: 'validation.step',
  length: 'validation.length',
  ip: 'validation.ip',
  host: 'validation.host',
  countryCodes: 'validation.countryCodes',
  /** The field-health failing threshold, which must stay below the working one. */
  belowWorking: 'validation.belowWorking',
  duplicate: 'validation.duplicate',
  profileName: 'validation.profileName',
  /** A date after today where only past days make sense (a birthdate). */
  futureDate: 'validation.futureDate',
  /** A TOTP or recovery code that is wrong, used or expired. */
  totpCode: 'validation.totpCode',
  /** A name the phones show holding a bidi control or a zero-width character (text-rules.ts). */
  invisibleCharacters: 'validation.invisibleCharacters',
} as const;
export type ValidationMessageId = (typeof V)[keyof typeof V];

/** Values a message id carries, such as the limit of `validation.tooLong`. */
export type MessageValuesOf = Record<string, number>;

/**
 * A message id with its values, `id?key=value&…` (`validation.tooLong?max=100`): how a yup message
 * carries its limit (yup fills `${max}` in), and how the panel passes it to its text. The server
 * answers the id and its values apart (`errors` and `values`), so `errors` stays a table of ids.
 */
export function messageRef(id: string, values: MessageValuesOf): string {
  return `${id}?${Object.entries(values)
    .map(([k, v]) => `${k}=${v}`)
    .join('&')}`;
}

/** A message ref split into its id and values (none for a bare id). */
export function parseMessageRef(ref: string): { id: string; values?: MessageValuesOf } {
  const at = ref.indexOf('?');
  if (at < 0) return { id: ref };
  const values: MessageValuesOf = {};
  for (const pair of ref.slice(at + 1).split('&')) {
    const [key, value] = pair.split('=');
    if (key && value !== undefined && value !== '' && Number.isFinite(Number(value))) values[key] = Number(value);
  }
  return { id: ref.slice(0, at), values: Object.keys(values).length ? values : undefined };
}

/** The message of a yup `.max(n, TOO_LONG)`: "too long", with the limit filled in by yup. */
export const TOO_LONG = `${V.tooLong}?max=${'${max}'}`;

/**
 * A table of message ids `namespace.key`, one a key, for reasons whose ids follow that rule
 * (shareLink.*, csv.*): the namespace is written once, so no entry can stray from it. V above
 * is written out: its entries carry notes, and one id (passwordsNotMatch) keeps an older spelling.
 */
export function messageIds<const N extends string, const K extends string>(namespace: N, keys: readonly K[]): { readonly [P in K]: `${N}.${P}` } {
  return Object.fromEntries(keys.map((key) => [key, `${namespace}.${key}`])) as { readonly [P in K]: `${N}.${P}` };
}

/** One failing row of a refused profile CSV import (POST apps/group/addProfiles). */
export type CsvRowError = yup.InferType<typeof csvRowErrorSchema>;

/** An error answer: `{message, code, errors?}`, plus `rows` when a file import is refused. */
export type ApiErrorBody = yup.InferType<typeof apiErrorBodySchema>;
