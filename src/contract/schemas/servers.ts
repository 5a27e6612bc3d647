// Request bodies of the server calls (docs/product.md §7 "Servers", §5 "Server create/edit", "Operator
// settings") and the batch-delete id lists shared with the profile calls.
import * as yup from 'yup';
import { TOO_LONG, V } from '../errors';
import { TEXT_MAX, englishOnly, idList, nonBlank, num, optionalId, optionalText, positiveId, str, body, visibleText } from './common';
import { isHostOrIp } from './formats';

/**
 * POST apps/addServer and PUT apps/updateServer/{id}.
 * - ip is the server name: a hostname or an IPv4/IPv6 address, trimmed.
 * - password: blank or missing means "no password" on create and "keep the stored one" on update
 *   (the stored password is never sent back, so the edit form starts blank).
 * - username is required when a password is given.
 * - username and password are English text (the form's default rule).
 */
export const serverSchema = body({
  appId: idList(1000),
  countryId: positiveId(),
  ip: visibleText(nonBlank(253)).test('host', V.host, (v) => v == null || isHostOrIp(v)),
  username: englishOnly(optionalText(TEXT_MAX.short)),
  password: englishOnly(
    str()
      .nullable()
      .transform((v: unknown) => (v === '' ? null : v))
      .max(TEXT_MAX.medium, TOO_LONG),
  ),
  port: num().required(V.required).integer(V.integer).min(1, V.min).max(65535, V.max),
}).test('username-with-password', V.required, function (v) {
  if (v && v.password != null && v.username == null) {
    return this.createError({ path: 'username', message: V.required });
  }
  return true;
});
export type ServerBody = yup.InferType<typeof serverSchema>;

/**
 * PUT apps/updateServer/{id}: as serverSchema, but appId may be empty. An app admin sends that to
 * unlink their own apps from a server other admins' apps keep using; the server answers 400 on
 * appId when no app at all would be left.
 */
export const serverUpdateSchema = serverSchema.shape({
  appId: yup
    .array()
    .typeError(V.checkInput)
    .of(positiveId())
    .required(V.required)
    .max(1000, V.max)
    .test('unique', V.duplicate, (v) => !v || new Set(v).size === v.length),
});
export type ServerUpdateBody = yup.InferType<typeof serverUpdateSchema>;

/** GET apps/servers?appId=…&state=appAdmin. `appId=null` (or empty) means all apps. */
export const serversQuerySchema = body({
  appId: optionalId(),
  state: str()
    .oneOf(['appAdmin'] as const, V.oneOf)
    .optional(),
});
export type ServersQuery = yup.InferType<typeof serversQuerySchema>;

/** POST apps/destroyMultipleServers and apps/destroyMultipleProfiles: at least one id, no duplicates. */
export const idsSchema = body({ ids: idList() });
export type IdsBody = yup.InferType<typeof idsSchema>;

/**
 * GET/POST apps/settings/operators: four names, each non-empty after trimming (docs/product.md §5),
 * in any script but without bidi controls or zero-width characters (the phones show them).
 */
export const OPERATOR_SETTING_KEYS = ['wifiOperatorName', 'mciOperatorName', 'irancellOperatorName', 'othersOperatorName'] as const;
const operatorName = () => visibleText(nonBlank(TEXT_MAX.short));
export const operatorSettingsSchema = body({
  wifiOperatorName: operatorName(),
  mciOperatorName: operatorName(),
  irancellOperatorName: operatorName(),
  othersOperatorName: operatorName(),
});
export type OperatorSettingsBody = yup.InferType<typeof operatorSettingsSchema>;
