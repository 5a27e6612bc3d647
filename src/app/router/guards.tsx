// Route guards of docs/product.md §4 "Session":
// - `/` goes to the dashboard with a token, else to /login;
// - private pages need a token and a loaded user (else /login), and while the user must change
//   the password they all lead to /account/change-password, and while their role requires TOTP
//   they have not set up, to /account/security;
// - public pages send a signed-in user to the dashboard;
// - a page whose route names a role policy (or a menu item, docs/product.md §6) renders only for a user who
//   passes it (holds its grant); anyone else is
//   sent to the route's `redirectTo` (or the dashboard) with a notice, the same way in every section.
import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import type { Policy } from '../../contract';
import { LoadingState } from '../../components/feedback/loading-state';
import { useCurrentUser } from '../../lib/api';
import { can, hasMenuGrant } from '../../lib/authorization';
import { PATHS } from '../../lib/routing';
import { selectToken, useAppSelector, useNotify } from '../../lib/state';

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

/** Sends the user elsewhere with the "not for your role" notice. */
function Refused({ to }: { to: string }) {
  const notify = useNotify();
  useEffect(() => {
    notify.notify('common.access.redirected');
  }, [notify]);
  return <Navigate to={to} replace />;
}

interface RequireAccessProps {
  policy?: Policy;
  /** The menu route the user's role must hold (docs/product.md §6). */
  menu?: string;
  redirectTo?: string;
  children: ReactNode;
}

/**
 * Renders `children` only for a user who passes `policy` and holds the `menu` grant (RequireSession
 * has loaded the user); anyone else goes to `redirectTo` with a notice.
 */
export function RequirePolicy({ policy, menu, redirectTo = PATHS.dashboard, children }: RequireAccessProps) {
  const { user } = useCurrentUser();
  if (!user) return <FullPageLoader />;
  const passes = (policy === undefined || can(user, policy)) && (menu === undefined || hasMenuGrant(user, menu));
  return passes ? children : <Refused to={redirectTo} />;
}
