// The health page's matrix: a row per server (and app), a column per operator that reported; each
// cell the worst verdict among the server's profiles with its counts and when it last changed (Jalali
// with Persian digits in fa). Scrolls sideways on a phone; the server column stays readable.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import type { HealthCellDto, Operator } from '../../../../contract';
import { Ltr } from '../../../../components/ltr';
import { UserText } from '../../../../components/user-text';
import { formatDate } from '../../../../lib/i18n';
import { hrefs } from '../../../../lib/routing';
import { selectLocale, useAppSelector } from '../../../../lib/state';
import type { MatrixRow } from '../../health';
import { HealthChip } from './health-chip';

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'short' };

function MatrixCell({ cell }: { cell: HealthCellDto | undefined }) {
  const locale = useAppSelector(selectLocale);
  if (!cell) return <TableCell data-verdict="none">–</TableCell>;
  return (
    <TableCell data-verdict={cell.verdict} data-testid={`cell-${cell.serverId}-${cell.appId}-${cell.operator}`}>
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
    </TableCell>
  );
}

export function HealthMatrix({ rows, operators, serverName }: { rows: MatrixRow[]; operators: Operator[]; serverName: (id: number) => string }) {
  return (
    <TableContainer component={Box} sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="health-matrix">
        <TableHead>
          <TableRow>
            <TableCell>
              <FormattedMessage id="servers.healthPage.server" />
            </TableCell>
            {operators.map((o) => (
              <TableCell key={o} data-testid={`operator-${o}`}>
                <FormattedMessage id={`servers.operator.${o}`} />
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key} data-testid="health-row" data-server={row.serverId}>
              <TableCell sx={{ minWidth: 140 }}>
                <Link component={RouterLink} to={hrefs.serverProfiles(row.serverId)} underline="hover">
                  <Ltr>{serverName(row.serverId)}</Ltr>
                </Link>
                <Typography variant="caption" component="div" color="text.secondary">
                  <UserText truncate>{row.appName}</UserText>
                </Typography>
              </TableCell>
              {operators.map((o) => (
                <MatrixCell key={o} cell={row.cells[o]} />
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
