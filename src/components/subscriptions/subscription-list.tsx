// The subscription links of one server or one app, for role_id 1: each with its label, operator,
// format, when it was made and last fetched and how often, and a revoke button (the link answers 404
// after); a form to make one, whose link is shown once with its QR code and a copy button. Shown by
// the server page's subscriptions tab, the profile popup and the app page's subscriptions tab.
// Feature-free: each feature hands over its list, its calls and its texts' prefix (`ns`).
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
import type { SubscriptionCreatedDto, SubscriptionDto } from '@/contract';
import { ConfirmDialog } from '../dialogs';
import { ErrorState } from '../feedback/error-state';
import { LoadingState } from '../feedback/loading-state';
import { UserText } from '../user-text';
import { formatDate, formatNumber } from '@/lib/i18n';
import { selectLocale, useAppSelector } from '@/lib/state';
import { SubscriptionCreate, type SubscriptionCreateProps } from './subscription-create';
import { SubscriptionLink } from './subscription-link';

export interface SubscriptionListProps extends Pick<SubscriptionCreateProps, 'ns' | 'operatorNs' | 'scope' | 'create'> {
  /** The feature's query of the links in scope. */
  list: { data?: SubscriptionDto[]; isLoading: boolean; isError: boolean; error?: unknown; refetch: () => unknown };
  revoke: (id: number) => Promise<unknown>;
}

export function SubscriptionList({ ns, operatorNs, scope, create, list, revoke }: SubscriptionListProps) {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const [made, setMade] = useState<SubscriptionCreatedDto | null>(null);
  const [revoking, setRevoking] = useState<SubscriptionDto | null>(null);
  const when = (v: string | null) => (v ? formatDate(v, locale, { dateStyle: 'medium', timeStyle: 'short' }) : intl.formatMessage({ id: `${ns}.never` }));
  const t = (id: string) => intl.formatMessage({ id });

  return (
    <Box data-testid="subscriptions">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        <FormattedMessage id={`${ns}.intro`} />
      </Typography>
      <SubscriptionCreate ns={ns} operatorNs={operatorNs} scope={scope} create={create} onCreated={setMade} />
      {made && <SubscriptionLink ns={ns} label={made.label} path={made.path} />}
      <Box sx={{ mt: 2, overflowX: 'auto' }}>
        {list.isLoading && <LoadingState />}
        {list.isError && <ErrorState error={list.error} onRetry={() => void list.refetch()} />}
        {list.data && list.data.length === 0 && (
          <Typography variant="body2">
            <FormattedMessage id={`${ns}.none`} />
          </Typography>
        )}
        {list.data && list.data.length > 0 && (
          <Table size="small" aria-label={t(`${ns}.title`)}>
            <TableHead>
              <TableRow>
                {['label', 'operator', 'format', 'createdAt', 'lastFetchedAt', 'fetchCount', 'actions'].map((c) => (
                  <TableCell key={c}>{t(c === 'label' || c === 'format' ? `${ns}.${c}` : `${ns}.column.${c}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.map((s) => (
                <TableRow key={s.id} data-testid={`subscription-${s.id}`}>
                  <TableCell>
                    <UserText>{s.label}</UserText>
                  </TableCell>
                  <TableCell>{s.operator ? t(`${operatorNs}.${s.operator}`) : t(`${ns}.any`)}</TableCell>
                  <TableCell>{t(`${ns}.format.${s.format ?? 'auto'}`)}</TableCell>
                  <TableCell>{when(s.createdAt)}</TableCell>
                  <TableCell>{when(s.lastFetchedAt)}</TableCell>
                  <TableCell>{formatNumber(s.fetchCount, locale)}</TableCell>
                  <TableCell>
                    <Stack direction="row">
                      <Button size="small" color="error" onClick={() => setRevoking(s)}>
                        <FormattedMessage id={`${ns}.revoke`} />
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
          titleId={`${ns}.revokeTitle`}
          messageId={`${ns}.revokeMessage`}
          values={{ label: revoking.label }}
          destructive
          onConfirm={() => revoke(revoking.id)}
          successMessageId={`${ns}.revoked`}
          errorMessageId={`${ns}.revokeError`}
        />
      )}
    </Box>
  );
}
