// The entry's decision (docs/architecture.md §8): a visitor with no session who opens the
// sign-in page (or `/`, or a private page, which would send them there) gets the light sign-in page
// at /login: plain React and a small CSS file, no MUI, emotion, react-intl, router, Redux or RTK
// Query. Anyone else (a stored session, an unknown address) gets the app (the "app" chunk) as
// before. The light page hands the session to the app after sign-in (sign-in-app.tsx).
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../contract/limits';
import type { CurrentUser } from '../contract';
import { PATHS, type FeatureRoute } from '../lib/routing';
import { featureRoutes } from '../app/feature-registry';
import { loadCoreMessages, loadMessages } from '../app/i18n/messages';
import { flattenMenu } from '../contract/access-rules';
import { ROLE_IDS } from '../contract/enums';
import { allowed } from '../contract/policies';
import { LOCALE_KEY, TOKEN_KEY } from '../app/store/storage-keys';
import { requestEarly } from '../lib/api/base-query';
import { nextTask } from '../lib/next-task';
import { preloadChunks } from './chunks';
import { paintShell, removeShellPaint, shellPaintArea } from './shell-paint';
import { SignInApp, type AppModule } from './sign-in-app';
import { EARLY_USER_PATH, takeEarlyUser } from './early-user';
import { warmIntl } from './warm-intl';

/** Resolves after the next frame has been produced (at once in a hidden tab, which draws none). */
function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') resolve();
    else requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

/**
 * The app chunk, its modules evaluated in tasks of their own rather than one (about 110 ms at a
 * phone's CPU, bench:page-profile): the store with RTK Query, then the theme with MUI and emotion,
 * then `page` (the first page's own modules, which share those packages), then the rest. The
 * imports name one chunk, so what is downloaded is the same.
 */
export const loadApp = async (page?: () => Promise<unknown>): Promise<AppModule> => {
  await import(/* webpackChunkName: "app" */ '../app/store');
  await nextTask();
  await import(/* webpackChunkName: "app" */ '../app/theme/theme-provider');
  await nextTask();
  if (page) {
    await page().catch(() => undefined); // the route's own `lazy` loads it again and reports a failure
    await nextTask();
  }
  return import(/* webpackChunkName: "app" */ '../app/start');
};

