// The route table: `/` (entry redirect, with the error screen), public pages inside the sign-in
// layout, private pages inside the shell. Pages come from the features (feature-registry.ts); each
// is a chunk of its own, loaded through the route's `lazy`: the router fetches it before it renders
// the route (on the first load, and before a navigation commits), so no page ever shows a Suspense
// fallback. React holds content revealed after a fallback until 300 ms after that fallback showed,
// which the entry page and the dashboard after sign-in would otherwise always pay.
import type { ComponentType } from 'react';
import { Outlet, type RouteObject } from 'react-router-dom';
import type { Locale } from '@/contract';
import { LoadingState } from '@/components/feedback/loading-state';
import { setRoutePreloader, type FeatureRoute } from '@/lib/routing';
import { featureRoutes } from '../feature-registry';
import { RequireCompleteCatalog } from '../i18n/i18n-provider';
import { loadMessages } from '../i18n/messages';
import { AuthLayout } from '../layout/auth-layout';
import { RouteErrorPage } from '../error/route-error-page';
import { EntryRedirect, GuestOnly, RequirePolicy, RequireSession } from './guards';

// The shell (drawer, menu, header, dialogs) is a chunk of its own: the sign-in page never needs it.
// It waits for the features' message catalogue, which the sign-in page does not load up front.
const loadShell = () => import(/* webpackChunkName: "shell" */ '../layout/app-shell');

type Dispatch = (action: unknown) => unknown;

/** The page itself, or, when its route names a role policy or a menu grant, the page behind RequirePolicy. */
function guarded({ policy, menu, redirectTo }: FeatureRoute, Page: ComponentType): ComponentType {
  if (!policy && !menu) return Page;
  return function PolicyPage() {
    return (
      <RequirePolicy policy={policy} menu={menu} redirectTo={redirectTo}>
        <Page />
      </RequirePolicy>
    );
  };
}

function pageRoute(route: FeatureRoute, dispatch: Dispatch | undefined): RouteObject {
  const { prefetch } = route;
  return {
    path: route.path,
    lazy: async () => ({ Component: guarded(route, (await route.load()).default) }),
    // runs alongside `lazy`, so the page's data is on its way while its chunk loads
    ...(prefetch && dispatch
      ? {
          loader: ({ params }) => {
            Promise.resolve(prefetch(params, dispatch)).catch(() => undefined); // the page's own query reports failures
            return null;
          },
        }
      : {}),
  };
}

/**
 * Starts loading what a private page needs (the shell, the page, the features' messages) ahead of
 * a navigation to it, e.g. while sign-in is on its way. webpack keeps each chunk's promise, so the
 * route's own `lazy` later finds them loaded.
 */
function preloaderFor(routes: readonly FeatureRoute[]) {
  return (path: string, locale: Locale) => {
    const route = routes.find((r) => r.path === path);
    const loads: Promise<unknown>[] = [route ? route.load() : Promise.resolve()];
    if (route?.access === 'private') loads.push(loadShell(), loadMessages(locale));
    return Promise.all(loads).then(() => undefined);
  };
}

/** Loads what `path` needs (page, shell, the locale's messages) before the router exists: the bootstrap's sign-in. */
export const preloadPage = (path: string, locale: Locale): Promise<void> => preloaderFor(featureRoutes)(path, locale);

/** `dispatch` (the app store's) lets routes prefetch their data; without it they fetch on render. */
export function createAppRoutes(routes: readonly FeatureRoute[] = featureRoutes, dispatch?: Dispatch): RouteObject[] {
  const pages = (access: FeatureRoute['access']) => routes.filter((r) => r.access === access).map((r) => pageRoute(r, dispatch));
  setRoutePreloader(preloaderFor(routes));
  return [
    {
      path: '/',
      element: <Outlet />,
      errorElement: <RouteErrorPage />,
      // Until the first route's chunks are in: nothing (they are preloaded with main.js).
      hydrateFallbackElement: null,
      children: [
        { index: true, element: <EntryRedirect /> },
        { element: <GuestOnly />, children: [{ element: <AuthLayout />, children: pages('public') }] },
        {
          element: <RequireSession />,
          children: [
            {
              lazy: async () => {
                const { default: AppShell } = await loadShell();
                return {
                  element: (
                    <RequireCompleteCatalog fallback={<LoadingState minHeight="100vh" />}>
                      <AppShell />
                    </RequireCompleteCatalog>
                  ),
                };
              },
              children: [{ errorElement: <RouteErrorPage />, children: pages('private') }],
            },
          ],
        },
      ],
    },
  ];
}
