// The header bar: sidebar toggle and title on the start side; the alerts bell, language, profile,
// dashboard and sign-out on the end side. On a phone the alerts, profile and dashboard fold into one
// menu button, which carries the unread alerts' count, so the title keeps its whole width
// (docs/product.md §2).
import { useState, type ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import NotificationsOutlinedIcon from '@mui/icons-material/NotificationsOutlined';
import { useIntl } from 'react-intl';
import { PHONE_QUERY } from '@/components/media';
import { Link as RouterLink } from 'react-router-dom';
import { SignOutButton } from '@/features/auth';
import { AlertsCount, AlertsPopover, NotificationBell, useAlerts } from '@/features/notifications';
import { PATHS } from '@/lib/routing';
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

const LINKS = [
  { to: PATHS.userInfo, labelId: 'shell.profile', icon: <AccountCircleOutlinedIcon /> },
  { to: PATHS.dashboard, labelId: 'shell.dashboard', icon: <DashboardOutlinedIcon /> },
];

/** The phone's fold of the header links, and of the alerts: the button shows the unread count, the menu's first entry opens the list. */
function HeaderMenu() {
  const intl = useIntl();
  const alerts = useAlerts();
  // The button itself, kept in state (a callback ref): the alerts' list opens under it after the menu closes.
  const [button, setButton] = useState<HTMLButtonElement | null>(null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [alertsOpen, setAlertsOpen] = useState(false);
  const more = intl.formatMessage({ id: 'shell.more' });
  // The name carries the count the badge draws.
  const label = alerts.shown && alerts.count ? intl.formatMessage({ id: 'shell.moreWithAlerts' }, { alerts: alerts.label }) : more;
  return (
    <>
      <Tooltip title={label}>
        <IconButton ref={setButton} color="inherit" aria-label={label} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
          {alerts.shown ? (
            <AlertsCount alerts={alerts}>
              <MoreVertIcon />
            </AlertsCount>
          ) : (
            <MoreVertIcon />
          )}
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {alerts.shown && (
          <MenuItem
            aria-haspopup="dialog"
            onClick={() => {
              setAnchor(null);
              alerts.markSeen();
              setAlertsOpen(true);
            }}
          >
            {/* The entry's text carries the count; a badge here would lie over it. */}
            <ListItemIcon>
              <NotificationsOutlinedIcon />
            </ListItemIcon>
            <ListItemText>{alerts.label}</ListItemText>
          </MenuItem>
        )}
        {LINKS.map((link) => (
          <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={() => setAnchor(null)}>
            <ListItemIcon>{link.icon}</ListItemIcon>
            <ListItemText>{intl.formatMessage({ id: link.labelId })}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
      {alerts.shown && <AlertsPopover alerts={alerts} anchor={alertsOpen ? button : null} onClose={() => setAlertsOpen(false)} />}
    </>
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
  const phone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  return (
    <AppBar position="fixed" sx={overSidebar ? { zIndex: (theme) => theme.zIndex.drawer + 1 } : undefined}>
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 } }}>
        <IconButton
          color="inherit"
          edge="start"
          onClick={onToggleSidebar}
          aria-label={intl.formatMessage({ id: 'shell.toggleSidebar' })}
          aria-expanded={sidebarOpen}
        >
          <MenuIcon />
        </IconButton>
        <Typography variant="h6" component="div" noWrap sx={{ fontWeight: 700, fontSize: { xs: '1.05rem', sm: undefined }, flexShrink: 0 }}>
          {intl.formatMessage({ id: 'app.title' })}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Stack direction="row" spacing={{ xs: 0, sm: 0.5 }} sx={{ alignItems: 'center' }}>
          {/* A phone's bar has no room for the bell beside the language buttons: its fold menu carries the alerts. */}
          {!phone && <NotificationBell />}
          <LanguageSwitch />
          {phone ? <HeaderMenu /> : LINKS.map((link) => <HeaderLink key={link.to} {...link} />)}
          <SignOutButton />
        </Stack>
      </Toolbar>
    </AppBar>
  );
}
