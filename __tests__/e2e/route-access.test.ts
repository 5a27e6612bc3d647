// Route access (docs/architecture.md §9): for each of the three roles, every route of docs/product.md §2 either renders or
// redirects to a page that renders, and the panel's decision matches the server's: a page renders
// only when its first list call answers 200 for that role (asked of the API with that role's token).
// The pages a role may not use (the users pages, the 'manage' lists, the pages its menu grants lack,
// docs/product.md §6) must redirect.
import type { Page } from 'playwright-core';
import { launchChromium, type LaunchedBrowser } from './helpers/chromium';
import { settle } from './helpers/settle';
import { seed, useSession, type RoleKey, type Seeded } from './helpers/seed';
import { startServer, type RunningServer } from './helpers/server';

interface RouteCase {
  /** The address to open, with the role's own records where the route names one. */
  path: (s: Seeded, role: RoleKey) => string;
  /** The page's first list call (GET), as the panel makes it. */
  call: (s: Seeded, role: RoleKey) => string;
}

/** The role's own app and server (the top admin's are anyone's). */
const ownApp = (s: Seeded, role: RoleKey) => (role === 'restricted' ? s.apps.beta : s.apps.alpha).id;
const ownServer = (s: Seeded, role: RoleKey) => (role === 'restricted' ? s.servers.nl : s.servers.de);

const ROUTES: RouteCase[] = [
  { path: () => '/dashboard', call: () => 'users/current' },
  { path: () => '/account/user-info', call: () => 'users/current' },
  { path: () => '/account/change-password', call: () => 'users/current' },
  { path: () => '/servers/manage', call: () => 'apps/servers?appId=null' },
  { path: () => '/servers/my-servers', call: () => 'apps/servers?state=appAdmin' },
  { path: () => '/servers/settings', call: () => 'apps/settings/operators' },
  { path: () => '/servers/health', call: () => 'apps/health' },
  { path: (s, r) => `/servers/${ownServer(s, r)}`, call: (s, r) => `apps/profiles/${ownServer(s, r)}` },
  { path: () => '/settings/privacy', call: () => 'apps/privacy' },
  { path: () => '/settings/domain-encryption', call: () => 'apps' },
  { path: () => '/settings/audit', call: () => 'audit?page=1&size=30' },
  { path: () => '/help/panel-training', call: () => 'users/current' },
  { path: () => '/help/app-admin-panel-training', call: () => 'users/current' },
  { path: () => '/help/api', call: () => 'users/current' },
  { path: () => '/app/manage', call: () => 'apps' },
  { path: () => '/app/my-apps', call: () => 'apps?state=appAdmin' },
  { path: () => '/app/devices', call: () => 'apps/devices?page=1&size=30' },
  { path: (s, r) => `/app/${ownApp(s, r)}`, call: (s, r) => `apps/getApp/${ownApp(s, r)}` },
  { path: () => '/users/list', call: () => 'users' },
  { path: () => '/users/add-new', call: () => 'access/roles' },
  { path: () => '/users/roles', call: () => 'access/roles' },
  { path: () => '/users/roles/2', call: () => 'access/roles/2' },
  { path: () => '/users/menus', call: () => 'access/menus' },
];

/**
 * The top admin's pages, for the seeded roles 2 and 5: the policy pages go to the section's own page,
 * the pages their menu grants lack (docs/product.md §6) to the dashboard.
 */
const NOT_TOP_ADMIN: Record<string, string> = {
  '/users/list': '/dashboard',
  '/users/add-new': '/dashboard',
  '/users/roles': '/dashboard',
  '/users/roles/2': '/dashboard',
  '/users/menus': '/dashboard',
  '/app/manage': '/app/my-apps',
  '/servers/manage': '/servers/my-servers',
  '/servers/settings': '/dashboard',
  '/settings/privacy': '/dashboard',
  '/settings/domain-encryption': '/dashboard',
  '/settings/audit': '/dashboard',
};

/** Where each role must not stay, and where it is sent instead. */
const REDIRECTS: Record<RoleKey, Record<string, string>> = {
  admin: {},
  appAdmin: NOT_TOP_ADMIN,
  restricted: NOT_TOP_ADMIN,
};

let server: RunningServer;
let seeded: Seeded;
let browser: LaunchedBrowser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  seeded = await seed(server);
  browser = await launchChromium({ viewport: { width: 1366, height: 900 } });
  page = await browser.context.newPage();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test.each<RoleKey>(['admin', 'appAdmin', 'restricted'])(
  'as %s, every route renders or redirects, as the server answers',
  async (role) => {
    const user = seeded.users[role];
    await useSession(page, server.url, user, 'fa');
    const problems: string[] = [];
    const landed = new Map<string, string>();
    for (const route of ROUTES) {
      const path = route.path(seeded, role);
      await page.goto(`${server.url}${path}`);
      await settle(page);
      const final = new URL(page.url()).pathname;
      landed.set(path, final);
      const answer = (await server.api(route.call(seeded, role), { token: user.token })).status;
      const rendered = final === path;
      if (rendered && answer !== 200) problems.push(`${path} rendered, but its first list call ${route.call(seeded, role)} answered ${answer}`);
      if (!rendered && ROUTES.every((r) => r.path(seeded, role) !== final)) problems.push(`${path} went to ${final}, which is not a page`);
      const expected = REDIRECTS[role][path];
      if (expected && final !== expected) problems.push(`${path} should send ${role} to ${expected}, went to ${final}`);
      if (!expected && !rendered) problems.push(`${path} should render for ${role}, went to ${final}`);
      if (!rendered && (await page.locator('h1').count()) === 0) problems.push(`${path} -> ${final} shows no page`);
    }
    // A redirect lands on a page that itself renders for this role.
    for (const [from, to] of landed)
      if (from !== to && landed.get(to) !== undefined && landed.get(to) !== to) problems.push(`${from} -> ${to} -> ${landed.get(to)}`);
    expect(problems).toEqual([]);
  },
  300_000,
);
