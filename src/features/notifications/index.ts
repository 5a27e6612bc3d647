// The notifications feature's public part for the app shell: the bar's bell on a wide screen, and
// the pieces the phone's fold menu carries it with.
export { AlertsCount, AlertsPopover, NotificationBell, useAlerts } from './components/notification-bell';
export type { Alerts } from './components/notification-bell';
