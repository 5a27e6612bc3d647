// Request bodies of the session calls (docs/product.md §7 "Session and account"), validated by the form and the server alike.
// Built from the coercion-free builders of ./common so an object where a string belongs is a 400, never a crash.
import * as yup from 'yup';
import { TOO_LONG, V } from '../errors';
import { isStrongPassword } from '../text-rules';
import { TEXT_MAX, bool, englishOnly, positiveId, str, trimmedStr, body } from './common';

/** docs/product.md §5 Login: blank or whitespace-only values give checkInput. */
export const signInSchema = body({
  // An email or a username; no account has a longer one (both columns are limited to 255).
  email: trimmedStr().required(V.checkInput).max(TEXT_MAX.medium, TOO_LONG),
  password: str()
    .required(V.checkInput)
    .test('not-blank', V.checkInput, (v) => !!v && v.trim().length > 0),
});
export type SignInBody = yup.InferType<typeof signInSchema>;

/** A new password: strong, and English text like every password input of the panel (docs/product.md §5). */
export const strongPassword = () =>
  englishOnly(str())
    .required(V.required)
    .test('strong', V.passwordNotStrong, (v) => !!v && isStrongPassword(v));

export const repeatOf = (field: string) =>
  str()
    .required(V.required)
    .oneOf([yup.ref(field)], V.passwordsNotMatch);

export const changePasswordSchema = body({
  currentPassword: str().required(V.required),
  password: strongPassword(),
  repassword: repeatOf('password'),
});
export type ChangePasswordBody = yup.InferType<typeof changePasswordSchema>;

// ---- Two-factor sign-in (TOTP, RFC 6238) ----

/** A 6-digit code from the authenticator, or (where a recovery code is accepted) a recovery code. */
const totpCode = () => trimmedStr().required(V.required).max(32, V.totpCode);

/** The caller's current password, asked again before TOTP is set up, turned on or turned off. */
const currentPassword = () => str().required(V.required).max(1024, TOO_LONG);

/** users/totp/setup: the current password (a stolen session alone cannot enrol its own device). */
export const totpSetupSchema = body({ password: currentPassword() });
export type TotpSetupBody = yup.InferType<typeof totpSetupSchema>;

/** users/totp/enable: the current password again, and the first code from the newly set up authenticator. */
export const totpEnableSchema = body({ password: currentPassword(), code: totpCode() });
export type TotpEnableBody = yup.InferType<typeof totpEnableSchema>;

/** users/totp/disable: the password and a current code (or a recovery code). */
export const totpDisableSchema = body({ password: currentPassword(), code: totpCode() });
export type TotpDisableBody = yup.InferType<typeof totpDisableSchema>;

/** users/signin/totp: the challenge users/signin answered, and a code or a recovery code. */
export const totpSignInSchema = body({ challenge: trimmedStr().required(V.checkInput).max(100, V.checkInput), code: totpCode() });
export type TotpSignInBody = yup.InferType<typeof totpSignInSchema>;

/** users/totp/requireForRole (top admin): require TOTP of a role's staff, or stop requiring it. */
export const totpRoleSchema = body({ role_id: positiveId(), required: bool().required(V.required) });
export type TotpRoleBody = yup.InferType<typeof totpRoleSchema>;

/** users/totp/reset (top admin): turn a user's TOTP off, e.g. after they lost their device. */
export const totpResetSchema = body({ user_id: positiveId() });
export type TotpResetBody = yup.InferType<typeof totpResetSchema>;

/** A 6-digit authenticator code (spaces allowed between the digits). */
export const isTotpCodeShape = (v: string): boolean => /^\d{6}$/.test(v.replace(/\s/g, ''));
