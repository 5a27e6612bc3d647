// The health page's matrix: a row per server (and app), a column per operator that reported; each
// cell the worst verdict among the server's profiles with its counts and when it last changed (Jalali
// with Persian digits in fa). On a phone, cards instead (health-cards.tsx).
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import { FormattedMessage } from 'react-intl';
import type { HealthCellDto } from '@/contract';
import { PHONE_QUERY } from '@/components/media';
import { HealthCards } from './health-cards';
import { CellBody, ServerName, type MatrixProps } from './health-cells';

function MatrixCell({ cell }: { cell: HealthCellDto | undefined }) {
  if (!cell) return <TableCell data-verdict="none">–</TableCell>;
  return (
    <TableCell data-verdict={cell.verdict} data-testid={`cell-${cell.serverId}-${cell.appId}-${cell.operator}`}>
      <CellBody cell={cell} />
    </TableCell>
  );
}

export function HealthMatrix({ rows, operators, serverName }: MatrixProps) {
  const phone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  if (phone) return <HealthCards rows={rows} operators={operators} serverName={serverName} />;
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
                <ServerName row={row} serverName={serverName} />
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
