// The signed bundle's part of the settings tab of /app/{appId} (what lets the apps trust a config read from a mirror): the app's Ed25519 public keys
// for its developers to build into the app (PEM and raw base64, each with a copy button), the API
// addresses signed into every bundle, and, for role_id 1 only, rotating the key and saving the
// addresses. The app's admin reads both. The private keys never reach the panel.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import { FormattedMessage, useIntl } from 'react-intl';
import { ValidationError } from 'yup';
import { ConfirmDialog, useSubmitAction } from '@/components/dialogs';
import { ErrorState } from '@/components/feedback/error-state';
import { LoadingState } from '@/components/feedback/loading-state';
import { Ltr } from '@/components/ltr';
import { API_BASES_MAX, bundleSettingsSchema, type BundleKeyDto } from '@/contract/bundle';
import { fieldErrorsOf, useCurrentUser } from '@/lib/api';
import { can } from '@/lib/authorization';
import { useCopy } from '@/lib/clipboard';
import { translate } from '@/lib/i18n';
import { useGetBundleKeysQuery, useGetBundleSettingsQuery, useRotateBundleKeyMutation, useSaveBundleSettingsMutation } from '../api';

const mono = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

/** A value to copy: its label, the value left to right, and a copy button named after it. */
function CopyValue({ labelId, value, block, testId }: { labelId: string; value: string; block?: boolean; testId: string }) {
  const intl = useIntl();
  const copy = useCopy();
  const label = intl.formatMessage({ id: labelId });
  const copyLabel = intl.formatMessage({ id: 'apps.bundle.copy' }, { what: label });
  return (
    <Stack spacing={0.5}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography
          component="pre"
          dir="ltr"
          data-testid={testId}
          tabIndex={0}
          aria-label={label}
          sx={{
            flex: 1,
            minWidth: 0,
            fontFamily: mono,
            fontSize: 12,
            bgcolor: 'action.hover',
            borderRadius: 1,
            p: 1,
            m: 0,
            textAlign: 'start',
            whiteSpace: block ? 'pre' : 'normal',
            overflowX: 'auto',
            overflowWrap: block ? 'normal' : 'anywhere',
          }}
        >
          {value}
        </Typography>
        <Tooltip title={copyLabel}>
          <IconButton aria-label={copyLabel} onClick={() => void copy(value)} size="small">
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
    </Stack>
  );
}

function KeyCard({ signingKey }: { signingKey: BundleKeyDto }) {
  const intl = useIntl();
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} component="article" aria-label={intl.formatMessage({ id: 'apps.bundle.keyTitle' }, { id: signingKey.id })}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          <Typography variant="subtitle2" component="h3">
            <FormattedMessage id="apps.bundle.keyTitle" values={{ id: signingKey.id }} />
          </Typography>
          <Chip
            size="small"
            color={signingKey.active ? 'success' : 'default'}
            label={intl.formatMessage({ id: signingKey.active ? 'apps.bundle.active' : 'apps.bundle.inactive' })}
          />
          <Typography variant="body2" color="text.secondary">
            <FormattedMessage id="apps.bundle.created" values={{ when: intl.formatDate(signingKey.createdAt, { dateStyle: 'medium', timeStyle: 'short' }) }} />
          </Typography>
        </Stack>
        <CopyValue labelId="apps.bundle.pem" value={signingKey.publicKeyPem.trim()} block testId={`bundle-pem-${signingKey.id}`} />
        <CopyValue labelId="apps.bundle.raw" value={signingKey.publicKey} testId={`bundle-raw-${signingKey.id}`} />
      </Stack>
    </Paper>
  );
}

