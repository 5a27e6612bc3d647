// The route table: `/` (entry redirect, with the error screen), public pages inside the sign-in
// layout, private pages inside the shell. Pages come from the features (feature-registry.ts); each
// is a React.lazy chunk, suspended inside its layout.
import { lazy, Suspense } from 'react';
import { Outlet, type RouteObject } from 'react-router-dom';
import { LoadingState } from '../../components/feedback/loading-state';
import type { FeatureRoute } from '../../lib/routing';
import { featureRoutes } from '../feature-registry';
import { RequireCompleteCatalog } from '../i18n/i18n-provider';
import { AuthLayout } from '../layout/auth-layout';
import { RouteErrorPage } from '../error/route-error-page';
import { EntryRedirect, GuestOnly, RequireSession } from './guards';

// The shell (drawer, menu, header, dialogs) is a chunk of its own: the sign-in page never needs it.
// It waits for the features' message catalogue, which the sign-in page does not load up front.
const AppShell = lazy(() => import(/* webpackChunkName: "shell" */ '../layout/app-shell'));

function pageRoute(route: FeatureRoute): RouteObject {
  const Page = lazy(route.load);
  return { path: route.path, element: <Page /> };
}

export function createAppRoutes(routes: readonly FeatureRoute[] = featureRoutes): RouteObject[] {
  const pages = (access: FeatureRoute['access']) => routes.filter((r) => r.access === access).map(pageRoute);
  return [
    {
      path: '/',
      element: <Outlet />,
      errorElement: <RouteErrorPage />,
      children: [
        { index: true, element: <EntryRedirect /> },
        { element: <GuestOnly />, children: [{ element: <AuthLayout />, children: pages('public') }] },
        {
          element: <RequireSession />,
          children: [
            {
              element: (
                <RequireCompleteCatalog fallback={<LoadingState minHeight="100vh" />}>
                  <Suspense fallback={<LoadingState minHeight="100vh" />}>
                    <AppShell />
                  </Suspense>
                </RequireCompleteCatalog>
              ),
              children: [{ errorElement: <RouteErrorPage />, children: pages('private') }],
            },
          ],
        },
      ],
    },
  ];
}
