// Tab 2 of /app/{appId}: the ad settings (docs/product.md §3 "Ad settings", §4 "Ads master", §6). The master
// switch calls apps/showAds at once; the rest is a form saved with apps/updateSettingsAdmob. The
// form applies the §4 rules as the user toggles (checkAdRules from the contract, which the server
// runs too): refusals are toasts and the switch stays as it was.
import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { useFormContext } from 'react-hook-form';
import { useSubmitAction } from '@/components/dialogs';
import { ErrorState } from '@/components/feedback/error-state';
import { LoadingState } from '@/components/feedback/loading-state';
import { Form, NumberField, TextInput, SubmitButton } from '@/components/form';
import { AD_SLOTS_CLEARED_BY_MASTER, SMART_AD_SLOTS, adSettingsSchema, adToggleRefusal, type AdSlot } from '@/contract';
import { errorMessageId, fieldErrorsOf, useCurrentUser } from '@/lib/api';
import { useNotify } from '@/lib/state';
import { useGetAdSettingsQuery, useSetAdsMasterMutation, useUpdateAdSettingsMutation } from '../api';
import { SwitchField } from '../components/switch-field';
import { can } from '@/lib/authorization';
import { REGULAR_SLOTS, activeKey, adMessageId, fromEntries, intervalKey, toAdBody, type AdFormValues } from './ads-model';

/** Keeps the form in step with a refetch without losing what the user changed but did not save. */
function SyncValues({ values }: { values: AdFormValues }) {
  const { reset } = useFormContext<AdFormValues>();
  useEffect(() => reset(values, { keepDirtyValues: true }), [values, reset]);
  return null;
}

function MasterSwitch({ appId, adMob, onChanged }: { appId: number; adMob: boolean; onChanged: (on: boolean) => void }) {
  const intl = useIntl();
  const notify = useNotify();
  const { setValue } = useFormContext<AdFormValues>();
  const [setMaster, { isLoading }] = useSetAdsMasterMutation();
  const toggle = async (on: boolean) => {
    try {
      await setMaster({ id: appId, state: on }).unwrap();
    } catch (error) {
      notify.error(errorMessageId(error, 'apps.ads.masterError'));
      return;
    }
    onChanged(on);
    // docs/product.md §4: off clears these seven slots in the form (the server cleared them too).
    if (!on) for (const slot of AD_SLOTS_CLEARED_BY_MASTER) setValue(activeKey(slot), false, { shouldDirty: false });
    setValue('gdprActive', on, { shouldDirty: false });
    notify.success(on ? 'apps.ads.masterOn' : 'apps.ads.masterOff');
  };
  return (
    <Paper variant="outlined" sx={{ p: 2.5, borderColor: adMob ? 'success.main' : 'divider' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            <FormattedMessage id="apps.ads.master" />
          </Typography>
          <Typography variant="body2" color="text.secondary">
            <FormattedMessage id={adMob ? 'apps.ads.masterOnHint' : 'apps.ads.masterOffHint'} />
          </Typography>
        </Box>
        <Stack direction="row" spacing={3} sx={{ alignItems: 'center' }}>
          <FormControlLabel
            sx={{ gap: 1, marginInlineStart: 0 }}
            label={intl.formatMessage({ id: 'apps.ads.masterSwitch' })}
            control={<Switch checked={adMob} disabled={isLoading} onChange={(_e, on) => void toggle(on)} />}
          />
          <FormControlLabel
            sx={{ gap: 1, marginInlineStart: 0 }}
            disabled
            label={intl.formatMessage({ id: 'apps.ads.fields.gdprActive' })}
            control={<Switch checked={adMob} />}
          />
        </Stack>
      </Stack>
    </Paper>
  );
}

function SlotCard({ slot, adMob, textFields }: { slot: AdSlot; adMob: boolean; textFields: boolean }) {
  const notify = useNotify();
  const { getValues } = useFormContext<AdFormValues>();
  const onToggle = (next: boolean) => {
    const refusal = adToggleRefusal(getValues(), adMob, activeKey(slot), next);
    if (refusal) notify.error(adMessageId(refusal));
    return !refusal;
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }} component="fieldset" aria-label={slot}>
      <Stack spacing={1.5}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="subtitle2" component="legend" sx={{ fontWeight: 600 }}>
            <FormattedMessage id={`apps.ads.slots.${slot}`} />{' '}
            <Box component="bdi" dir="ltr" sx={{ color: 'text.secondary', fontWeight: 400, fontFamily: 'monospace', fontSize: 12 }}>
              {slot}
            </Box>
          </Typography>
          <SwitchField name={activeKey(slot)} labelId="apps.ads.fields.active" onToggle={onToggle} />
        </Stack>
        <TextInput name={slot} labelId="apps.ads.fields.unitId" ltr size="small" disabled={!textFields} />
        <NumberField name={intervalKey(slot)} labelId="apps.ads.fields.interval" min={0} step={1} size="small" />
      </Stack>
    </Paper>
  );
}

