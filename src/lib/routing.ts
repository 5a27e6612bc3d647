// What a feature declares about its pages, and every path of the panel (docs/product.md §2) in one list: the
// route tables and every link build their paths from PATHS and hrefs, never from a literal.
// Each feature with pages exports `routes: FeatureRoute[]` from features/<f>/routes.ts; the app
// finds those files itself (app/feature-registry.ts), so adding a feature touches no shared file.
import type { ComponentType } from 'react';
import type { CurrentUser, Locale, Policy } from '../contract';

export const PATHS = {
  root: '/',
  login: '/login',
  dashboard: '/dashboard',
  userInfo: '/account/user-info',
  changePassword: '/account/change-password',
  accountSecurity: '/account/security',
  serversManage: '/servers/manage',
  serversMine: '/servers/my-servers',
  serversSettings: '/servers/settings',
  serversHealth: '/servers/health',
  serverProfiles: '/servers/:serverId',
  appsManage: '/app/manage',
  appsMine: '/app/my-apps',
  appDetail: '/app/:appId',
  devices: '/app/devices',
  usersList: '/users/list',
  usersAddNew: '/users/add-new',
  usersRoles: '/users/roles',
  usersRolePermissions: '/users/roles/:roleId',
  usersMenus: '/users/menus',
  privacy: '/settings/privacy',
  domainEncryption: '/settings/domain-encryption',
  audit: '/settings/audit',
  helpPanelTraining: '/help/panel-training',
  helpAppAdminTraining: '/help/app-admin-panel-training',
  helpApi: '/help/api',
} as const;

/** The top-level menu items (sections) detail pages follow for their menu grant (docs/product.md §6). */
export const MENU_SECTIONS = { servers: '/servers', apps: '/app' } as const;

/** Links to the pages whose path holds an id or a query. */
export const hrefs = {
  serverProfiles: (serverId: number) => `/servers/${serverId}`,
  appDetail: (appId: number) => `/app/${appId}`,
  appDevices: (appId: number) => `/app/devices?appId=${appId}`,
  rolePermissions: (roleId: number) => `/users/roles/${roleId}`,
};

/** public: signed-out pages (a signed-in user is sent to the dashboard); private: inside the shell. */
export type RouteAccess = 'public' | 'private';

export interface FeatureRoute {
  path: string;
  access: RouteAccess;
  /** The page module, loaded on demand: `() => import('./pages/x-page')`. */
  load: () => Promise<{ default: ComponentType }>;
  /**
   * Starts the page's main request as the route loads, next to its chunk, instead of after the page
   * first renders (e.g. dispatch an RTK Query `util.prefetch`). Runs on each navigation to the route.
   */
  prefetch?: (params: Readonly<Record<string, string | undefined>>, dispatch: (action: unknown) => unknown) => void | Promise<void>;
  /**
   * The role policy (contract/policies.ts) a user needs for this page. Anyone else never sees it:
   * they are sent to `redirectTo` (the page of the section they may use; default the dashboard)
   * with a short notice.
   */
  policy?: Policy;
  redirectTo?: string;
  /**
   * The menu route whose grant opens this page (docs/product.md §6): a list page names its own menu item, a
   * detail page its section (`/servers/:serverId` follows `/servers`). A user whose permission tree
   * lacks it never sees the page (sent to `redirectTo`, like a failed policy). No `menu`: every
   * signed-in user may open it (the dashboard, the account pages).
   */
  menu?: string;
  /**
   * Paints the top of the page in plain DOM before the app has loaded: the bootstrap
   * calls it for a stored session's first page, once the session's user is in, into the painted
   * shell's content area (boot/shell-paint.ts). It must draw what the page then renders, in place.
   */
  paint?: (area: HTMLElement, context: PagePaintContext) => void;
  /**
   * The catalogue `paint` reads: the core one (default, which main.js has preloaded), or `complete`
   * (core and features: the page's own texts, from the features' chunk the bootstrap preloads).
   */
  paintCatalog?: 'core' | 'complete';
  /**
   * The page's chunk group (the name in `load`'s webpackChunkName), for a page with a `paint`: the
   * bootstrap then downloads the page's files next to the app's and evaluates the page's modules
   * after the app's store and theme (boot/index.tsx), so that no one task evaluates both. The
   * group must be one the build lists for hints (webpack.config.ts HINTED_GROUPS).
   */
  chunk?: string;
}

export interface PagePaintContext {
  user: CurrentUser;
  locale: Locale;
  /** The locale's core catalogue, or with `paintCatalog: 'complete'` every message of the locale. */
  messages: Readonly<Record<string, unknown>>;
}

/** A menu route `/` means the dashboard (docs/product.md §2). */
export const menuPath = (route: string): string => (route === '/' || route === '' ? PATHS.dashboard : route);

type RoutePreloader = (path: string, locale: Locale) => Promise<void>;
let routePreloader: RoutePreloader = () => Promise.resolve();

/** Set by the app's route table: how to load a path's chunks (and messages) ahead of navigating. */
export function setRoutePreloader(preloader: RoutePreloader) {
  routePreloader = preloader;
}

/**
 * Starts loading what `path` needs before navigating there (e.g. the dashboard while sign-in is on
 * its way), so the navigation finds its chunks in. Never fails: a failed load is retried by the
 * route itself, which shows the error screen if it fails again.
 */
export function preloadRoute(path: string, locale: Locale): void {
  routePreloader(path, locale).catch(() => undefined);
}