/** The API addresses: an editable list (one per line) for role_id 1, read-only for the app's admin. */
function ApiBases({ appId, editable }: { appId: number; editable: boolean }) {
  const intl = useIntl();
  const settings = useGetBundleSettingsQuery(appId);
  const [save] = useSaveBundleSettingsMutation();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { submitting, run } = useSubmitAction({ successMessageId: 'apps.bundle.basesSaved', errorMessageId: 'apps.bundle.basesError' });

  if (settings.isError && !settings.data) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <LoadingState />;
  const saved = settings.data.apiBases;
  const text = draft ?? saved.join('\n');

  const submit = async () => {
    const apiBases = text
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    try {
      await bundleSettingsSchema.validate({ apiBases });
    } catch (err) {
      setError(err instanceof ValidationError ? err.message : 'validation.checkInput');
      return;
    }
    setError(null);
    try {
      await run(() => save({ appId, body: { apiBases } }).unwrap());
      setDraft(null);
    } catch (err) {
      const first = Object.values(fieldErrorsOf(err) ?? {})[0];
      if (first) setError(first);
    }
  };

  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle1" component="h3" id={`bundle-bases-${appId}`} sx={{ fontWeight: 600 }}>
        <FormattedMessage id="apps.bundle.basesTitle" />
      </Typography>
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id="apps.bundle.basesHint" values={{ max: API_BASES_MAX }} />
      </Typography>
      {editable ? (
        <>
          <TextField
            multiline
            minRows={3}
            value={text}
            onChange={(e) => {
              setDraft(e.target.value);
              setError(null);
            }}
            label={intl.formatMessage({ id: 'apps.bundle.basesLabel' })}
            placeholder="https://api2.example.com/api/v1"
            error={error !== null}
            helperText={error !== null ? translate(intl, error, { max: API_BASES_MAX }) : intl.formatMessage({ id: 'apps.bundle.basesOnePerLine' })}
            slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false, style: { fontFamily: mono, textAlign: 'start' } } }}
          />
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button variant="outlined" onClick={() => void submit()} disabled={submitting}>
              <FormattedMessage id={submitting ? 'common.inProgress' : 'apps.bundle.basesSave'} />
            </Button>
          </Stack>
        </>
      ) : saved.length ? (
        <Stack component="ul" spacing={0.5} sx={{ m: 0, paddingInlineStart: 3 }} aria-labelledby={`bundle-bases-${appId}`}>
          {saved.map((base) => (
            <Typography component="li" key={base} variant="body2" sx={{ fontFamily: mono }}>
              <Ltr>{base}</Ltr>
            </Typography>
          ))}
        </Stack>
      ) : (
        <Typography variant="body2">
          <FormattedMessage id="apps.bundle.basesNone" />
        </Typography>
      )}
    </Stack>
  );
}

export function BundleSection({ appId }: { appId: number }) {
  const { user } = useCurrentUser();
  const topAdmin = can(user, 'apps:advancedSettings');
  const keys = useGetBundleKeysQuery(appId);
  const [rotate] = useRotateBundleKeyMutation();
  const [confirming, setConfirming] = useState(false);

  let list;
  if (keys.isError && !keys.data) list = <ErrorState error={keys.error} onRetry={() => void keys.refetch()} />;
  else if (!keys.data) list = <LoadingState />;
  else
    list = (
      <Stack spacing={1.5} data-testid="bundle-keys">
        {keys.data.map((k) => (
          <KeyCard key={k.id} signingKey={k} />
        ))}
      </Stack>
    );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }} component="section" aria-labelledby={`bundle-section-${appId}`}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }} useFlexGap>
          <Typography id={`bundle-section-${appId}`} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            <FormattedMessage id="apps.bundle.title" />
          </Typography>
          {topAdmin && (
            <Button variant="outlined" color="warning" startIcon={<AutorenewIcon />} onClick={() => setConfirming(true)} disabled={!keys.data}>
              <FormattedMessage id="apps.bundle.rotate" />
            </Button>
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage id="apps.bundle.intro" />
        </Typography>
        {keys.data && keys.data.length > 1 && (
          <Alert severity="info">
            <FormattedMessage id="apps.bundle.trustAll" />
          </Alert>
        )}
        {list}
        <Divider />
        <ApiBases appId={appId} editable={topAdmin} />
      </Stack>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        titleId="apps.bundle.rotateTitle"
        messageId="apps.bundle.rotateMessage"
        confirmLabelId="apps.bundle.rotateConfirm"
        cancelLabelId="common.cancel"
        destructive
        onConfirm={() => rotate(appId).unwrap()}
        successMessageId="apps.bundle.rotated"
        errorMessageId="apps.bundle.rotateError"
      />
    </Paper>
  );
}
