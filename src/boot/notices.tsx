// The sign-in page's toasts before the app has loaded: the app's NotificationsHost and Toast in
// plain React and CSS (app/layout/sign-in.css). The same rules (docs/product.md §4 "Notifications"):
// newest first, at most NOTIFICATION_LIMIT, each for NOTIFICATION_LIFETIME_MS with hovering
// pausing its timer, a click dismisses it, the same toast again within moments is one toast; the
// live region is there from the start. Texts are message ids, translated when shown.
import { useCallback, useState } from 'react';
import type { NotificationStatus } from '../contract/enums';
import { NOTIFICATION_LIMIT } from '../contract/limits';
import { useText } from '../lib/i18n/plain-text';
import { useNoticeTimer } from '../lib/notice-timer';

export interface Notice {
  id: number;
  status: NotificationStatus;
  message: string;
  createdAt: number;
}

const REPEAT_WINDOW_MS = 1500;
let nextId = 1;

/** The notice list and a function that adds one. */
export function useNotices() {
  const [items, setItems] = useState<Notice[]>([]);
  const add = useCallback((status: NotificationStatus, message: string) => {
    const createdAt = Date.now();
    setItems((list) => {
      const newest = list[0];
      if (newest && newest.status === status && newest.message === message && createdAt - newest.createdAt < REPEAT_WINDOW_MS) return list;
      return [{ id: nextId++, status, message, createdAt }, ...list].slice(0, NOTIFICATION_LIMIT);
    });
  }, []);
  const dismiss = useCallback((id: number) => setItems((list) => list.filter((n) => n.id !== id)), []);
  return { items, add, dismiss };
}

const ICONS: Record<NotificationStatus, string> = {
  Success:
    'M20,12A8,8 0 0,1 12,20A8,8 0 0,1 4,12A8,8 0 0,1 12,4C12.76,4 13.5,4.11 14.2, 4.31L15.77,2.74C14.61,2.26 13.34,2 12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0, 0 22,12M7.91,10.08L6.5,11.5L11,16L21,6L19.59,4.58L11,13.17L7.91,10.08Z',
  Error:
    'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z',
  Notify:
    'M11,9H13V7H11M12,20C7.59,20 4,16.41 4,12C4,7.59 7.59,4 12,4C16.41,4 20,7.59 20, 12C20,16.41 16.41,20 12,20M12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0,0 22,12A10, 10 0 0,0 12,2M11,17H13V11H11V17Z',
};

function NoticeItem({ item, onDismiss }: { item: Notice; onDismiss: (id: number) => void }) {
  const text = useText();
  const dismiss = useCallback(() => onDismiss(item.id), [onDismiss, item.id]);
  const { pause, resume } = useNoticeTimer(dismiss);
  return (
    // a toast is dismissed by a click, as the app's (its text is also in the live region)
    <div
      className={`si-notice si-notice--${item.status}`}
      role="alert"
      onMouseEnter={pause}
      onMouseLeave={resume}
      onClick={dismiss}
      title={text('notifications.dismiss')}
      data-testid="notification"
    >
      <div className="si-notice__icon">
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={ICONS[item.status]} />
        </svg>
      </div>
      <div className="si-notice__message">{text(item.message)}</div>
    </div>
  );
}

export function Notices({ items, onDismiss }: { items: Notice[]; onDismiss: (id: number) => void }) {
  const text = useText();
  return (
    <div className="si-notices" role="status" aria-live="polite" aria-label={text('notifications.region')}>
      {items.map((item) => (
        <NoticeItem key={item.id} item={item} onDismiss={onDismiss} />
      ))}
    </div>
  );
}
