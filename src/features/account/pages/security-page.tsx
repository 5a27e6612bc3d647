// /account/security (README "Two-factor sign-in"): set up TOTP (the password again, then the QR code
// and manual key, confirmed with a code), see the recovery codes once (copy, download), or turn TOTP
// off with the password and a code. The guards send staff here whose role requires TOTP they have
// not set up.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  totpDisableSchema,
  totpEnableSchema,
  totpSetupSchema,
  type TotpDisableBody,
  type TotpEnableBody,
  type TotpSetupBody,
  type TotpSetupResult,
} from '@/contract';
import { useSubmitAction } from '@/components/dialogs';
import { LoadingState } from '@/components/feedback/loading-state';
import { Form, PasswordField, TextInput, SubmitButton } from '@/components/form';
import { downloadText } from '@/components/data-table';
import { PageHeader } from '@/components/layout/page-header';
import { useCurrentUser } from '@/lib/api';
import { useCopy } from '@/lib/clipboard';
import { useTotpDisableMutation, useTotpEnableMutation, useTotpSetupMutation } from '../api';

/** The key in groups of four, as authenticator apps show it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

function QrImage({ url }: { url: string }) {
  const intl = useIntl();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // SVG: drawn without a canvas, and shown from a data: URL the CSP allows.
    void QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((svg) => {
      if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      live = false;
    };
  }, [url]);
  if (!src) return <Box sx={{ width: 200, height: 200 }} />;
  return <Box component="img" src={src} alt={intl.formatMessage({ id: 'account.security.qrAlt' })} sx={{ width: 200, height: 200, bgcolor: 'common.white' }} />;
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join('\n')}\n`;
  const copyCodes = useCopy({ success: 'account.security.copied', error: 'account.security.copyFailed' });
  const copy = () => copyCodes(text);
  const download = () => {
    downloadText(text, 'recovery-codes.txt', 'text/plain;charset=utf-8');
  };
  return (
    <Stack spacing={2}>
      <Alert severity="warning">
        <FormattedMessage id="account.security.recoveryOnce" />
      </Alert>
      {/* Left to right in both languages; the start padding and the column gap give the second
          column's markers (6., 7.) their own room. Logical values: the RTL style plugin flips
          physical ones (pl, textAlign: left) to the wrong side of this left-to-right list. */}
      <Box
        component="ol"
        dir="ltr"
        data-testid="recovery-codes"
        sx={{ fontFamily: 'monospace', fontSize: '1rem', columns: 2, columnGap: '3em', m: 0, paddingInlineStart: '2.5em', textAlign: 'start' }}
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="outlined" onClick={copy}>
          <FormattedMessage id="account.security.copy" />
        </Button>
        <Button variant="outlined" onClick={download}>
          <FormattedMessage id="account.security.download" />
        </Button>
        <Button variant="contained" onClick={onDone}>
          <FormattedMessage id="account.security.saved" />
        </Button>
      </Stack>
    </Stack>
  );
}

/** The confirm step's form: the code; the password typed at the start goes with it. */
const enableCodeSchema = totpEnableSchema.pick(['code']);
type EnableCodeBody = Pick<TotpEnableBody, 'code'>;

