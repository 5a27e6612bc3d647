// The alert webhook's delivery log on /app/{appId}, for role_id 1: each post of a field-health alert
// to the app's webhook (alertWebhookUrl in the settings), with its status, tries, last HTTP status
// and error. Asked again every minute while a delivery is pending.
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorState } from '@/components/feedback/error-state';
import { LoadingState } from '@/components/feedback/loading-state';
import { Ltr } from '@/components/ltr';
import type { AlertDeliveryDto } from '@/contract/notifications';
import { useGetAlertDeliveriesQuery } from '../api';

const STATUS_COLOR = { delivered: 'success', pending: 'default', failed: 'error' } as const;

function DeliveryRow({ d }: { d: AlertDeliveryDto }) {
  const intl = useIntl();
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid={`alert-delivery-${d.id}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Chip size="small" color={STATUS_COLOR[d.status]} label={intl.formatMessage({ id: `apps.alertDeliveries.status.${d.status}` })} />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {intl.formatMessage(
            { id: d.to === 'failing' ? 'apps.alertDeliveries.nowFailing' : 'apps.alertDeliveries.noLongerFailing' },
            { profile: d.profileName, operator: d.operator },
          )}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {intl.formatMessage({ id: 'apps.alertDeliveries.attempts' }, { n: d.attempts })}
          {d.responseStatus !== null && (
            <>
              {' '}
              · <Ltr>HTTP {d.responseStatus}</Ltr>
            </>
          )}
          {' · '}
          {intl.formatDate(d.updatedAt, { dateStyle: 'medium', timeStyle: 'short' })}
        </Typography>
      </Stack>
      {d.lastError && (
        <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
          <Ltr>{d.lastError}</Ltr>
        </Typography>
      )}
    </Paper>
  );
}

export function AlertDeliveriesSection({ appId }: { appId: number }) {
  const first = useGetAlertDeliveriesQuery(appId);
  const pending = (first.data ?? []).some((d) => d.status === 'pending');
  const deliveries = useGetAlertDeliveriesQuery(appId, { pollingInterval: pending ? 60_000 : 0 });
  let body;
  if (deliveries.isError && !deliveries.data) body = <ErrorState error={deliveries.error} onRetry={() => void deliveries.refetch()} />;
  else if (!deliveries.data) body = <LoadingState />;
  else if (!deliveries.data.length)
    body = (
      <Typography variant="body2">
        <FormattedMessage id="apps.alertDeliveries.none" />
      </Typography>
    );
  else
    body = (
      <Stack spacing={1} data-testid="alert-deliveries">
        {deliveries.data.map((d) => (
          <DeliveryRow key={d.id} d={d} />
        ))}
      </Stack>
    );
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }} component="section" aria-labelledby={`alert-deliveries-${appId}`}>
      <Stack spacing={2}>
        <Typography id={`alert-deliveries-${appId}`} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          <FormattedMessage id="apps.alertDeliveries.title" />
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage id="apps.alertDeliveries.intro" />
        </Typography>
        {body}
      </Stack>
    </Paper>
  );
}
