// The toast queue of docs/product.md §4 "Notifications": newest first, at most NOTIFICATION_LIMIT kept.
// Items hold a message id (translated when shown, so a locale switch re-translates them) or,
// rarely, a literal text from elsewhere. Expiry and hover pause live in the host component.
import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { NOTIFICATION_LIMIT, type NotificationStatus } from '@/contract';
import type { MessageValues } from '../i18n/messages';

export interface Notification {
  id: string;
  status: NotificationStatus;
  /** A message id of the lang files. */
  message: string;
  values?: MessageValues;
  createdAt: number;
}

export interface NotificationsState {
  items: Notification[];
}

export interface NotifyInput {
  message: string;
  values?: MessageValues;
  status?: NotificationStatus;
}

const initialState: NotificationsState = { items: [] };
const REPEAT_WINDOW_MS = 1500;

const isRepeat = (a: Notification, b: Notification) =>
  a.status === b.status &&
  a.message === b.message &&
  JSON.stringify(a.values ?? null) === JSON.stringify(b.values ?? null) &&
  b.createdAt - a.createdAt < REPEAT_WINDOW_MS;

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    notified: {
      reducer(state, action: PayloadAction<Notification>) {
        const next = action.payload;
        const newest = state.items[0];
        // The same toast again within moments (e.g. every keystroke of a refused input) is one toast.
        if (newest && isRepeat(newest, next)) return;
        state.items.unshift(next);
        state.items.splice(NOTIFICATION_LIMIT);
      },
      // id and time are made here, so the action log replays to the same state.
      prepare(input: NotifyInput) {
        return {
          payload: {
            id: nanoid(),
            status: input.status ?? 'Notify',
            message: input.message,
            ...(input.values ? { values: input.values } : {}),
            createdAt: Date.now(),
          } satisfies Notification,
        };
      },
    },
    notificationDismissed(state, action: PayloadAction<string>) {
      state.items = state.items.filter((n) => n.id !== action.payload);
    },
  },
});

export const { notified, notificationDismissed } = notificationsSlice.actions;
export const selectNotifications = (state: { notifications: NotificationsState }) => state.notifications.items;