function Enrol({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const [setup] = useTotpSetupMutation();
  const [enable] = useTotpEnableMutation();
  // The server asks for the password at setup and again at enable; it is typed once, kept only
  // while this step is on screen.
  const [offer, setOffer] = useState<(TotpSetupResult & TotpSetupBody) | null>(null);
  const start = useSubmitAction<TotpSetupResult>({ errorMessageId: 'account.security.error' });
  const confirm = useSubmitAction<{ recoveryCodes: string[] }>({
    successMessageId: 'account.security.enabled',
    errorMessageId: 'account.security.error',
    onSuccess: (r) => onEnabled(r.recoveryCodes),
  });

  if (!offer) {
    return (
      <Stack spacing={2}>
        <Typography>
          <FormattedMessage id="account.security.offIntro" />
        </Typography>
        <Form<TotpSetupBody>
          schema={totpSetupSchema}
          defaultValues={{ password: '' }}
          onSubmit={async ({ password }) => setOffer({ ...(await start.run(() => setup({ password }).unwrap())), password })}
        >
          <Stack spacing={2} sx={{ maxWidth: 360 }}>
            <Typography variant="body2" color="text.secondary">
              <FormattedMessage id="account.security.passwordAgain" />
            </Typography>
            <PasswordField name="password" labelId="account.security.password" autoComplete="current-password" />
            <SubmitButton labelId="account.security.start" submitting={start.submitting} sx={{ alignSelf: 'flex-start' }} />
          </Stack>
        </Form>
      </Stack>
    );
  }

  return (
    <Stack spacing={2.5}>
      <Typography>
        <FormattedMessage id="account.security.scan" />
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
        <QrImage url={offer.otpauthUrl} />
        <Stack spacing={0.5}>
          <Typography variant="body2" color="text.secondary">
            <FormattedMessage id="account.security.manualKey" />
          </Typography>
          <Typography dir="ltr" data-testid="totp-secret" sx={{ fontFamily: 'monospace', fontSize: '1.1rem', wordBreak: 'break-all', textAlign: 'start' }}>
            {grouped(offer.secret)}
          </Typography>
        </Stack>
      </Stack>
      <Form<EnableCodeBody>
        schema={enableCodeSchema}
        defaultValues={{ code: '' }}
        onSubmit={({ code }) => confirm.run(() => enable({ password: offer.password, code }).unwrap())}
      >
        <Stack spacing={2} sx={{ maxWidth: 360 }}>
          <TextInput name="code" labelId="account.security.code" autoComplete="one-time-code" ltr />
          <SubmitButton labelId="account.security.confirm" submitting={confirm.submitting} sx={{ alignSelf: 'flex-start' }} />
        </Stack>
      </Form>
    </Stack>
  );
}

function Disable() {
  const [disable] = useTotpDisableMutation();
  const { submitting, run } = useSubmitAction({ successMessageId: 'account.security.disabled', errorMessageId: 'account.security.error' });
  return (
    <Stack spacing={2}>
      <Alert severity="success">
        <FormattedMessage id="account.security.onIntro" />
      </Alert>
      <Typography variant="subtitle1" component="h2">
        <FormattedMessage id="account.security.disableTitle" />
      </Typography>
      <Form<TotpDisableBody> schema={totpDisableSchema} defaultValues={{ password: '', code: '' }} onSubmit={(values) => run(() => disable(values).unwrap())}>
        <Stack spacing={2} sx={{ maxWidth: 360 }}>
          <Typography variant="body2" color="text.secondary">
            <FormattedMessage id="account.security.passwordAgain" />
          </Typography>
          <PasswordField name="password" labelId="account.security.password" autoComplete="current-password" />
          <TextInput name="code" labelId="account.security.codeOrRecovery" autoComplete="one-time-code" ltr />
          <SubmitButton labelId="account.security.disable" submitting={submitting} color="error" variant="outlined" sx={{ alignSelf: 'flex-start' }} />
        </Stack>
      </Form>
    </Stack>
  );
}

export default function SecurityPage() {
  const { user } = useCurrentUser();
  // Kept here, not derived from the user: the codes stay on screen after the refetch says TOTP is on.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  if (!user) return <LoadingState />;

  return (
    <>
      <PageHeader titleId="account.security.title" />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
        {user.totpEnrollmentRequired && !recoveryCodes && (
          <Alert severity="warning" sx={{ mb: 3 }}>
            <FormattedMessage id="account.security.required" />
          </Alert>
        )}
        {recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
        ) : user.totpEnabled ? (
          <Disable />
        ) : (
          <Enrol onEnabled={setRecoveryCodes} />
        )}
      </Paper>
    </>
  );
}
