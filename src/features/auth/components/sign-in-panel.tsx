// The sign-in page's content (docs/product.md §4 "Login"): the title, then email-or-username and
// password checked by the contract's plain rules (checkSignIn; blank or whitespace-only fields
// never reach the server), sent to users/signin. A wrong sign-in says "username or password is
// wrong"; a rate limit, a network failure or another error says so (errorMessageId). An account
// with TOTP answers a challenge instead of a token: the code step (users/signin/totp) finishes it,
// and "back" returns to the password with the fields as they were. Plain React and CSS with fetch
// (lib/api/base-query's `request`), no MUI or RTK Query: the same component is the light page of
// the bootstrap (src/boot) and the page of the app's /login route (pages/login-page.tsx); each
// host says how to report a message and what to do with the token.
import { useState } from 'react';
import { checkSignIn, checkTotpCode, type SignInFields, type TotpCodeFields } from '@/contract/sign-in-rules';
import { request, type ApiError } from '@/lib/api/base-query';
import { errorMessageId } from '@/lib/api/errors';
import { useText } from '@/lib/i18n/plain-text';
import { SignInField, usePasswordToggle, useSignInForm } from './sign-in-fields';

export interface SignInPanelProps {
  /** Shows a message id as a notice (an error toast). */
  onError: (messageId: string) => void;
  /** Called as the credentials go out: the host starts loading what follows sign-in. */
  onSubmitStart?: () => void;
  /** Takes the session's token over (stores it, opens the dashboard); the form stays busy until it settles. */
  onToken: (token: string) => Promise<void>;
}

type SignInAnswer = { token: string } | { totpRequired: true; challenge: string };

const emptyCredentials: SignInFields = { email: '', password: '' };
const emptyCode: TotpCodeFields = { code: '' };

/** POSTs a body; resolves with the answer, or reports the error and rejects with it. */
async function post<T>(url: string, body: unknown, onError: (id: string) => void, wrongId: string): Promise<T> {
  const result = await request({ url, method: 'POST', body }, null);
  if ('data' in result) return result.data as T;
  const error: ApiError = result.error;
  onError(errorMessageId(error, error.status === 401 ? wrongId : undefined));
  throw error;
}

export function SignInPanel({ onError, onSubmitStart, onToken }: SignInPanelProps) {
  const text = useText();
  const [challenge, setChallenge] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  /** Runs one request with the button busy; a token is handed over before the button frees. */
  const busy = async (task: () => Promise<SignInAnswer>) => {
    setSubmitting(true);
    try {
      const answer = await task();
      if ('token' in answer) await onToken(answer.token);
      else setChallenge(answer.challenge);
    } finally {
      setSubmitting(false);
    }
  };

  const credentials = useSignInForm({
    defaultValues: emptyCredentials,
    check: checkSignIn,
    onError,
    onSubmit: (values) =>
      busy(() => {
        onSubmitStart?.();
        return post<SignInAnswer>('users/signin', values, onError, 'auth.login.wrongCredentials');
      }),
  });
  const code = useSignInForm({
    defaultValues: emptyCode,
    check: checkTotpCode,
    onError,
    onSubmit: (values) => busy(() => post<SignInAnswer>('users/signin/totp', { challenge, code: values.code }, onError, 'auth.totp.wrongCode')),
  });
  const passwordToggle = usePasswordToggle();

  return (
    <div className="si-stack si-stack--page">
      <div className="si-stack si-stack--heading">
        <h1 className="si-title">{text('auth.login.title')}</h1>
        <p className="si-subtitle">{text('auth.login.subtitle')}</p>
      </div>
      {challenge ? (
        <form key="code" noValidate onSubmit={code.submit} className="si-stack si-stack--form">
          <p className="si-subtitle">{text('auth.totp.prompt')}</p>
          <SignInField {...code.field('code')} labelId="auth.totp.code" autoComplete="one-time-code" autoFocus helperText={text('auth.totp.recoveryHint')} />
          <button type="submit" className="si-button si-button--contained" disabled={submitting}>
            {text(submitting ? 'auth.login.signingIn' : 'auth.totp.submit')}
          </button>
          <button type="button" className="si-button si-button--text" onClick={() => setChallenge(null)}>
            {text('auth.totp.back')}
          </button>
        </form>
      ) : (
        <form key="credentials" noValidate onSubmit={credentials.submit} className="si-stack si-stack--form">
          <SignInField {...credentials.field('email')} labelId="auth.login.emailOrUsername" autoComplete="username" autoFocus />
          <SignInField {...credentials.field('password')} {...passwordToggle} labelId="auth.login.password" autoComplete="current-password" />
          <button type="submit" className="si-button si-button--contained" disabled={submitting}>
            {text(submitting ? 'auth.login.signingIn' : 'auth.login.submit')}
          </button>
        </form>
      )}
    </div>
  );
}
