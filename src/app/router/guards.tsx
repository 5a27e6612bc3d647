// Route guards of docs/product.md §4 "Session":
// - `/` goes to the dashboard with a token, else to /login;
// - private pages need a token and a loaded user; only a 401 on users/current (which ends the
//   session) or no token at all leads to /login. When users/current fails otherwise (no network,
//   a 5xx: docs/product.md §8's communication error) the page says so with a retry and the token stays,
//   so an outage never looks like being signed out. While the user must change
//   the password they all lead to /account/change-password, and while their role requires TOTP
//   they have not set up, to /account/security;
// - public pages send a signed-in user to the dashboard;
// - a page whose route names a role policy (or a menu item, docs/product.md §6) renders only for a user who
//   passes it (holds its grant); anyone else is
//   sent to the route's `redirectTo` (or the dashboard) with a notice, the same way in every section.
import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import type { Policy } from '@/contract';
import { ErrorState } from '@/components/feedback/error-state';
import { LoadingState } from '@/components/feedback/loading-state';
import { isApiError, useCurrentUser } from '@/lib/api';
import { useRemoveShellPaint } from '@/boot/shell-paint';
import { can, hasMenuGrant } from '@/lib/authorization';
import { PATHS } from '@/lib/routing';
import { selectToken, useAppSelector, useNotify } from '@/lib/state';

const FullPageLoader = () => <LoadingState minHeight="100vh" />;

export function EntryRedirect() {
  const token = useAppSelector(selectToken);
  return <Navigate to={token ? PATHS.dashboard : PATHS.login} replace />;
}

/**
 * users/current failed for a reason other than a 401: the session may well be fine, the server is
 * not answering. The whole page says so, with a retry; the token is kept.
 */
function SessionUnavailable({ onRetry }: { onRetry: () => void }) {
  useRemoveShellPaint();
  return (
    <Box component="main">
      <ErrorState
        minHeight="100vh"
        titleComponent="h1"
        titleId="common.error.communication"
        descriptionId="common.error.sessionUnavailableHint"
        onRetry={onRetry}
      />
    </Box>
  );
}

export function RequireSession() {
  const { token, user, isLoading, isUninitialized, isFetching, isError, error, refetch } = useCurrentUser();
  const location = useLocation();
  if (!token) return <Navigate to={PATHS.login} replace />;
  if (!user) {
    if (isLoading || isUninitialized || isFetching) return <FullPageLoader />;
    // a 401 ends the session (base-api.ts clears the token): the sign-in page
    if (isError && !(isApiError(error) && error.status === 401)) return <SessionUnavailable onRetry={refetch} />;
    return <Navigate to={PATHS.login} replace />;
  }
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
