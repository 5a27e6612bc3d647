// Shows the notifications slice (docs/product.md §4): newest first, each for 10 s; hovering pauses its timer,
// a click dismisses it. Texts are translated when shown. The stack sits at the top end corner, just
// under the header, where it covers no primary action in either direction (the Save buttons of the
// forms are at their bottom; issue 10).
import { useCallback, useEffect, useRef } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { keyframes } from '@emotion/react';
import { useIntl } from 'react-intl';
import { NOTIFICATION_LIFETIME_MS, type NotificationStatus } from '../../contract';
import { translate } from '../../lib/i18n';
import { notificationDismissed, selectNotifications, useAppDispatch, useAppSelector, type Notification } from '../../lib/state';

const severity: Record<NotificationStatus, AlertColor> = { Success: 'success', Error: 'error', Notify: 'info' };
const enter = keyframes`from { opacity: 0; transform: translateY(-8px); } to { opacity: 1; transform: none; }`;

function Toast({ item }: { item: Notification }) {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const remaining = useRef(NOTIFICATION_LIFETIME_MS);
  const startedAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const dismiss = useCallback(() => dispatch(notificationDismissed(item.id)), [dispatch, item.id]);
  const resume = useCallback(() => {
    clearTimeout(timer.current);
    startedAt.current = Date.now();
    timer.current = setTimeout(dismiss, remaining.current);
  }, [dismiss]);
  const pause = () => {
    clearTimeout(timer.current);
    remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt.current));
  };

  useEffect(() => {
    resume();
    return () => clearTimeout(timer.current);
  }, [resume]);

  return (
    <Alert
      variant="filled"
      severity={severity[item.status]}
      onMouseEnter={pause}
      onMouseLeave={resume}
      onClick={dismiss}
      title={intl.formatMessage({ id: 'notifications.dismiss' })}
      data-testid="notification"
      sx={{ cursor: 'pointer', boxShadow: 6, animation: `${enter} 180ms ease-out`, pointerEvents: 'auto' }}
    >
      {translate(intl, item.message, item.values)}
    </Alert>
  );
}

export function NotificationsHost() {
  const items = useAppSelector(selectNotifications);
  const intl = useIntl();
  return (
    <Stack
      spacing={1}
      role="status"
      aria-live="polite"
      aria-label={intl.formatMessage({ id: 'notifications.region' })}
      sx={{
        position: 'fixed',
        insetBlockStart: { xs: 64, sm: 72 },
        insetInlineEnd: { xs: 12, sm: 24 },
        zIndex: (theme) => theme.zIndex.snackbar,
        width: { xs: 'calc(100vw - 24px)', sm: 'min(380px, calc(100vw - 48px))' },
        pointerEvents: 'none',
      }}
    >
      {items.map((item) => (
        <Toast key={item.id} item={item} />
      ))}
    </Stack>
  );
}
