// The dashboard's field health card: how many profiles phones find failing now, per operator (counted
// over the matrix's cells in the caller's scope), each a link to the health page filtered to that
// operator. Shown to the roles granted the health read.
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { OPERATORS, type HealthCellDto, type Operator } from '@/contract';
import { useGrant } from '@/lib/authorization';
import { formatNumber } from '@/lib/i18n';
import { PATHS } from '@/lib/routing';
import { useAppSelector } from '@/lib/state/hooks';
import { selectLocale } from '@/lib/state/settings-slice';
import { useGetHealthCellsQuery } from '../api';

/**
 * Failing profiles per operator, operators with none left out, in menu order. A profile on a server
 * shared by two apps fails in both apps' cells: it is one profile, counted once.
 */
export function failingPerOperator(cells: readonly HealthCellDto[]): { operator: Operator; count: number }[] {
  const ids = new Map<Operator, Set<number>>();
  for (const cell of cells) {
    const set = ids.get(cell.operator) ?? new Set<number>();
    for (const id of cell.failingProfiles) set.add(id);
    ids.set(cell.operator, set);
  }
  return OPERATORS.map((operator) => ({ operator, count: ids.get(operator)?.size ?? 0 })).filter((o) => o.count > 0);
}

function FailingBody() {
  const locale = useAppSelector(selectLocale);
  const { data, isLoading, isError } = useGetHealthCellsQuery(undefined, { refetchOnMountOrArgChange: 30 });
  if (isLoading)
    return (
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id="dashboard.failing.loading" />
      </Typography>
    );
  if (isError || !data)
    return (
      <Typography variant="body2" color="error">
        <FormattedMessage id="dashboard.failing.error" />
      </Typography>
    );
  const rows = failingPerOperator(data);
  if (rows.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="failing-none">
        <FormattedMessage id="dashboard.failing.none" />
      </Typography>
    );
  return (
    <Stack spacing={0.5} sx={{ maxWidth: 360 }}>
      {rows.map(({ operator, count }) => (
        <Stack key={operator} direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }} data-testid={`failing-${operator}`}>
          <Link component={RouterLink} to={`${PATHS.serversHealth}?operator=${operator}`} underline="hover">
            <FormattedMessage id={`dashboard.operator.${operator}`} />
          </Link>
          <Typography variant="h6" component="span" color="error" data-testid="failing-count">
            {formatNumber(count, locale)}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

export function FailingCard() {
  const canRead = useGrant('GET', 'apps/health');
  if (!canRead) return null;
  return (
    <Card variant="outlined" data-testid="dashboard-card-failing">
      <CardContent sx={{ p: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary', mb: 1 }}>
          <ReportProblemOutlinedIcon fontSize="small" />
          <Typography variant="body2" component="h2">
            <FormattedMessage id="dashboard.failing.title" />
          </Typography>
        </Stack>
        <FailingBody />
      </CardContent>
    </Card>
  );
}
