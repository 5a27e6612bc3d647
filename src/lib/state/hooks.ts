// Typed react-redux hooks over the panel's slices, usable from components, features and app alike.
// The store in app/store is checked at compile time to satisfy PanelState.
import { useMemo } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { AuthState } from './auth-slice';
import type { SettingsState } from './settings-slice';
import type { TablesState } from './tables-slice';
import { notified, type NotificationsState } from './notifications-slice';
import type { MessageValues } from '../i18n/messages';

export interface PanelState {
  auth: AuthState;
  settings: SettingsState;
  tables: TablesState;
  notifications: NotificationsState;
}
export type PanelDispatch = ThunkDispatch<PanelState, unknown, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<PanelDispatch>();
export const useAppSelector = useSelector.withTypes<PanelState>();

export interface Notify {
  success(message: string, values?: MessageValues): void;
  error(message: string, values?: MessageValues): void;
  notify(message: string, values?: MessageValues): void;
}

/** Toasts by message id: `notify.success('auth.welcome')`. */
export function useNotify(): Notify {
  const dispatch = useAppDispatch();
  return useMemo(
    () => ({
      success: (message, values) => dispatch(notified({ message, values, status: 'Success' })),
      error: (message, values) => dispatch(notified({ message, values, status: 'Error' })),
      notify: (message, values) => dispatch(notified({ message, values, status: 'Notify' })),
    }),
    [dispatch],
  );
}
