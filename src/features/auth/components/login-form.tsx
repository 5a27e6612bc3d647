// The sign-in form. Blank or whitespace-only fields never reach the server (checkInput); a wrong
// sign-in says "username or password is wrong"; success stores the token, welcomes the user and
// opens the dashboard (the token is in localStorage by then); the dashboard loads during sign-in.
// An account with TOTP answers a challenge instead of a token: the code step (its own chunk,
// loaded only then) finishes it. The form is checked by the contract's plain sign-in rules
// (checkSignIn), not a yup schema in a Form: the entry route of every phone carries neither
// react-hook-form nor yup (docs/architecture.md §8); the server checks the same body with signInSchema.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { checkSignIn, type SignInFields, type SignInResponse } from '../../../contract';
import { TextBox, useCheckedForm, usePasswordToggle } from '../../../components/form';
import { useSubmitAction } from '../../../components/dialogs';
import { LoadingState } from '../../../components/feedback/loading-state';
import { isApiError } from '../../../lib/api';
import { selectLocale, signedIn, useAppDispatch, useAppSelector, useFlushPersisted, useNotify } from '../../../lib/state';
import { PATHS, preloadRoute } from '../../../lib/routing';
import { useSignInMutation } from '../api';

const TotpStep = lazy(() => import(/* webpackChunkName: "login-totp" */ './totp-step'));

const emptyCredentials: SignInFields = { email: '', password: '' };

export function LoginForm() {
  const [signIn] = useSignInMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const notify = useNotify();
  const flushPersisted = useFlushPersisted();
  const locale = useAppSelector(selectLocale);
  const [challenge, setChallenge] = useState<string | null>(null);
  const { submitting, run } = useSubmitAction<SignInResponse>({
    errorMessageId: (error) => (isApiError(error) && error.status === 401 ? 'auth.login.wrongCredentials' : undefined),
  });

  const finish = async (token: string) => {
    notify.success('auth.login.welcome');
    dispatch(signedIn(token));
    // written before the dashboard opens, so a reload straight away keeps the session
    await flushPersisted();
    navigate(PATHS.dashboard, { replace: true });
  };

  const submit = async (values: SignInFields) => {
    // the dashboard's chunks and messages load while the server checks the password
    preloadRoute(PATHS.dashboard, locale);
    const result = await run(() => signIn(values).unwrap());
    if ('token' in result) await finish(result.token);
    else setChallenge(result.challenge);
  };

  const form = useCheckedForm({ defaultValues: emptyCredentials, check: checkSignIn, onSubmit: submit });
  const passwordToggle = usePasswordToggle();

  if (challenge) {
    return (
      <Suspense fallback={<LoadingState />}>
        <TotpStep challenge={challenge} onToken={finish} onBack={() => setChallenge(null)} />
      </Suspense>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={form.submit}>
      <Stack spacing={2.5}>
        <TextBox {...form.field('email')} labelId="auth.login.emailOrUsername" autoComplete="username" ltr autoFocus />
        <TextBox {...form.field('password')} {...passwordToggle} labelId="auth.login.password" autoComplete="current-password" ltr />
        <Button type="submit" variant="contained" size="large" disabled={submitting}>
          <FormattedMessage id={submitting ? 'auth.login.signingIn' : 'auth.login.submit'} />
        </Button>
      </Stack>
    </Box>
  );
}
