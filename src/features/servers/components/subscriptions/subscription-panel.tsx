// The subscription links of one server (or app), for role_id 1: each with its label, operator, format,
// when it was made and last fetched and how often, and a revoke button (the link answers 404 after);
// a form to make one, whose link is shown once with its QR code and a copy button. The server page's
// subscriptions tab and the profile popup both show it.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import type { SubscriptionCreatedDto, SubscriptionDto } from '../../../../contract';
import { ConfirmDialog } from '../../../../components/dialogs';
import { ErrorState } from '../../../../components/feedback/error-state';
import { LoadingState } from '../../../../components/feedback/loading-state';
import { UserText } from '../../../../components/user-text';
import { formatDate, formatNumber } from '../../../../lib/i18n';
import { selectLocale, useAppSelector } from '../../../../lib/state';
import { useGetSubscriptionsQuery, useRevokeSubscriptionMutation } from '../../api';
import { SubscriptionCreate, type SubscriptionScope } from './subscription-create';
import { SubscriptionLink } from './subscription-link';

export function SubscriptionPanel({ scope }: { scope: SubscriptionScope }) {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const list = useGetSubscriptionsQuery(scope);
  const [revoke] = useRevokeSubscriptionMutation();
  const [made, setMade] = useState<SubscriptionCreatedDto | null>(null);
  const [revoking, setRevoking] = useState<SubscriptionDto | null>(null);
  const when = (v: string | null) => (v ? formatDate(v, locale, { dateStyle: 'medium', timeStyle: 'short' }) : intl.formatMessage({ id: 'servers.subscriptions.never' }));
  const t = (id: string) => intl.formatMessage({ id });

  return (
    <Box data-testid="subscriptions">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        <FormattedMessage id="servers.subscriptions.intro" />
      </Typography>
      <SubscriptionCreate scope={scope} onCreated={setMade} />
      {made && <SubscriptionLink label={made.label} path={made.path} />}
      <Box sx={{ mt: 2, overflowX: 'auto' }}>
        {list.isLoading && <LoadingState />}
        {list.isError && <ErrorState error={list.error} onRetry={list.refetch} />}
        {list.data && list.data.length === 0 && (
          <Typography variant="body2">
            <FormattedMessage id="servers.subscriptions.none" />
          </Typography>
        )}
        {list.data && list.data.length > 0 && (
          <Table size="small" aria-label={t('servers.subscriptions.title')}>
            <TableHead>
              <TableRow>
                {['label', 'operator', 'format', 'createdAt', 'lastFetchedAt', 'fetchCount', 'actions'].map((c) => (
                  <TableCell key={c}>{t(`servers.subscriptions.column.${c}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.map((s) => (
                <TableRow key={s.id} data-testid={`subscription-${s.id}`}>
                  <TableCell>
                    <UserText>{s.label}</UserText>
                  </TableCell>
                  <TableCell>{s.operator ? t(`servers.operator.${s.operator}`) : t('servers.subscriptions.any')}</TableCell>
                  <TableCell>{t(`servers.subscriptions.format.${s.format ?? 'auto'}`)}</TableCell>
                  <TableCell>{when(s.createdAt)}</TableCell>
                  <TableCell>{when(s.lastFetchedAt)}</TableCell>
                  <TableCell>{formatNumber(s.fetchCount, locale)}</TableCell>
                  <TableCell>
                    <Stack direction="row">
                      <Button size="small" color="error" onClick={() => setRevoking(s)}>
                        <FormattedMessage id="servers.subscriptions.revoke" />
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Box>
      {revoking && (
        <ConfirmDialog
          open
          onClose={() => setRevoking(null)}
          titleId="servers.subscriptions.revokeTitle"
          messageId="servers.subscriptions.revokeMessage"
          values={{ label: revoking.label }}
          destructive
          onConfirm={() => revoke(revoking.id).unwrap()}
          successMessageId="servers.subscriptions.revoked"
          errorMessageId="servers.subscriptions.revokeError"
        />
      )}
    </Box>
  );
}
