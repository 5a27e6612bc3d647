// /dashboard: the landing page after sign-in. For now it greets the user by name and role and
// offers the account shortcuts; the real overview comes with a later issue.
import type { ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import LockResetOutlinedIcon from '@mui/icons-material/LockResetOutlined';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { LoadingState } from '../../../components/feedback/loading-state';
import { useProfileSummary } from '../../../lib/api';
import { PATHS } from '../../../lib/routing';

function Shortcut({ to, icon, titleId, hintId }: { to: string; icon: ReactNode; titleId: string; hintId: string }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Avatar sx={{ bgcolor: 'primary.50', color: 'primary.main' }}>{icon}</Avatar>
            <Stack>
              <Typography variant="subtitle1" component="h2">
                <FormattedMessage id={titleId} />
              </Typography>
              <Typography variant="body2" color="text.secondary">
                <FormattedMessage id={hintId} />
              </Typography>
            </Stack>
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

export default function DashboardPage() {
  const profile = useProfileSummary();
  if (!profile) return <LoadingState />;
  const { user, name } = profile;

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
          <Avatar src={user.avatar ?? undefined} alt={name} sx={{ width: 72, height: 72, fontSize: 28 }}>
            {name.slice(0, 1)}
          </Avatar>
          <Stack spacing={1}>
            <Typography variant="h5" component="h1" data-testid="dashboard-greeting">
              <FormattedMessage id="dashboard.greeting" values={{ name }} />
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="body2" color="text.secondary">
                <FormattedMessage id="dashboard.role" />
              </Typography>
              <Chip size="small" color="primary" variant="outlined" label={profile.role} />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              <FormattedMessage id="dashboard.memberSince" values={{ date: profile.joined }} />
            </Typography>
          </Stack>
        </Stack>
      </Paper>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Shortcut to={PATHS.userInfo} icon={<AccountCircleOutlinedIcon />} titleId="dashboard.shortcut.profile" hintId="dashboard.shortcut.profileHint" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Shortcut
            to={PATHS.changePassword}
            icon={<LockResetOutlinedIcon />}
            titleId="dashboard.shortcut.password"
            hintId="dashboard.shortcut.passwordHint"
          />
        </Grid>
      </Grid>
    </Stack>
  );
}
