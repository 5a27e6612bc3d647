// The header's bell: the unread count of the caller's field-health alerts on a badge, and the
// newest alerts in a popover (profile, server, operator, the verdict's change, when). Opening it
// marks everything listed read. Polled every NOTIFICATIONS_POLL_SECONDS; hidden for a role without
// the grant.
import { useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import NotificationsOutlinedIcon from '@mui/icons-material/NotificationsOutlined';
import { useIntl } from 'react-intl';
import { NOTIFICATIONS_POLL_SECONDS, type NotificationDto } from '../../../contract/notifications';
import { useGrant } from '../../../lib/authorization';
import { formatDate } from '../../../lib/i18n';
import { selectLocale, useAppSelector } from '../../../lib/state';
import { useGetNotificationsQuery, useMarkNotificationsReadMutation } from '../api';

const verdictId = (v: string | null) => `notifications.verdict.${v ?? 'none'}`;

function Row({ n }: { n: NotificationDto }) {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const change = intl.formatMessage(
    { id: n.to === 'failing' ? 'notifications.nowFailing' : 'notifications.noLongerFailing' },
    { profile: n.profileName, operator: intl.formatMessage({ id: `notifications.operator.${n.operator}`, defaultMessage: n.operator }) },
  );
  return (
    <ListItem divider data-testid="notification" data-read={n.read} sx={{ bgcolor: n.read ? undefined : 'action.hover', alignItems: 'flex-start' }}>
      <ListItemText
        primary={change}
        secondary={
          <>
            <Box component="span" dir="ltr" sx={{ unicodeBidi: 'isolate' }}>{n.serverIp}</Box>
            {' · '}
            {n.appName}
            {' · '}
            {intl.formatMessage({ id: verdictId(n.from) })} → {intl.formatMessage({ id: verdictId(n.to) })}
            {' · '}
            {formatDate(n.at, locale, { dateStyle: 'short', timeStyle: 'short' })}
          </>
        }
      />
    </ListItem>
  );
}

export function NotificationBell() {
  const allowed = useGrant('GET', 'apps/notifications');
  return allowed ? <Bell /> : null;
}

function Bell() {
  const intl = useIntl();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data, isError } = useGetNotificationsQuery(undefined, { pollingInterval: NOTIFICATIONS_POLL_SECONDS * 1000 });
  const [markRead] = useMarkNotificationsReadMutation();
  if (isError && !data) return null;
  const unread = data?.unread ?? 0;
  const label = intl.formatMessage({ id: 'notifications.bell' }, { n: unread });
  const open = (target: HTMLElement) => {
    setAnchor(target);
    const newest = data?.rows[0];
    if (newest && unread > 0) void markRead({ upTo: newest.id });
  };
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} aria-haspopup="dialog" onClick={(e) => open(e.currentTarget)}>
          {/* No count is drawn at 0, so the button shows no text its name lacks (the name carries the count). */}
          <Badge badgeContent={unread || undefined} color="error" max={99} data-testid="notification-badge">
            <NotificationsOutlinedIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: { xs: 'calc(100vw - 32px)', sm: 380 }, maxHeight: 480 } } }}
      >
        <Typography variant="subtitle1" sx={{ px: 2, pt: 1.5, fontWeight: 700 }}>
          {intl.formatMessage({ id: 'notifications.title' })}
        </Typography>
        {data?.rows.length ? (
          <List dense aria-label={intl.formatMessage({ id: 'notifications.title' })}>
            {data.rows.map((n) => (
              <Row key={n.id} n={n} />
            ))}
          </List>
        ) : (
          <Typography sx={{ px: 2, py: 2 }} color="text.secondary">
            {intl.formatMessage({ id: 'notifications.empty' })}
          </Typography>
        )}
      </Popover>
    </>
  );
}
