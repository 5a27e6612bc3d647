// The auth feature's public parts for the app shell.
export { SignOutButton } from './components/sign-out-button';
