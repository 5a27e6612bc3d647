// The second step of sign-in for an account with TOTP (README "Two-factor sign-in"): a 6-digit
// code from the authenticator, or a recovery code, finishes the challenge users/signin answered.
// Loaded on demand, so the login page's first load does not carry it.
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import { totpEnableSchema, type SignInResult, type TotpEnableBody, type TotpSignInBody } from '../../../contract';
import { Form, TextInput } from '../../../components/form';
import { useSubmitAction } from '../../../components/dialogs';
import { baseApi, isApiError } from '../../../lib/api';

const totpSignInApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    signInTotp: build.mutation<SignInResult, TotpSignInBody>({
      query: (body) => ({ url: 'users/signin/totp', method: 'POST', body }),
    }),
  }),
});

const empty: TotpEnableBody = { code: '' };

export interface TotpStepProps {
  challenge: string;
  onToken: (token: string) => Promise<void>;
  onBack: () => void;
}

export default function TotpStep({ challenge, onToken, onBack }: TotpStepProps) {
  const [signInTotp] = totpSignInApi.useSignInTotpMutation();
  const { submitting, run } = useSubmitAction<SignInResult>({
    errorMessageId: (error) => (isApiError(error) && error.status === 401 ? 'auth.totp.wrongCode' : undefined),
  });

  const submit = async ({ code }: TotpEnableBody) => {
    const { token } = await run(() => signInTotp({ challenge, code }).unwrap());
    await onToken(token);
  };

  return (
    <Form schema={totpEnableSchema} defaultValues={empty} onSubmit={submit}>
      <Stack spacing={2.5}>
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage id="auth.totp.prompt" />
        </Typography>
        <TextInput
          name="code"
          labelId="auth.totp.code"
          autoComplete="one-time-code"
          ltr
          autoFocus
          helperText={<FormattedMessage id="auth.totp.recoveryHint" />}
        />
        <Button type="submit" variant="contained" size="large" disabled={submitting}>
          <FormattedMessage id={submitting ? 'auth.login.signingIn' : 'auth.totp.submit'} />
        </Button>
        <Button variant="text" onClick={onBack}>
          <FormattedMessage id="auth.totp.back" />
        </Button>
      </Stack>
    </Form>
  );
}
