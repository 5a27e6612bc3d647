// Making a subscription link (role_id 1): a label, optionally one operator's profiles and a fixed
// format (else each client gets the format its User-Agent reads). Checked with the contract's schema
// that the server checks with; the answer's token is shown once (SubscriptionLink). Feature-free:
// the feature hands over the call (`create`) and its texts' prefix (`ns`).
import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { FormattedMessage, useIntl } from 'react-intl';
import { OPERATORS, SUB_FORMATS, SUB_LABEL_MAX, subscriptionCreateSchema, type SubscriptionCreateBody, type SubscriptionCreatedDto } from '@/contract';
import { errorMessageId } from '@/lib/api';
import { useNotify } from '@/lib/state';

export type SubscriptionScope = { serverId: number } | { appId: number };

export interface SubscriptionCreateProps {
  /** The message prefix of the feature showing it: `servers.subscriptions`, `apps.subscriptions`. */
  ns: string;
  /** The message prefix of its operator names: `servers.operator`, `apps.receives.operator`. */
  operatorNs: string;
  scope: SubscriptionScope;
  /** The feature's call; answers the made link. */
  create: (body: SubscriptionCreateBody) => Promise<SubscriptionCreatedDto | undefined>;
  onCreated: (made: SubscriptionCreatedDto) => void;
}

export function SubscriptionCreate({ ns, operatorNs, scope, create, onCreated }: SubscriptionCreateProps) {
  const intl = useIntl();
  const { isLoading, label, setLabel, operator, setOperator, format, setFormat, labelError, submit } = useSubscriptionCreate({ ns, scope, create, onCreated });

  const any = intl.formatMessage({ id: `${ns}.any` });
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: { sm: 'flex-start' } }}
    >
      <TextField
        size="small"
        required
        label={intl.formatMessage({ id: `${ns}.label` })}
        value={label}
        onChange={(e) => setLabel(e.target.value)}
        error={labelError !== null}
        helperText={labelError ? intl.formatMessage({ id: labelError }) : undefined}
        slotProps={{ htmlInput: { maxLength: SUB_LABEL_MAX, dir: 'auto' } }}
        sx={{ minWidth: 200 }}
      />
      <TextField
        select
        size="small"
        label={intl.formatMessage({ id: `${ns}.column.operator` })}
        value={operator}
        onChange={(e) => setOperator(e.target.value)}
        sx={{ minWidth: 140 }}
      >
        <MenuItem value="">{any}</MenuItem>
        {OPERATORS.map((o) => (
          <MenuItem key={o} value={o}>
            {intl.formatMessage({ id: `${operatorNs}.${o}` })}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={intl.formatMessage({ id: `${ns}.format` })}
        value={format}
        onChange={(e) => setFormat(e.target.value)}
        sx={{ minWidth: 160 }}
      >
        <MenuItem value="">{intl.formatMessage({ id: `${ns}.format.auto` })}</MenuItem>
        {SUB_FORMATS.map((f) => (
          <MenuItem key={f} value={f}>
            {intl.formatMessage({ id: `${ns}.format.${f}` })}
          </MenuItem>
        ))}
      </TextField>
      <Button type="submit" variant="contained" disabled={isLoading}>
        <FormattedMessage id={isLoading ? 'common.inProgress' : `${ns}.create`} />
      </Button>
    </Stack>
  );
}

/** The form's fields and its submit: checked with the contract's schema, then the feature's call; a made link clears the label. */
function useSubscriptionCreate({ ns, scope, create, onCreated }: Pick<SubscriptionCreateProps, 'ns' | 'scope' | 'create' | 'onCreated'>) {
  const notify = useNotify();
  const [isLoading, setLoading] = useState(false);
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
    setLoading(true);
    try {
      const made = await create(subscriptionCreateSchema.cast(body) as SubscriptionCreateBody);
      notify.success(`${ns}.created`);
      setLabel('');
      if (made) onCreated(made);
    } catch (error) {
      notify.error(errorMessageId(error, `${ns}.createError`));
    } finally {
      setLoading(false);
    }
  };

  return { isLoading, label, setLabel, operator, setOperator, format, setFormat, labelError, submit };
}
