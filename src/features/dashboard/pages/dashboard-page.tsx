// /dashboard: the landing page after sign-in (docs/product.md §7 "Dashboard"): a short greeting with the
// shortcuts to the account pages, then the figures of GET dashboard/stats (cards that open their
// lists, and the charts), with the loading and error states of every list.
import { startTransition, useEffect, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import LockResetOutlinedIcon from '@mui/icons-material/LockResetOutlined';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorState } from '@/components/feedback/error-state';
import { LoadingState } from '@/components/feedback/loading-state';
import { useProfileSummary } from '@/lib/api';
import { PATHS } from '@/lib/routing';
import { useGetDashboardStatsQuery } from '../api';
import { OperatorsChart, RegistrationsChart, VersionsChart } from '../components/charts';
import { FigureCards } from '../components/figure-cards';
import { FailingCard } from '../components/failing-card';

function Greeting() {
  const profile = useProfileSummary();
  if (!profile) return null;
  const { user, name } = profile;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar src={user.avatar ?? undefined} alt={name} sx={{ width: 48, height: 48 }}>
            {name.slice(0, 1)}
          </Avatar>
          <Stack spacing={0.5}>
            <Typography variant="h6" component="h1" data-testid="dashboard-greeting">
              <FormattedMessage id="dashboard.greeting" values={{ name }} />
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Chip size="small" color="primary" variant="outlined" label={profile.role} />
              <Typography variant="caption" color="text.secondary">
                <FormattedMessage id="dashboard.memberSince" values={{ date: profile.joined }} />
              </Typography>
            </Stack>
          </Stack>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button size="small" variant="outlined" component={RouterLink} to={PATHS.userInfo} startIcon={<AccountCircleOutlinedIcon />}>
            <FormattedMessage id="dashboard.shortcut.profile" />
          </Button>
          <Button size="small" variant="outlined" component={RouterLink} to={PATHS.changePassword} startIcon={<LockResetOutlinedIcon />}>
            <FormattedMessage id="dashboard.shortcut.password" />
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

function Figures() {
  const { data, error, isLoading, refetch } = useGetDashboardStatsQuery(undefined, { refetchOnMountOrArgChange: 30 });
  if (isLoading) return <LoadingState />;
  if (!data) return <ErrorState error={error} onRetry={() => void refetch()} />;
  return (
    <Stack spacing={2} data-testid="dashboard-figures">
      <FigureCards stats={data} />
      <FailingCard />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <RegistrationsChart perDay={data.devices.perDay} />
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <OperatorsChart byOperator={data.profiles.byOperator} />
        </Grid>
        <Grid size={12}>
          <VersionsChart byVersion={data.devices.byVersion} />
        </Grid>
      </Grid>
    </Stack>
  );
}

/**
 * The figures join the page in a render of their own, after the greeting's commit. Their query's
 * answer may land while React renders the shell and the page in slices; a component reading it in
 * that render would make React redo the whole render in one task (a store read through
 * useSyncExternalStore must not tear), which is what the first load of /dashboard did.
 */
function useShownAfterFirstCommit(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown;
}

export default function DashboardPage() {
  const figuresShown = useShownAfterFirstCommit();
  return (
    <Stack spacing={2}>
      <Greeting />
      {figuresShown ? <Figures /> : <LoadingState />}
    </Stack>
  );
}
