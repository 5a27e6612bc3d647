// Making a subscription link (role_id 1): a label, optionally one operator's profiles and a fixed
// format (else each client gets the format its User-Agent reads). Checked with the contract's schema
// that the server checks with; the answer's token is shown once (SubscriptionLink).
import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { FormattedMessage, useIntl } from 'react-intl';
import { OPERATORS, SUB_FORMATS, SUB_LABEL_MAX, subscriptionCreateSchema, type SubscriptionCreatedDto } from '../../../../contract';
import { errorMessageId } from '../../../../lib/api';
import { useNotify } from '../../../../lib/state';
import { useCreateSubscriptionMutation } from '../../api';

export type SubscriptionScope = { serverId: number } | { appId: number };

export function SubscriptionCreate({ scope, onCreated }: { scope: SubscriptionScope; onCreated: (made: SubscriptionCreatedDto) => void }) {
  const intl = useIntl();
  const notify = useNotify();
  const [create, { isLoading }] = useCreateSubscriptionMutation();
  const [label, setLabel] = useState('');
  const [operator, setOperator] = useState('');
  const [format, setFormat] = useState('');
  const [labelError, setLabelError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { ...scope, label, operator: operator || null, format: format || null };
    try {
      subscriptionCreateSchema.validateSync(body);
    } catch (error) {
      setLabelError((error as { message?: string }).message ?? 'validation.checkInput');
      return;
    }
    setLabelError(null);
    try {
      const answer = await create(subscriptionCreateSchema.cast(body)).unwrap();
      notify.success('servers.subscriptions.created');
      setLabel('');
      if (answer.data) onCreated(answer.data);
    } catch (error) {
      notify.error(errorMessageId(error, 'servers.subscriptions.createError'));
    }
  };

  const any = intl.formatMessage({ id: 'servers.subscriptions.any' });
  return (
    <Stack component="form" noValidate onSubmit={submit} direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: { sm: 'flex-start' } }}>
      <TextField
        size="small"
        required
        label={intl.formatMessage({ id: 'servers.subscriptions.label' })}
        value={label}
        onChange={(e) => setLabel(e.target.value)}
        error={labelError !== null}
        helperText={labelError ? intl.formatMessage({ id: labelError }) : undefined}
        slotProps={{ htmlInput: { maxLength: SUB_LABEL_MAX, dir: 'auto' } }}
        sx={{ minWidth: 200 }}
      />
      <TextField select size="small" label={intl.formatMessage({ id: 'servers.profile.fields.operator' })} value={operator} onChange={(e) => setOperator(e.target.value)} sx={{ minWidth: 140 }}>
        <MenuItem value="">{any}</MenuItem>
        {OPERATORS.map((o) => (
          <MenuItem key={o} value={o}>
            {intl.formatMessage({ id: `servers.operator.${o}` })}
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" label={intl.formatMessage({ id: 'servers.subscriptions.format' })} value={format} onChange={(e) => setFormat(e.target.value)} sx={{ minWidth: 160 }}>
        <MenuItem value="">{intl.formatMessage({ id: 'servers.subscriptions.format.auto' })}</MenuItem>
        {SUB_FORMATS.map((f) => (
          <MenuItem key={f} value={f}>
            {intl.formatMessage({ id: `servers.subscriptions.format.${f}` })}
          </MenuItem>
        ))}
      </TextField>
      <Button type="submit" variant="contained" disabled={isLoading}>
        <FormattedMessage id={isLoading ? 'common.inProgress' : 'servers.subscriptions.create'} />
      </Button>
    </Stack>
  );
}
