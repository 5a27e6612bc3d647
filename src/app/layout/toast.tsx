// One notification (docs/product.md §4): shown for 10 s; hovering pauses its timer, a click
// dismisses it. Its own chunk, loaded with the first notification (NotificationsHost), so the
// sign-in page's first load does not carry MUI's Alert (docs/architecture.md §8).
import { useCallback } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import { keyframes } from '@emotion/react';
import { useIntl } from 'react-intl';
import type { NotificationStatus } from '@/contract';
import { translate } from '@/lib/i18n';
import { useNoticeTimer } from '@/lib/notice-timer';
import { notificationDismissed, useAppDispatch, type Notification } from '@/lib/state';

const severity: Record<NotificationStatus, AlertColor> = { Success: 'success', Error: 'error', Notify: 'info' };
const enter = keyframes`from { opacity: 0; transform: translateY(-8px); } to { opacity: 1; transform: none; }`;

export default function Toast({ item }: { item: Notification }) {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const dismiss = useCallback(() => dispatch(notificationDismissed(item.id)), [dispatch, item.id]);
  const { pause, resume } = useNoticeTimer(dismiss);

  return (
    <Alert
      variant="filled"
      severity={severity[item.status]}
      onMouseEnter={pause}
      onMouseLeave={resume}
      onClick={dismiss}
      title={intl.formatMessage({ id: 'notifications.dismiss' })}
      data-testid="notification"
      sx={{
        cursor: 'pointer',
        boxShadow: 6,
        pointerEvents: 'auto',
        // the entrance only for people whose system does not ask for reduced motion (WCAG 2.3.3),
        // as the theme's own transitions
        '@media (prefers-reduced-motion: no-preference)': { animation: `${enter} 180ms ease-out` },
      }}
    >
      {translate(intl, item.message, item.values)}
    </Alert>
  );
}
