// Request bodies of the session calls (SPEC §7 "Session and account"), validated by the form and the server alike.
// Built from the coercion-free builders of ./common so an object where a string belongs is a 400, never a crash.
import * as yup from 'yup';
import { V } from '../errors';
import { isStrongPassword } from '../text-rules';
import { TEXT_MAX, dropPrototypeKeys, str, trimmedStr } from './common';

const body = <T extends yup.ObjectShape>(shape: T) =>
  yup.object(shape).transform(dropPrototypeKeys).typeError(V.checkInput).nonNullable(V.checkInput);

/** SPEC §5 Login: blank or whitespace-only values give checkInput. */
export const signInSchema = body({
  // An email or a username; no account has a longer one (both columns are limited to 255).
  email: trimmedStr().required(V.checkInput).max(TEXT_MAX.medium, V.tooLong),
  password: str()
    .required(V.checkInput)
    .test('not-blank', V.checkInput, (v) => !!v && v.trim().length > 0),
});
export type SignInBody = yup.InferType<typeof signInSchema>;

export const strongPassword = () =>
  str()
    .required(V.required)
    .test('strong', V.passwordNotStrong, (v) => !!v && isStrongPassword(v));

export const repeatOf = (field: string) => str().required(V.required).oneOf([yup.ref(field)], V.passwordsNotMatch);

export const changePasswordSchema = body({
  currentPassword: str().required(V.required),
  password: strongPassword(),
  repassword: repeatOf('password'),
});
export type ChangePasswordBody = yup.InferType<typeof changePasswordSchema>;