function SmartSection({ adMob, textFields }: { adMob: boolean; textFields: boolean }) {
  const { setValue } = useFormContext<AdFormValues>();
  const onSmartToggle = (next: boolean) => {
    // docs/product.md §4: smart mode off also switches both smart slots off.
    if (!next) for (const slot of SMART_AD_SLOTS) setValue(activeKey(slot), false, { shouldDirty: true });
    return true;
  };
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }} component="section" aria-labelledby="ads-smart-title">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, flexWrap: 'wrap' }}>
        <Typography id="ads-smart-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          <FormattedMessage id="apps.ads.smartSection" />
        </Typography>
        <SwitchField name="smartActive" labelId="apps.ads.fields.smartActive" onToggle={onSmartToggle} />
      </Stack>
      <Grid container spacing={2}>
        {SMART_AD_SLOTS.map((slot) => (
          <Grid key={slot} size={{ xs: 12, md: 6 }}>
            <SlotCard slot={slot} adMob={adMob} textFields={textFields} />
          </Grid>
        ))}
      </Grid>
    </Paper>
  );
}

/** A failed save that broke an ad rule names the rule; anything else is saveSettingsError. */
function saveErrorId(error: unknown): string {
  const refusal = Object.values(fieldErrorsOf(error) ?? {}).find((m) => m.startsWith('ads.'));
  return refusal ? adMessageId(refusal) : 'apps.saveSettingsError';
}

export function AdsTab({ appId }: { appId: number }) {
  const { user } = useCurrentUser();
  const textFields = can(user, 'ads:textFields');
  const smart = can(user, 'apps:smartSection');
  const query = useGetAdSettingsQuery(appId);
  const [save] = useUpdateAdSettingsMutation();
  const { submitting, run } = useSubmitAction({ successMessageId: 'apps.saveSettingsSuccess', errorMessageId: saveErrorId });
  const loaded = useMemo(() => (query.data ? fromEntries(query.data) : undefined), [query.data]);
  const [adMob, setAdMob] = useState<boolean | undefined>(undefined);
  // A new load (another app, or after a save) shows its own master switch.
  const [seen, setSeen] = useState(loaded);
  if (seen !== loaded) {
    setSeen(loaded);
    setAdMob(loaded?.adMob);
  }

  if (query.isError && !query.data) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!loaded) return <LoadingState />;
  const master = adMob ?? loaded.adMob;

  return (
    <Form<AdFormValues>
      schema={adSettingsSchema}
      defaultValues={loaded.values}
      onSubmit={(values) => run(() => save({ id: appId, body: toAdBody(values, master, { textFields, smart }) }).unwrap())}
    >
      <SyncValues values={loaded.values} />
      <Stack spacing={2}>
        <MasterSwitch appId={appId} adMob={master} onChanged={setAdMob} />
        {!textFields && (
          <Alert severity="info" variant="outlined">
            <FormattedMessage id="apps.ads.textFieldsReadOnly" />
          </Alert>
        )}
        <Paper variant="outlined" sx={{ p: 2.5 }}>
          <Box sx={{ maxWidth: 480 }}>
            <TextInput name="IDApp" labelId="apps.ads.fields.IDApp" ltr disabled={!textFields} />
          </Box>
        </Paper>
        <Grid container spacing={2}>
          {REGULAR_SLOTS.map((slot) => (
            <Grid key={slot} size={{ xs: 12, md: 6, lg: 4 }}>
              <SlotCard slot={slot} adMob={master} textFields={textFields} />
            </Grid>
          ))}
        </Grid>
        {smart && <SmartSection adMob={master} textFields={textFields} />}
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <SubmitButton labelId="apps.ads.save" submitting={submitting} size="large" />
        </Stack>
      </Stack>
    </Form>
  );
}
