// The sign-in form's rules (docs/product.md §5 "Login") without yup: the sign-in page is the entry
// route of every phone and must stay small (docs/architecture.md §8), so it checks its two text fields with these
// plain functions; the server keeps checking the same body with signInSchema (schemas/auth.ts).
// A property test holds the two to the same verdicts and message ids.
import { V, messageRef } from './errors';
import { TEXT_MAX } from './limits';

export interface SignInFields {
  email: string;
  password: string;
}

export type SignInErrors = Partial<Record<keyof SignInFields, string>>;

/** The first failing rule's message id per field, in signInSchema's order (required, then length, then blank). */
export function checkSignIn(values: SignInFields): { value: SignInFields; errors: SignInErrors } {
  const email = values.email.trim();
  const errors: SignInErrors = {};
  if (email === '') errors.email = V.checkInput;
  else if (email.length > TEXT_MAX.medium) errors.email = messageRef(V.tooLong, { max: TEXT_MAX.medium });
  const { password } = values;
  if (password === '') errors.password = V.checkInput;
  else if (password.length > TEXT_MAX.medium) errors.password = messageRef(V.tooLong, { max: TEXT_MAX.medium });
  else if (password.trim() === '') errors.password = V.checkInput;
  return { value: { email, password }, errors };
}

export interface TotpCodeFields {
  code: string;
}

/** The code step's rule (totpSignInSchema's `code`): required once trimmed, at most 32 characters. */
export function checkTotpCode(values: TotpCodeFields): { value: TotpCodeFields; errors: Partial<Record<'code', string>> } {
  const code = values.code.trim();
  if (code === '') return { value: { code }, errors: { code: V.required } };
  if (code.length > 32) return { value: { code }, errors: { code: V.totpCode } };
  return { value: { code }, errors: {} };
}
