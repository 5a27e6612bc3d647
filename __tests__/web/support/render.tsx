// renderWithProviders / renderApp: a fresh real store per test (persisted state comes from jsdom's
// localStorage, exactly as in the browser), all app providers, and a memory router — either around
// one element or over the app's real route table with its guards.
import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import type { Middleware } from '@reduxjs/toolkit';
import type { Locale } from '../../../src/contract';
import type { FeatureRoute } from '../../../src/lib/routing';
import { featureRoutes } from '../../../src/app/feature-registry';
import { AppProviders } from '../../../src/app/providers';
import { createAppRoutes } from '../../../src/app/router';
import { dispatchWhenRehydrated, LOCALE_KEY, setupStore, TOKEN_KEY } from '../../../src/app/store';

export interface RenderOptions {
  /** Start signed in with this token (stored under `token`, then rehydrated). */
  token?: string;
  locale?: Locale;
  /** Where the memory router starts. */
  route?: string;
  /** Extra routes next to the element (e.g. a '/dashboard' target to land on). */
  routes?: RouteObject[];
  middleware?: Middleware;
  /** renderApp: extra feature pages next to the real ones. */
  pages?: FeatureRoute[];
}

function prepare(options: RenderOptions) {
  if (options.token) window.localStorage.setItem(TOKEN_KEY, options.token);
  if (options.locale) window.localStorage.setItem(LOCALE_KEY, options.locale);
  return setupStore({ middleware: options.middleware });
}

async function mount(routesFor: RouteObject[] | ((dispatch: (action: unknown) => unknown) => RouteObject[]), options: RenderOptions) {
  const { store, persistor } = prepare(options);
  const routes = typeof routesFor === 'function' ? routesFor(dispatchWhenRehydrated(store, persistor)) : routesFor;
  const router = createMemoryRouter(routes, { initialEntries: [options.route ?? '/'] });
  // Works with real and with jest's fake timers alike.
  const user = userEvent.setup({ advanceTimers: (ms) => ('clock' in setTimeout ? jest.advanceTimersByTime(ms) : undefined) });
  let view!: ReturnType<typeof render>;
  // Let rehydration and the first round of effects settle inside act.
  await act(async () => {
    view = render(
      <AppProviders store={store} persistor={persistor}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  });
  return { ...view, store, persistor, router, user };
}

/** One element (at `route`, default '/') inside all providers and a router. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  return mount([{ path: options.route?.split('?')[0] ?? '/', element: ui }, ...(options.routes ?? [])], options);
}

/** The whole app (real routes, guards, shell and lazy pages) at `route`. */
export function renderApp(options: RenderOptions = {}) {
  return mount((dispatch) => createAppRoutes([...featureRoutes, ...(options.pages ?? [])], dispatch), options);
}
