// The dashboard's figure cards (docs/product.md §7 "Dashboard"): each one links to the list it counts, with
// the list's filter where the list takes one from the address (devices by app); the others open the
// list the caller's role uses (all or own apps and servers).
import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AppsOutlinedIcon from '@mui/icons-material/AppsOutlined';
import DnsOutlinedIcon from '@mui/icons-material/DnsOutlined';
import LinkOutlinedIcon from '@mui/icons-material/LinkOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import PhoneAndroidOutlinedIcon from '@mui/icons-material/PhoneAndroidOutlined';
import TrendingUpOutlinedIcon from '@mui/icons-material/TrendingUpOutlined';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import type { DashboardStats } from '@/contract';
import { useCan } from '@/lib/authorization';
import { formatNumber } from '@/lib/i18n';
import { PATHS } from '@/lib/routing';
import { useAppSelector } from '@/lib/state/hooks';
import { selectLocale } from '@/lib/state/settings-slice';

interface FigureProps {
  id: string;
  to: string;
  icon: ReactNode;
  titleId: string;
  value: number;
  /** The smaller line under the figure. */
  detail: ReactNode;
}

function Figure({ id, to, icon, titleId, value, detail }: FigureProps) {
  const locale = useAppSelector(selectLocale);
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid={`dashboard-card-${id}`}>
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
        <CardContent sx={{ p: 2 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
            {icon}
            <Typography variant="body2" component="h2">
              <FormattedMessage id={titleId} />
            </Typography>
          </Stack>
          <Typography variant="h4" component="p" sx={{ my: 0.5, fontWeight: 600 }} data-testid="figure">
            {formatNumber(value, locale)}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            {detail}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

export function FigureCards({ stats }: { stats: DashboardStats }) {
  const locale = useAppSelector(selectLocale);
  const allApps = useCan('apps:manage');
  const allServers = useCan('servers:manageAll');
  const n = (value: number) => formatNumber(value, locale);
  const { apps, servers, profiles, devices, users } = stats;
  const withDevices = devices.byVersion.filter((a) => a.devices > 0).length;
  const cards: FigureProps[] = [
    {
      id: 'apps',
      to: allApps ? PATHS.appsManage : PATHS.appsMine,
      icon: <AppsOutlinedIcon fontSize="small" />,
      titleId: 'dashboard.card.apps',
      value: apps.active + apps.inactive,
      detail: <FormattedMessage id="dashboard.card.activeInactive" values={{ active: n(apps.active), inactive: n(apps.inactive) }} />,
    },
    {
      id: 'servers',
      to: allServers ? PATHS.serversManage : PATHS.serversMine,
      icon: <DnsOutlinedIcon fontSize="small" />,
      titleId: 'dashboard.card.servers',
      value: servers.total,
      detail: <FormattedMessage id="dashboard.card.countries" values={{ count: servers.byCountry.length, n: n(servers.byCountry.length) }} />,
    },
    {
      id: 'profiles',
      to: allServers ? PATHS.serversManage : PATHS.serversMine,
      icon: <LinkOutlinedIcon fontSize="small" />,
      titleId: 'dashboard.card.profiles',
      value: profiles.total,
      detail: profiles.byProtocol.map((p) => `\u2068${p.key}\u2069 ${n(p.count)}`).join(' · '),
    },
    {
      id: 'devices',
      to: PATHS.devices,
      icon: <PhoneAndroidOutlinedIcon fontSize="small" />,
      titleId: 'dashboard.card.devices',
      value: devices.total,
      detail: <FormattedMessage id="dashboard.card.devicesApps" values={{ count: withDevices, n: n(withDevices) }} />,
    },
    {
      id: 'registrations',
      to: PATHS.devices,
      icon: <TrendingUpOutlinedIcon fontSize="small" />,
      titleId: 'dashboard.card.last24h',
      value: devices.last24h,
      detail: <FormattedMessage id="dashboard.card.lastDays" values={{ week: n(devices.last7d), month: n(devices.last30d) }} />,
    },
  ];
  if (users) {
    cards.push({
      id: 'users',
      to: PATHS.usersList,
      icon: <PeopleAltOutlinedIcon fontSize="small" />,
      titleId: 'dashboard.card.users',
      value: users.active + users.inactive,
      detail: <FormattedMessage id="dashboard.card.activeInactive" values={{ active: n(users.active), inactive: n(users.inactive) }} />,
    });
  }
  return (
    <Grid container spacing={2}>
      {cards.map((card) => (
        <Grid key={card.id} size={{ xs: 6, md: 4, lg: 2 }}>
          <Figure {...card} />
        </Grid>
      ))}
    </Grid>
  );
}
