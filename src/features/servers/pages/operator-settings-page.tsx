// /servers/settings: the global operator names (docs/product.md §5 "Operator settings"): four required
// fields, trimmed, GET/POST apps/settings/operators. Only role_id 1 may save (the server says so
// too); other roles see the names read-only.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { FormattedMessage } from 'react-intl';
import { OPERATOR_SETTING_KEYS, operatorSettingsSchema, type OperatorSettingsBody } from '@/contract';
import { useSubmitAction } from '@/components/dialogs';
import { ErrorState } from '@/components/feedback/error-state';
import { LoadingState } from '@/components/feedback/loading-state';
import { Form, TextInput, SubmitButton } from '@/components/form';
import { PageHeader } from '@/components/layout/page-header';
import { useCan } from '@/lib/authorization';
import { useGetOperatorSettingsQuery, useSaveOperatorSettingsMutation } from '../api';

export default function OperatorSettingsPage() {
  const canSave = useCan('operators:edit');
  const settings = useGetOperatorSettingsQuery();
  const [save] = useSaveOperatorSettingsMutation();
  const { submitting, run } = useSubmitAction({
    successMessageId: 'servers.settings.saveSettingsSuccess',
    errorMessageId: 'servers.settings.saveSettingsError',
  });

  return (
    <Box>
      <PageHeader titleId="servers.settings.title" />
      {settings.isError ? (
        <ErrorState error={settings.error} onRetry={settings.refetch} />
      ) : !settings.data ? (
        <LoadingState />
      ) : (
        <Paper variant="outlined" sx={{ p: 3, maxWidth: 640 }}>
          {!canSave && (
            <Alert severity="info" sx={{ mb: 2 }}>
              <FormattedMessage id="servers.settings.readOnly" />
            </Alert>
          )}
          <Form<OperatorSettingsBody>
            key={settings.fulfilledTimeStamp}
            schema={operatorSettingsSchema}
            defaultValues={{ ...settings.data }}
            onSubmit={async (values, form) => {
              await run(() => save(values).unwrap());
              form.reset(values);
            }}
          >
            <Stack spacing={2}>
              {OPERATOR_SETTING_KEYS.map((key) => (
                <TextInput key={key} name={key} labelId={`servers.settings.fields.${key}`} charset="any" required disabled={!canSave} />
              ))}
              {canSave && (
                <Stack direction="row">
                  <SubmitButton labelId="common.save" submitting={submitting} />
                </Stack>
              )}
            </Stack>
          </Form>
        </Paper>
      )}
    </Box>
  );
}
