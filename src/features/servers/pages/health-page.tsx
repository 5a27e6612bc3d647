// /servers/health: field health where staff look. The servers × operators matrix of the caller's
// scope (GET apps/health), failing first, filtered by app and operator (kept in the address, so a
// link can open "failing on MCI"), with the loading, empty and error states of every list.
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { OPERATORS, type Operator } from '@/contract';
import { ErrorState } from '@/components/feedback/error-state';
import { LoadingState } from '@/components/feedback/loading-state';
import { PageHeader } from '@/components/layout/page-header';
import { useCan } from '@/lib/authorization';
import { useGetServersQuery } from '../api';
import { useGetHealthMatrixQuery } from '../health-api';
import { matrixRows } from '../health';
import { HealthMatrix } from '../components/health/health-matrix';

export default function HealthPage() {
  const { appId, operator, choose } = useHealthFilter();
  const health = useGetHealthMatrixQuery({}, { refetchOnMountOrArgChange: 30 });
  // the server names, from the list the caller's role reads (all servers, or its own)
  const servers = useGetServersQuery(useCan('servers:manageAll') ? 'all' : 'mine');
  const { rows, operators } = useMemo(() => matrixRows(health.data ?? [], { appId, operator }), [health.data, appId, operator]);
  const apps = useMemo(() => {
    const byId = new Map<number, string>();
    for (const cell of health.data ?? []) byId.set(cell.appId, cell.appName);
    // a chosen app with no cells (or before the matrix is in) stays a choice, named by its id
    if (appId !== undefined && !byId.has(appId)) byId.set(appId, `#${appId}`);
    return [...byId].sort((a, b) => a[1].localeCompare(b[1]));
  }, [health.data, appId]);
  const serverName = (id: number) => servers.data?.find((s) => s.id === id)?.ip ?? `#${id}`;

  return (
    <Stack spacing={2}>
      <PageHeader titleId="servers.healthPage.title" />
      <HealthFilters apps={apps} appId={appId} operator={operator} choose={choose} />
      <Paper variant="outlined">
        {/* The matrix waits for the server names too, so a row never shows "#7" before its address (a failed names read still shows the matrix). */}
        {health.isLoading || servers.isLoading ? (
          <LoadingState />
        ) : !health.data ? (
          <ErrorState error={health.error} onRetry={() => void health.refetch()} />
        ) : rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }} data-testid="health-empty">
            <FormattedMessage id="servers.healthPage.empty" />
          </Typography>
        ) : (
          <HealthMatrix rows={rows} operators={operators} serverName={serverName} />
        )}
      </Paper>
    </Stack>
  );
}

type FilterKey = 'appId' | 'operator';

/** The app and operator chosen in the address, and the choice of another (an empty value: all). */
function useHealthFilter() {
  const [params, setParams] = useSearchParams();
  const appId = Number(params.get('appId')) || undefined;
  const operatorParam = params.get('operator');
  const operator = OPERATORS.find((o) => o === operatorParam);
  const choose = (key: FilterKey, value: string) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });
  return { appId, operator, choose };
}

/** The app and operator filters (each with "all"). */
function HealthFilters({
  apps,
  appId,
  operator,
  choose,
}: {
  apps: [number, string][];
  appId: number | undefined;
  operator: Operator | undefined;
  choose: (key: FilterKey, value: string) => void;
}) {
  const intl = useIntl();
  const all = intl.formatMessage({ id: 'servers.healthPage.all' });
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        select
        size="small"
        label={intl.formatMessage({ id: 'servers.healthPage.appFilter' })}
        value={appId ? String(appId) : ''}
        onChange={(e) => choose('appId', e.target.value)}
        sx={{ minWidth: 200 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{all}</MenuItem>
        {apps.map(([id, name]) => (
          <MenuItem key={id} value={String(id)}>
            <bdi>{name}</bdi>
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={intl.formatMessage({ id: 'servers.healthPage.operatorFilter' })}
        value={operator ?? ''}
        onChange={(e) => choose('operator', e.target.value)}
        sx={{ minWidth: 160 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{all}</MenuItem>
        {OPERATORS.map((o: Operator) => (
          <MenuItem key={o} value={o}>
            <FormattedMessage id={`servers.operator.${o}`} />
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
