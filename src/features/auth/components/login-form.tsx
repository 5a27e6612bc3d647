// The sign-in form. Blank or whitespace-only fields never reach the server (checkInput); a wrong
// sign-in says "username or password is wrong"; success stores the token, welcomes the user and
// opens the dashboard (the token is in localStorage by then); the dashboard loads during sign-in.
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { signInSchema, type SignInBody, type SignInResult } from '../../../contract';
import { Form, PasswordField, TextInput } from '../../../components/form';
import { useSubmitAction } from '../../../components/dialogs';
import { isApiError } from '../../../lib/api';
import { selectLocale, signedIn, useAppDispatch, useAppSelector, useFlushPersisted } from '../../../lib/state';
import { PATHS, preloadRoute } from '../../../lib/routing';
import { useSignInMutation } from '../api';

const emptyCredentials: SignInBody = { email: '', password: '' };

export function LoginForm() {
  const [signIn] = useSignInMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const flushPersisted = useFlushPersisted();
  const locale = useAppSelector(selectLocale);
  const { submitting, run } = useSubmitAction<SignInResult>({
    successMessageId: 'auth.login.welcome',
    errorMessageId: (error) => (isApiError(error) && error.status === 401 ? 'auth.login.wrongCredentials' : undefined),
  });

  const submit = async (values: SignInBody) => {
    // the dashboard's chunks and messages load while the server checks the password
    preloadRoute(PATHS.dashboard, locale);
    const { token } = await run(() => signIn(values).unwrap());
    dispatch(signedIn(token));
    // written before the dashboard opens, so a reload straight away keeps the session
    await flushPersisted();
    navigate(PATHS.dashboard, { replace: true });
  };

  return (
    <Form schema={signInSchema} defaultValues={emptyCredentials} onSubmit={submit}>
      <Stack spacing={2.5}>
        <TextInput name="email" labelId="auth.login.emailOrUsername" autoComplete="username" ltr autoFocus />
        <PasswordField name="password" labelId="auth.login.password" autoComplete="current-password" />
        <Button type="submit" variant="contained" size="large" disabled={submitting}>
          <FormattedMessage id={submitting ? 'auth.login.signingIn' : 'auth.login.submit'} />
        </Button>
      </Stack>
    </Form>
  );
}
