// Request bodies of the profile calls (docs/product.md §7 "Profiles", §5 "Profile" and "Batch import guide"),
// plus the message ids of share-link and CSV-import failures. The server's domain modules
// (server/src/domain/share-links.ts, csv-import.ts) report with these ids; the panel translates them.
import * as yup from 'yup';
import { TOO_LONG, V, messageIds } from '../errors';
import { OPERATORS, PROFILE_TYPES, PROTOCOLS } from '../enums';
import { TEXT_MAX, positiveId, str, trimmedStr, body, visibleText } from './common';

/** Profile names: English letters, digits, space, `-` and `_` (docs/product.md §5 batch import guide), at most 100 characters. */
export const PROFILE_NAME_PATTERN = /^[A-Za-z0-9 _-]+$/;
export const PROFILE_NAME_MAX = TEXT_MAX.short;
export const isProfileName = (v: string): boolean => v.length <= PROFILE_NAME_MAX && PROFILE_NAME_PATTERN.test(v);

/** Longest share link accepted (characters). */
export const SHARE_LINK_MAX_LENGTH = 8192;

/** Reasons a share link is refused. */
export const SHARE_LINK_MESSAGES = messageIds('shareLink', [
  'empty',
  'tooLong',
  'unknownScheme',
  'protocolMismatch',
  'badBase64',
  'badJson',
  'badFormat',
  'badEncoding',
  'badHost',
  'badPort',
  'badId',
  'badTransport',
  'badSecurity',
  'missingRealityKey',
]);
export type ShareLinkMessageId = (typeof SHARE_LINK_MESSAGES)[keyof typeof SHARE_LINK_MESSAGES];

/**
 * Links the panel stores but popular clients refuse or misread: the `warnings` of the addProfile and
 * updateProfile answers (the save goes through). `noQuery`: no query at all (v2rayNG reads the
 * query without a null check); `vmessSingleParam`: a VMess URI with one parameter (v2rayNG takes a
 * vmess link without both "?" and "&" for base64); `vmessNoNet`: VMess JSON without `net` (v2rayNG
 * refuses it); `unencodedInPath`: a "?" or "=" written as is inside `path` (v2rayNG splits each
 * parameter at every "=", so `path=/ws?ed=2048` reads as "/ws?ed").
 */
export const LINK_WARNINGS = messageIds('linkWarning', ['noQuery', 'vmessSingleParam', 'vmessNoNet', 'unencodedInPath']);
export type LinkWarningId = (typeof LINK_WARNINGS)[keyof typeof LINK_WARNINGS];

/**
 * Reasons a profile CSV is refused. Row-level reasons come with the 1-based data row number;
 * file-level reasons (empty file, missing column, too large, too many rows) come with row 0.
 */
export const CSV_MESSAGES = messageIds('csv', [
  'empty',
  'noRows',
  'tooLarge',
  'tooManyRows',
  'notUtf8',
  'malformed',
  'missingColumn',
  'duplicateColumn',
  'fieldCount',
  'typeNotNormal',
]);
export type CsvMessageId = (typeof CSV_MESSAGES)[keyof typeof CSV_MESSAGES];

/** The CSV columns of the batch import (any order; the header row names them). */
export const CSV_COLUMNS = ['address', 'name', 'protocol', 'type'] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** The multipart field names of POST apps/group/addProfiles. */
export const CSV_FILE_FIELD = 'csvFile';

const profileName = () =>
  visibleText(trimmedStr())
    .required(V.required)
    .max(PROFILE_NAME_MAX, TOO_LONG)
    .test({ name: 'profile-name', message: V.profileName, params: { pattern: PROFILE_NAME_PATTERN }, test: (v) => v == null || PROFILE_NAME_PATTERN.test(v) });

/**
 * The address's scheme against the chosen protocol: a cheap check the form can run. The server
 * parses the whole link (server/src/domain/share-links.ts) and reports the precise reason.
 */
function schemeCheck(this: yup.TestContext, v: string | null | undefined) {
  if (!v) return true;
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(v);
  const scheme = m?.[1].toLowerCase();
  if (scheme !== 'vmess' && scheme !== 'vless') return this.createError({ message: SHARE_LINK_MESSAGES.unknownScheme });
  const protocol = (this.parent as { protocol?: unknown }).protocol;
  if (typeof protocol === 'string' && (PROTOCOLS as readonly string[]).includes(protocol) && protocol !== scheme) {
    return this.createError({ message: SHARE_LINK_MESSAGES.protocolMismatch });
  }
  return true;
}

const address = () => trimmedStr().max(SHARE_LINK_MAX_LENGTH, SHARE_LINK_MESSAGES.tooLong).test('scheme', V.checkInput, schemeCheck);

const fields = {
  name: profileName(),
  operator: str().required(V.required).oneOf(OPERATORS, V.oneOf),
  protocol: str().required(V.required).oneOf(PROTOCOLS, V.oneOf),
  serverId: positiveId(),
};

/**
 * POST apps/addProfile. `type` defaults to normal: role_id 5 does not send it (docs/product.md §6) and the
 * server answers 403 when role_id 5 does send one (check the raw body for the key).
 */
export const profileCreateSchema = body({
  ...fields,
  address: address().required(V.required),
  type: str().oneOf(PROFILE_TYPES, V.oneOf).nonNullable(V.required).default('normal'),
});
export type ProfileCreateBody = yup.InferType<typeof profileCreateSchema>;

/**
 * PUT apps/updateProfile/{id}. A blank or missing address keeps the stored one (the edit form starts
 * blank); the server then checks the kept address still matches `protocol`. A missing type is kept.
 */
export const profileUpdateSchema = body({
  ...fields,
  address: address().optional(),
  type: str().oneOf(PROFILE_TYPES, V.oneOf).nonNullable(V.required).optional(),
});
export type ProfileUpdateBody = yup.InferType<typeof profileUpdateSchema>;

/** POST apps/convertProfile: `config` is the opaque address token the profile list returns. */
export const convertProfileSchema = body({
  config: trimmedStr()
    .required(V.required)
    .max(4 * SHARE_LINK_MAX_LENGTH, TOO_LONG),
});
export type ConvertProfileBody = yup.InferType<typeof convertProfileSchema>;

/**
 * What an import does with rows whose address the server already has: `skip` them, or `import`
 * them anyway. Without it, such rows refuse the file (409 DUPLICATE_PROFILES) so the panel can ask.
 */
export const PROFILE_IMPORT_DUPLICATES = ['skip', 'import'] as const;
export type ProfileImportDuplicates = (typeof PROFILE_IMPORT_DUPLICATES)[number];

/** The non-file fields of POST apps/group/addProfiles (multipart). */
export const profileImportSchema = body({ serverId: positiveId(), duplicates: str().oneOf(PROFILE_IMPORT_DUPLICATES, V.oneOf).optional() });
export type ProfileImportFields = yup.InferType<typeof profileImportSchema>;
