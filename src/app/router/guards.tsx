// Route guards of SPEC §4 "Session":
// - `/` goes to the dashboard with a token, else to /login;
// - private pages need a token and a loaded user (else /login), and while the user must change
//   the password they all lead to /account/change-password, and while their role requires TOTP
//   they have not set up, to /account/security;
// - public pages send a signed-in user to the dashboard.
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LoadingState } from '../../components/feedback/loading-state';
import { useCurrentUser } from '../../lib/api';
import { PATHS } from '../../lib/routing';
import { selectToken, useAppSelector } from '../../lib/state';

const FullPageLoader = () => <LoadingState minHeight="100vh" />;

export function EntryRedirect() {
  const token = useAppSelector(selectToken);
  return <Navigate to={token ? PATHS.dashboard : PATHS.login} replace />;
}

export function RequireSession() {
  const { token, user, isLoading, isUninitialized } = useCurrentUser();
  const location = useLocation();
  if (!token) return <Navigate to={PATHS.login} replace />;
  if (!user) return isLoading || isUninitialized ? <FullPageLoader /> : <Navigate to={PATHS.login} replace />;
  if (user.needToChangePass && location.pathname !== PATHS.changePassword) return <Navigate to={PATHS.changePassword} replace />;
  if (!user.needToChangePass && user.totpEnrollmentRequired && location.pathname !== PATHS.accountSecurity) {
    return <Navigate to={PATHS.accountSecurity} replace />;
  }
  return <Outlet />;
}

export function GuestOnly() {
  const { token, user, isLoading } = useCurrentUser();
  if (token && user) return <Navigate to={PATHS.dashboard} replace />;
  if (token && isLoading) return <FullPageLoader />;
  return <Outlet />;
}
