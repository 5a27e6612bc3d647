// The header bar: sidebar toggle and title on the start side; language, profile, dashboard and
// sign-out on the end side.
import type { ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { SignOutButton } from '../../features/auth';
import { PATHS } from '../../lib/routing';
import { LanguageSwitch } from './language-switch';

function HeaderLink({ to, labelId, icon }: { to: string; labelId: string; icon: ReactNode }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: labelId });
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" component={RouterLink} to={to} aria-label={label}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

interface HeaderProps {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  /** Above a persistent sidebar; below the overlay drawer of narrow screens. */
  overSidebar: boolean;
}

export function Header({ sidebarOpen, onToggleSidebar, overSidebar }: HeaderProps) {
  const intl = useIntl();
  return (
    <AppBar position="fixed" sx={overSidebar ? { zIndex: (theme) => theme.zIndex.drawer + 1 } : undefined}>
      <Toolbar sx={{ gap: 1 }}>
        <IconButton
          color="inherit"
          edge="start"
          onClick={onToggleSidebar}
          aria-label={intl.formatMessage({ id: 'shell.toggleSidebar' })}
          aria-expanded={sidebarOpen}
        >
          <MenuIcon />
        </IconButton>
        <Typography variant="h6" component="div" noWrap sx={{ fontWeight: 700 }}>
          {intl.formatMessage({ id: 'app.title' })}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <LanguageSwitch />
          <HeaderLink to={PATHS.userInfo} labelId="shell.profile" icon={<AccountCircleOutlinedIcon />} />
          <HeaderLink to={PATHS.dashboard} labelId="shell.dashboard" icon={<DashboardOutlinedIcon />} />
          <SignOutButton />
        </Stack>
      </Toolbar>
    </AppBar>
  );
}