/** A route path (`/servers/:serverId`) as a whole-path pattern. */
const patternOf = (path: string) => new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}$`);
/** The path without a trailing slash (but `/` itself). */
const withoutTrailingSlash = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

const routePatterns = Object.values(PATHS).map(patternOf);

/** The private page at `pathname` (a static path before a pattern, as the router ranks them), if any. */
export function privateRouteAt(pathname: string, routes: readonly FeatureRoute[] = featureRoutes): FeatureRoute | undefined {
  const path = withoutTrailingSlash(pathname);
  const pages = routes.filter((route) => route.access === 'private');
  return pages.find((route) => route.path === path) ?? pages.find((route) => patternOf(route.path).test(path));
}

/** `/`, /login, and every page of the panel: without a session each of them ends at /login. */
export function leadsToSignIn(pathname: string): boolean {
  const path = withoutTrailingSlash(pathname);
  return routePatterns.some((pattern) => pattern.test(path));
}

export function storedLocale(storage: Storage): Locale {
  const stored = storage.getItem(LOCALE_KEY);
  return (LOCALES as readonly string[]).includes(stored ?? '') ? (stored as Locale) : DEFAULT_LOCALE;
}

/** Whether the route's guards (RequirePolicy: its role policy and menu grant) let the user through. */
function opensFor(route: FeatureRoute, user: CurrentUser): boolean {
  if (route.policy && !allowed({ id: user.role_id, name: user.role.name }, route.policy)) return false;
  if (!route.menu || user.role_id === ROLE_IDS.topAdmin) return true;
  return flattenMenu(user.permissions ?? []).some((item) => item.route === route.menu);
}

/**
 * The page's own paint (FeatureRoute.paint) into the painted shell, once the session's user is in:
 * only while the shell is still painted, and only for a user the guards let through to the page.
 */
function paintPage(route: FeatureRoute, answer: { data: unknown } | { error: unknown }, locale: Locale, messages: Readonly<Record<string, unknown>>) {
  const area = shellPaintArea();
  const user = 'data' in answer ? (answer.data as { data?: CurrentUser } | undefined)?.data : undefined;
  if (!area || area.childElementCount || !user || user.needToChangePass || user.totpEnrollmentRequired || !opensFor(route, user)) return;
  route.paint?.(area, { user, locale, messages });
}

export interface BootOptions {
  /** How the app chunk is loaded (tests count the calls); `page` as loadApp's. */
  loadApp?: (page?: () => Promise<unknown>) => Promise<AppModule>;
}

/** Renders the sign-in page or the app into `container`; resolves with the root once it has rendered. */
export async function boot(container: HTMLElement, options: BootOptions = {}): Promise<Root> {
  const load = options.loadApp ?? loadApp;
  const root = createRoot(container);
  const locale = storedLocale(window.localStorage);
  if (window.localStorage.getItem(TOKEN_KEY) || !leadsToSignIn(window.location.pathname)) {
    // the shell, the locale's feature texts and the page's own chunks in the same wave as the app
    // chunk, not after it (the router finds the page's chunks loading: webpack keeps each promise),
    // for a stored session once the painted shell is on screen (below).
    // The app chunk itself is not preloaded: at a preload's high priority it took bandwidth from the
    // shell on a slow line (Lighthouse mobile FCP 1.7 s -> 2.1 s)
    const token = window.localStorage.getItem(TOKEN_KEY);
    const route = token ? privateRouteAt(window.location.pathname) : undefined;
    // the session's user: index.html's own call, sent while main.js downloads (early-user.ts), or
    // else one sent now; the app's own first `users/current` call takes the answer
    // (lib/api/base-query.ts requestEarly)
    const user = token ? requestEarly(EARLY_USER_PATH, token, takeEarlyUser(token)) : undefined;
    const startChunks = () => {
      if (!token) return load();
      // a page that names its chunk group is downloaded now and evaluated in its turn (loadApp)
      void preloadChunks(['shell', `messages-${locale}-features`, ...(route?.chunk ? [route.chunk] : [])]);
      if (route?.chunk) return load(route.load);
      route?.load().catch(() => undefined); // the route's own `lazy` loads it again and reports a failure
      return load();
    };
    let app: Promise<AppModule> | undefined;
    if (user) {
      // the shell's frame on screen while the app loads and runs (shell-paint.ts); the core
      // messages are preloaded by index.html next to main.js
      const messages = await loadCoreMessages(locale).catch(() => undefined);
      if (messages) {
        paintShell({ locale, messages });
        warmIntl(locale); // in the waits for the user, the page's texts and the app's chunks
        let painted: Promise<unknown> = Promise.resolve();
        if (route?.paint) {
          // the page's own texts, when it paints them, from the features' chunk (core ones otherwise)
          const catalog = route.paintCatalog === 'complete' ? loadMessages(locale).catch(() => undefined) : Promise.resolve(messages);
          painted = Promise.all([user, catalog]).then(([answer, paintMessages]) => paintMessages && paintPage(route, answer, locale, paintMessages));
        }
        // The app's chunks start once the painted page (the shell, and the page's own paint once the
        // user is in) is on screen, not with it: on a slow line the chunks (230 KB) no longer share
        // it with the paint's own files, and once in they no longer hold the main thread while the
        // paint waits for its turn. The user was asked for by index.html while main.js downloaded,
        // so that is usually no wait at all
        app = painted
          .catch(() => undefined)
          .then(afterNextFrame)
          .then(startChunks);
      }
    }
    app ??= startChunks();
    try {
      await (await app).startApp(root);
    } catch (error) {
      removeShellPaint(); // the page's error (a chunk that failed to load) shows, not a frozen frame
      throw error;
    }
    return root;
  }
  if (window.location.pathname !== PATHS.login) window.history.replaceState(window.history.state, '', PATHS.login);
  await loadCoreMessages(locale); // preloaded by index.html next to main.js
  root.render(
    <StrictMode>
      <SignInApp initialLocale={locale} root={root} loadApp={load} />
    </StrictMode>,
  );
  return root;
}
