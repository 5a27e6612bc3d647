// The health matrix on a phone: a card per server (and app), its operators one under the other, in
// the same order as the wide table's rows and columns.
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { CellBody, ServerName, type MatrixProps } from './health-cells';

export function HealthCards({ rows, operators, serverName }: MatrixProps) {
  return (
    <Stack spacing={1} sx={{ p: 1 }} data-testid="health-matrix">
      {rows.map((row) => (
        <Paper key={row.key} variant="outlined" sx={{ p: 1.5 }} data-testid="health-row" data-server={row.serverId}>
          <ServerName row={row} serverName={serverName} />
          <Stack spacing={1} sx={{ mt: 1 }}>
            {operators.map((o) => {
              const cell = row.cells[o];
              return cell ? (
                <div key={o} data-verdict={cell.verdict} data-testid={`cell-${cell.serverId}-${cell.appId}-${cell.operator}`}>
                  <CellBody cell={cell} />
                </div>
              ) : null;
            })}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
