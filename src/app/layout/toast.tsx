// One notification (docs/product.md §4): shown for 10 s; hovering pauses its timer, a click
// dismisses it. Its own chunk, loaded with the first notification (NotificationsHost), so the
// sign-in page's first load does not carry MUI's Alert (docs/architecture.md §8).
import { useCallback, useEffect, useRef } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import { keyframes } from '@emotion/react';
import { useIntl } from 'react-intl';
import { NOTIFICATION_LIFETIME_MS, type NotificationStatus } from '../../contract';
import { translate } from '../../lib/i18n';
import { notificationDismissed, useAppDispatch, type Notification } from '../../lib/state';

const severity: Record<NotificationStatus, AlertColor> = { Success: 'success', Error: 'error', Notify: 'info' };
const enter = keyframes`from { opacity: 0; transform: translateY(-8px); } to { opacity: 1; transform: none; }`;

export default function Toast({ item }: { item: Notification }) {
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
