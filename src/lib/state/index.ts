// Client state shared by every layer: the session token, locale, per-table state and toasts.
export * from './auth-slice';
export * from './settings-slice';
export * from './tables-slice';
export * from './notifications-slice';
export * from './hooks';
export * from './persistor';
