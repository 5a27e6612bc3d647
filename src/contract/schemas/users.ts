// Request bodies of the staff-user calls (docs/product.md §7 "Users", rules of docs/product.md §5 "New user", "Edit user",
// "Admin password change", "Change role"). The /users/add-new form and the server routes share them.
import * as yup from 'yup';
import { TOO_LONG, V } from '../errors';
import { SEX } from '../enums';
import { strongPassword, repeatOf } from './auth';
import { TEXT_MAX, bool, englishOnly, englishText, num, optionalText, persianText, positiveId, trimmedStr, withoutCoercion, body } from './common';
import { isHttpUrl } from './formats';

/** Usernames: English letters, digits, `.`, `_` and `-`, 3 to 50 characters. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,50}$/;
/** Mobile numbers: an optional leading +, then digits, spaces and dashes; 4 to 15 digits in all. */
export const MOBILE_PATTERN = /^\+?[0-9][0-9 -]*$/;
/** Birthdate: an ISO calendar date, optionally with a time part (`1990-05-17` or `1990-05-17T00:00:00.000Z`). */
export const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

function isIsoDate(v: string): boolean {
  const m = ISO_DATE_PATTERN.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && y >= 1900;
}

const persianName = () => persianText().required(V.required).max(TEXT_MAX.short, TOO_LONG);
const email = () => trimmedStr().required(V.required).email(V.email).max(TEXT_MAX.medium, TOO_LONG);
const username = () => trimmedStr().test('username', V.username, (v) => v == null || USERNAME_PATTERN.test(v));
const englishName = () =>
  englishText()
    .nullable()
    .transform((v: unknown) => (v === '' ? null : v))
    .max(TEXT_MAX.short, TOO_LONG);
const mobile = () => optionalText(30).test('mobile', V.phone, (v) => v == null || (MOBILE_PATTERN.test(v) && /^\d{4,15}$/.test(v.replace(/\D/g, ''))));
const website = () => englishOnly(optionalText(TEXT_MAX.link)).test('url', V.url, (v) => v == null || isHttpUrl(v));
const DAY_MS = 24 * 60 * 60 * 1000;
/** After today? A day of slack, so that a browser a time zone ahead of the server is never refused. */
function isAfterToday(v: string): boolean {
  const m = ISO_DATE_PATTERN.exec(v);
  return !!m && Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) > Date.now() + DAY_MS;
}
const birthdate = () =>
  optionalText(40)
    .test('date', V.checkInput, (v) => v == null || isIsoDate(v))
    .test('past', V.futureDate, (v) => v == null || !isAfterToday(v));
const sex = () =>
  num()
    .oneOf([SEX.female, SEX.male] as const, V.oneOf)
    .nonNullable(V.oneOf);

/** The optional profile fields common to create and update. Blank text becomes null. */
const optionalProfile = {
  eName: englishName(),
  eFamily: englishName(),
  address: optionalText(500),
  mobile: mobile(),
  website: website(),
  about: optionalText(TEXT_MAX.long),
  birthdate: birthdate(),
};

// The password rules come from auth.ts; withoutCoercion makes a non-string password a plain
// checkInput failure instead of yup's coercion of odd JSON values (see common.ts).

/** POST users/signup. `sex` defaults to 1 (male). */
export const userCreateSchema = body({
  name: persianName(),
  family: persianName(),
  email: email(),
  username: username().required(V.required),
  password: withoutCoercion(strongPassword()).typeError(V.checkInput),
  role_id: positiveId(),
  ...optionalProfile,
  sex: sex().default(SEX.male),
});
export type UserCreateBody = yup.InferType<typeof userCreateSchema>;

/** PUT users/update/{id}: no password and no role here (they have their own calls). A missing field is kept. */
export const userUpdateSchema = body({
  name: persianName(),
  family: persianName(),
  email: email(),
  username: username().optional(),
  ...optionalProfile,
  sex: sex().optional(),
});
export type UserUpdateBody = yup.InferType<typeof userUpdateSchema>;

/** POST users/changepasslist: an admin sets another user's password (the user must then change it). */
export const adminSetPasswordSchema = body({
  password: withoutCoercion(strongPassword()).typeError(V.checkInput),
  repassword: withoutCoercion(repeatOf('password')).typeError(V.checkInput),
  user_id: positiveId(),
});
export type AdminSetPasswordBody = yup.InferType<typeof adminSetPasswordSchema>;

/** PUT users/updateAccess/{id}. Whether the role exists is the server's check (400 when unknown). */
export const changeRoleSchema = body({ role_id: positiveId() });
export type ChangeRoleBody = yup.InferType<typeof changeRoleSchema>;

/** PUT users/changestatus/{id}. The panel sends the negated current value (docs/product.md §4). */
export const changeStatusSchema = body({ active: bool().required(V.required) });
export type ChangeStatusBody = yup.InferType<typeof changeStatusSchema>;

/** The status filter of GET users: everyone, only active or only inactive users. */
export const USER_STATUS_FILTERS = ['all', 'true', 'false'] as const;
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];

/**
 * GET users query: optional filters (the panel may also filter client-side). `search` matches name,
 * family, English name and family, full name, username or email, case-insensitively.
 */
export const usersListQuerySchema = body({
  search: optionalText(TEXT_MAX.short),
  role_id: positiveId().optional(),
  active: trimmedStr()
    .transform((v: unknown) => (v === '' ? undefined : v))
    .oneOf(USER_STATUS_FILTERS, V.oneOf)
    .default('all'),
});
export type UsersListQuery = yup.InferType<typeof usersListQuerySchema>;
