// The health matrix's pieces shared by the wide table and the phone's cards: the row's server and
// app, and one cell's chip, counts and change time (Jalali with Persian digits in fa).
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import type { HealthCellDto, Operator } from '@/contract';
import { Ltr } from '@/components/ltr';
import { UserText } from '@/components/user-text';
import { formatDate } from '@/lib/i18n';
import { hrefs } from '@/lib/routing';
import { selectLocale, useAppSelector } from '@/lib/state';
import type { MatrixRow } from '@/features/servers/health';
import { HealthChip } from './health-chip';

export interface MatrixProps {
  rows: MatrixRow[];
  operators: Operator[];
  serverName: (id: number) => string;
}

/** The row's server (a link to its profiles) and app. */
export function ServerName({ row, serverName }: { row: MatrixRow; serverName: (id: number) => string }) {
  return (
    <>
      <Link component={RouterLink} to={hrefs.serverProfiles(row.serverId)} underline="hover">
        <Ltr>{serverName(row.serverId)}</Ltr>
      </Link>
      <Typography variant="caption" component="div" color="text.secondary">
        <UserText truncate>{row.appName}</UserText>
      </Typography>
    </>
  );
}

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'short' };

/** One cell's chip, counts and change time (a table cell on a wide screen, a card's line on a phone). */
export function CellBody({ cell }: { cell: HealthCellDto }) {
  const locale = useAppSelector(selectLocale);
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <HealthChip operator={cell.operator} verdict={cell.verdict} devices={cell.devices} hidden={cell.hidden > 0} />
      {(cell.counts.failing ?? 0) > 0 && (
        <Typography variant="caption" color="error">
          <FormattedMessage id="servers.healthPage.failingCount" values={{ count: cell.counts.failing ?? 0 }} />
        </Typography>
      )}
      {cell.hidden > 0 && (
        <Typography variant="caption" color="text.secondary">
          <FormattedMessage id="servers.healthPage.hiddenCount" values={{ count: cell.hidden }} />
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" data-testid="changed-at">
        <FormattedMessage id="servers.healthPage.changedAt" values={{ time: formatDate(cell.changedAt, locale, WHEN) }} />
      </Typography>
    </Stack>
  );
}
