// The notifications feature's public part for the app shell: the header's bell.
export { NotificationBell } from './components/notification-bell';
