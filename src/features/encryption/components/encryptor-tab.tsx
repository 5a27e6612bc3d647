// The 'encryptor' tab: pick an application, type a word (non-blank; encrypted exactly as typed),
// encrypt with the app's core key and IV on the server, and show the base64 result with a copy
// button. `appId` preselects the application (the Apps tab's 'encrypt' action).
import { useMemo, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { FormattedMessage, useIntl } from 'react-intl';
import { wordEncryptionSchema, type WordEncryptionBody } from '@/contract';
import { useSubmitAction } from '@/components/dialogs';
import { Form, SelectField, TextInput, SubmitButton } from '@/components/form';
import { useEncryptWordMutation, type EncryptionApp } from '../api';
import { useCopy } from '@/lib/clipboard';

export interface EncryptorTabProps {
  apps: readonly EncryptionApp[];
  appId?: number;
}

export function EncryptorTab({ apps, appId }: EncryptorTabProps) {
  const intl = useIntl();
  const [encryptWord] = useEncryptWordMutation();
  const [result, setResult] = useState<{ word: string; appName: string; value: string } | null>(null);
  const { submitting, run } = useSubmitAction<string>({ errorMessageId: 'encryption.encrypt.error' });
  const options = useMemo(() => apps.map((a) => ({ value: a.id, label: a.name })), [apps]);
  const defaultValues = useMemo(() => ({ appId: appId ?? ('' as unknown as number), word: '' }), [appId]);

  const copyValue = useCopy();
  const copy = () => result && copyValue(result.value);

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Form<WordEncryptionBody>
        key={appId ?? 'none'}
        schema={wordEncryptionSchema}
        defaultValues={defaultValues}
        onSubmit={async (values) => {
          const value = await run(() => encryptWord(values).unwrap());
          setResult({ value, word: values.word, appName: apps.find((a) => a.id === values.appId)?.name ?? '' });
        }}
      >
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            <FormattedMessage id="encryption.encrypt.hint" />
          </Typography>
          <SelectField name="appId" labelId="encryption.fields.app" options={options} required />
          <TextInput name="word" labelId="encryption.fields.word" charset="any" ltr required />
          <Stack direction="row">
            <SubmitButton labelId="encryption.encrypt.submit" submitting={submitting} startIcon={<LockOutlinedIcon />} />
          </Stack>
        </Stack>
      </Form>
      {result && (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="encryption-result">
          <Stack spacing={1}>
            <Typography variant="subtitle2">
              <FormattedMessage id="encryption.result.title" values={{ app: result.appName }} />
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Typography
                component="code"
                dir="ltr"
                aria-label={intl.formatMessage({ id: 'encryption.result.value' })}
                sx={{
                  flexGrow: 1,
                  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                  fontSize: 14,
                  bgcolor: 'action.hover',
                  borderRadius: 1,
                  px: 1.5,
                  py: 1,
                  overflowWrap: 'anywhere',
                  textAlign: 'start',
                  unicodeBidi: 'isolate',
                }}
              >
                {result.value}
              </Typography>
              <Tooltip title={intl.formatMessage({ id: 'encryption.copy.button' })}>
                <IconButton aria-label={intl.formatMessage({ id: 'encryption.copy.button' })} onClick={copy}>
                  <ContentCopyIcon />
                </IconButton>
              </Tooltip>
            </Stack>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
