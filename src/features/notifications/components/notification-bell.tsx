// The header's alerts: the unread count of the caller's field-health alerts on a badge, and the
// newest alerts in a popover (profile, server, operator, the verdict's change, when). Opening it
// marks everything listed read. Polled every NOTIFICATIONS_POLL_SECONDS; nothing is shown (or asked)
// for a role without the grant. On a wide screen the bell sits on the bar (NotificationBell); a
// phone's bar has no room for it, so there the header's fold menu carries the count and an entry
// (useAlerts, AlertsCount, AlertsPopover).
import { useState } from 'react';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import NotificationsOutlinedIcon from '@mui/icons-material/NotificationsOutlined';
import { useIntl } from 'react-intl';
import type { ReactNode } from 'react';
import { NOTIFICATIONS_POLL_SECONDS, type NotificationDto } from '@/contract/notifications';
import { Ltr } from '@/components/ltr';
import { UserText } from '@/components/user-text';
import { useGrant } from '@/lib/authorization';
import { formatDate } from '@/lib/i18n';
import { directionOf, selectLocale, useAppSelector } from '@/lib/state';
import { useGetNotificationsQuery, useMarkNotificationsReadMutation } from '../api';

const verdictId = (v: string | null) => `notifications.verdict.${v ?? 'none'}`;
const BADGE_MAX = 99;

function Row({ n }: { n: NotificationDto }) {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  // The names are typed by staff: each keeps its own direction inside the sentence ("Speed C++" never "++Speed C").
  const change = intl.formatMessage(
    { id: n.to === 'failing' ? 'notifications.nowFailing' : 'notifications.noLongerFailing' },
    {
      profile: <UserText key="profile">{n.profileName}</UserText>,
      operator: intl.formatMessage({ id: `notifications.operator.${n.operator}`, defaultMessage: n.operator }),
    },
  );
  // From the old verdict to the new one, in reading order: the arrow points the way the line reads.
  const arrow = directionOf(locale) === 'rtl' ? '←' : '→';
  return (
    <ListItem divider data-testid="notification" data-read={n.read} sx={{ bgcolor: n.read ? undefined : 'action.hover', alignItems: 'flex-start' }}>
      <ListItemText
        primary={change}
        secondary={
          <>
            <Ltr>{n.serverIp}</Ltr>
            {' · '}
            <UserText>{n.appName}</UserText>
            {' · '}
            {intl.formatMessage({ id: verdictId(n.from) })} {arrow} {intl.formatMessage({ id: verdictId(n.to) })}
            {' · '}
            {formatDate(n.at, locale, { dateStyle: 'short', timeStyle: 'short' })}
          </>
        }
      />
    </ListItem>
  );
}

export interface Alerts {
  /** False for a role without the grant, or while the first read has failed. */
  shown: boolean;
  unread: number;
  /** The count as drawn, in the UI language's digits ("۱۲", "99+"); undefined at 0, when no count is drawn. */
  count: string | undefined;
  /** The accessible name: "Alerts (n unread)", n in the same digits as the badge. */
  label: string;
  rows: NotificationDto[] | undefined;
  /** Marks everything listed read (on opening the list). */
  markSeen: () => void;
}

export function useAlerts(): Alerts {
  const intl = useIntl();
  const allowed = useGrant('GET', 'apps/notifications');
  const { data, isError } = useGetNotificationsQuery(undefined, { skip: !allowed, pollingInterval: NOTIFICATIONS_POLL_SECONDS * 1000 });
  const [markRead] = useMarkNotificationsReadMutation();
  const unread = data?.unread ?? 0;
  const count = unread === 0 ? undefined : unread > BADGE_MAX ? `${intl.formatNumber(BADGE_MAX)}+` : intl.formatNumber(unread);
  return {
    shown: allowed && !(isError && !data),
    unread,
    count,
    label: intl.formatMessage({ id: 'notifications.bell' }, { n: count ?? intl.formatNumber(0) }),
    rows: data?.rows,
    markSeen: () => {
      const newest = data?.rows[0];
      if (newest && unread > 0) void markRead({ upTo: newest.id });
    },
  };
}

/** A badge with the unread count around an icon; no count is drawn at 0, so the control shows no text its name lacks. */
export function AlertsCount({ alerts, children }: { alerts: Alerts; children: ReactNode }) {
  return (
    <Badge badgeContent={alerts.count} color="error" data-testid="notification-badge">
      {children}
    </Badge>
  );
}

export function AlertsPopover({ alerts, anchor, onClose }: { alerts: Alerts; anchor: HTMLElement | null; onClose: () => void }) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'notifications.title' });
  return (
    <Popover
      open={!!anchor}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { width: { xs: 'calc(100vw - 32px)', sm: 380 }, maxHeight: 480 } } }}
    >
      <Typography variant="subtitle1" sx={{ px: 2, pt: 1.5, fontWeight: 700 }}>
        {title}
      </Typography>
      {alerts.rows?.length ? (
        <List dense aria-label={title}>
          {alerts.rows.map((n) => (
            <Row key={n.id} n={n} />
          ))}
        </List>
      ) : (
        <Typography sx={{ px: 2, py: 2 }} color="text.secondary">
          {intl.formatMessage({ id: 'notifications.empty' })}
        </Typography>
      )}
    </Popover>
  );
}

/** The bell on a wide screen's bar. */
export function NotificationBell() {
  const alerts = useAlerts();
  return alerts.shown ? <Bell alerts={alerts} /> : null;
}

function Bell({ alerts }: { alerts: Alerts }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={alerts.label}>
        <IconButton
          color="inherit"
          aria-label={alerts.label}
          aria-haspopup="dialog"
          onClick={(e) => {
            setAnchor(e.currentTarget);
            alerts.markSeen();
          }}
        >
          <AlertsCount alerts={alerts}>
            <NotificationsOutlinedIcon />
          </AlertsCount>
        </IconButton>
      </Tooltip>
      <AlertsPopover alerts={alerts} anchor={anchor} onClose={() => setAnchor(null)} />
    </>
  );
}
