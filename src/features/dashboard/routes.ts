// Pages of the dashboard feature.
import { PATHS, type FeatureRoute } from '@/lib/routing';
import { paintGreeting } from './greeting-paint';

export const routes: FeatureRoute[] = [
  {
    path: PATHS.dashboard,
    access: 'private',
    load: () => import(/* webpackChunkName: "page-dashboard" */ './pages/dashboard-page'),
    chunk: 'page-dashboard',
    // the greeting, drawn by the bootstrap as soon as the user is in (greeting-paint.ts)
    paint: paintGreeting,
    // The figures start with the page's chunk, not after the page rendered.
    prefetch: async (_params, dispatch) => {
      const { dashboardApi } = await import(/* webpackChunkName: "page-dashboard" */ './api');
      // only with a session: without one the guard sends the visitor to sign in (this file is in
      // the bootstrap's bundle, so it reads the token itself rather than importing the store's slices)
      dispatch((inner: (action: unknown) => unknown, getState: () => { auth: { token: string | null } }) => {
        if (getState().auth.token) inner(dashboardApi.util.prefetch('getDashboardStats', undefined, {}));
      });
    },
  },
];
