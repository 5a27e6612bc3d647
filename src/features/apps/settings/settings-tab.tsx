// Tab 1 of /app/{appId}: every docs/product.md §3 setting in its group. role_id 1-only fields are read-only
// for other roles (and the secret keys, which only role_id 1 receives, are not shown), and they
// are left out of what those roles send.
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { useSubmitAction } from '@/components/dialogs';
import { ErrorState } from '@/components/feedback/error-state';
import { LoadingState } from '@/components/feedback/loading-state';
import { Form, NumberField, SelectField, TextInput, TimeStepField, SubmitButton } from '@/components/form';
import {
  DETECT_LOCATION_BY,
  SETTINGS_GROUPS,
  SETTINGS_REQUIRED_IN_FORM,
  SETTING_FIELDS,
  appSettingsFormSchema,
  isTopAdminOnlySetting,
  type AppSettingsFormValues,
  type CountryDto,
  type SettingKey,
  type SettingsGroup,
} from '@/contract';
import { useCurrentUser, useGetCountriesQuery } from '@/lib/api';
import { useGetAppQuery, useUpdateAppSettingsMutation } from '../api';
import { CountriesField } from '@/components/country';
import { SwitchField } from '../components/switch-field';
import { can } from '@/lib/authorization';
import { toFormValues, toSettingsBody } from './settings-form-model';

const fieldWidth = (field: SettingKey) => {
  const d = SETTING_FIELDS[field];
  return 'wide' in d ? 12 : d.kind === 'switch' ? 4 : 6;
};

const detectOptions = DETECT_LOCATION_BY.map((v) => ({ value: v, labelId: `apps.settings.detectLocationBy.${v}` }));
const required = new Set<string>(SETTINGS_REQUIRED_IN_FORM);

function SettingField({ field, disabled, countries }: { field: SettingKey; disabled: boolean; countries: readonly CountryDto[] }) {
  const labelId = `apps.settings.fields.${field}`;
  const req = required.has(field);
  switch (SETTING_FIELDS[field].kind) {
    case 'switch':
      return <SwitchField name={field} labelId={labelId} disabled={disabled} />;
    case 'int':
      return <NumberField name={field} labelId={labelId} min={0} step={1} disabled={disabled} required={req} />;
    case 'version':
      return <NumberField name={field} labelId={labelId} min={0} step={0.01} disabled={disabled} required={req} />;
    case 'time':
      return <TimeStepField name={field} labelId={labelId} />;
    case 'select':
      return <SelectField name={field} labelId={labelId} options={detectOptions} disabled={disabled} />;
    case 'countries':
      return <CountriesField name={field} labelId={labelId} countries={countries} disabled={disabled} />;
    case 'persianText':
      return <TextInput name={field} labelId={labelId} charset="any" multiline minRows={2} disabled={disabled} />;
    case 'englishText':
      return <TextInput name={field} labelId={labelId} charset="english" multiline minRows={2} disabled={disabled} />;
    default:
      return <TextInput name={field} labelId={labelId} ltr disabled={disabled} />;
  }
}

export function SettingsTab({ appId }: { appId: number }) {
  const { user } = useCurrentUser();
  const topAdmin = can(user, 'apps:advancedSettings');
  const app = useGetAppQuery(appId);
  const countries = useGetCountriesQuery();
  const [save] = useUpdateAppSettingsMutation();
  const { submitting, run } = useSubmitAction({ successMessageId: 'apps.saveSettingsSuccess', errorMessageId: 'apps.saveSettingsError' });

  const defaultValues = useMemo(() => (app.data ? toFormValues(app.data.settings) : undefined), [app.data]);

  if (app.isError && !app.data) return <ErrorState error={app.error} onRetry={() => void app.refetch()} />;
  if (!defaultValues) return <LoadingState />;

  return (
    <Form<AppSettingsFormValues>
      key={app.fulfilledTimeStamp}
      schema={appSettingsFormSchema}
      defaultValues={defaultValues}
      onSubmit={(values) => run(() => save({ id: appId, body: toSettingsBody(values, topAdmin) }).unwrap())}
    >
      <Stack spacing={2}>
        {(Object.entries(SETTINGS_GROUPS) as [SettingsGroup, SettingKey[]][]).map(([group, fields]) => {
          // Secret keys are answered to role_id 1 only: what the form did not receive, it does not show.
          const shown = fields.filter((f) => f in defaultValues);
          if (!shown.length) return null;
          return (
            <Paper key={group} variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }} component="section" aria-labelledby={`settings-group-${group}`}>
              <Typography id={`settings-group-${group}`} variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
                <FormattedMessage id={`apps.settings.groups.${group}`} />
              </Typography>
              <Grid container spacing={2}>
                {shown.map((field) => (
                  <Grid key={field} size={{ xs: 12, md: fieldWidth(field) }}>
                    <SettingField field={field} disabled={!topAdmin && isTopAdminOnlySetting(field)} countries={countries.data ?? []} />
                  </Grid>
                ))}
              </Grid>
            </Paper>
          );
        })}
        {!topAdmin && (
          <Typography variant="body2" color="text.secondary">
            <FormattedMessage id="apps.settings.readOnlyHint" />
          </Typography>
        )}
        <Divider />
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <SubmitButton labelId="apps.settings.save" submitting={submitting} size="large" />
        </Stack>
      </Stack>
    </Form>
  );
}
