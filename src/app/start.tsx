// The app, started by the bootstrap (src/boot) as a chunk of its own ("app"): MUI, emotion, the
// router, the store and RTK Query load only once a session exists or a page other than sign-in is
// asked for, so the sign-in page of a first visit carries none of them (docs/architecture.md §8).
// `startApp` renders the app as the entry always did; `startSignedIn` takes over a session the light
// sign-in page has just opened: the token goes into the real store through `signedIn` and is
// written to localStorage (as the app's own sign-in does), and the app renders at the dashboard
// once its chunks, the user and the messages are in, in the same page (no reload).
import { startTransition, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import type { Locale } from '../contract';
import { sessionApi } from '../lib/api';
import { nextTask } from '../lib/next-task';
import { PATHS } from '../lib/routing';
import { localeChanged, notified, selectToken, signedIn } from '../lib/state';
import { App } from './app';
import { createAppRouter, preloadPage, type AppBrowserRouter } from './router';
import { dispatchWhenRehydrated, setupStore, syncAcrossTabs, whenRehydrated } from './store';

function create() {
  const { store, persistor } = setupStore();
  syncAcrossTabs(store);
  return { store, persistor };
}

// In a transition: React renders the app in slices it can interrupt (a few ms each) instead of one
// task; on a phone's CPU the whole shell with its page was one task of 300-400 ms (Total Blocking Time).
const render = (root: Root, app: ReturnType<typeof create>, router: AppBrowserRouter) =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <App store={app.store} persistor={app.persistor} router={router} />
      </StrictMode>,
    ),
  );

/**
 * The app at the current address (the router starts loading the first route's chunks at once). The
 * store, the router and the render are a task each: on a phone's CPU they were one task of about
 * 150 ms with the app chunk's evaluation (bench:page-profile, 4x CPU).
 */
export async function startApp(root: Root): Promise<void> {
  await nextTask();
  const app = create();
  const dispatch = dispatchWhenRehydrated(app.store, app.persistor);
  // the session's user goes out with the first route's chunks, not once the session guard renders
  dispatch((_: unknown, getState: () => Parameters<typeof selectToken>[0]) => {
    if (selectToken(getState())) app.store.dispatch(sessionApi.util.prefetch('getCurrentUser', undefined, {}));
  });
  await nextTask();
  const router = createAppRouter(dispatch);
  await nextTask();
  render(root, app, router);
}

/** What the dashboard needs after sign-in (its page, the shell, every message of the locale): started as the password goes out. */
export const preloadSignedIn = (locale: Locale): Promise<void> => preloadPage(PATHS.dashboard, locale);

export interface SignedInOptions {
  token: string;
  locale: Locale;
  /** Greets the user (a sign-in through the form; not a session opened in another tab). */
  welcome: boolean;
}

const initialized = (router: AppBrowserRouter) =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });

/** Hands a new session to the app and renders it at the dashboard. */
export async function startSignedIn(root: Root, { token, locale, welcome }: SignedInOptions): Promise<void> {
  const app = create();
  await whenRehydrated(app.persistor);
  app.store.dispatch(localeChanged(locale));
  app.store.dispatch(signedIn(token));
  // written before the dashboard opens, so a reload straight away keeps the session
  await app.persistor.flush();
  window.history.replaceState(window.history.state, '', PATHS.dashboard);
  // the user and the dashboard's chunks, together; the form stays on screen ("signing in…") meanwhile
  const user = app.store.dispatch(sessionApi.endpoints.getCurrentUser.initiate());
  const router = createAppRouter(dispatchWhenRehydrated(app.store, app.persistor));
  await Promise.all([user, preloadSignedIn(locale), initialized(router)]);
  if (welcome) app.store.dispatch(notified({ message: 'auth.login.welcome', status: 'Success' }));
  render(root, app, router);
  user.unsubscribe(); // the guards hold the user from here on
}
