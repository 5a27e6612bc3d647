// The catalogue of page states the e2e audits walk (layout, axe, direction, route access): every
// route of docs/product.md §2 and every tab, as one list, so a new page is added in one place and every audit
// covers it. A state is a path plus the tabs to click after it loads.
import type { Page } from 'playwright-core';
import { t } from './messages';
import type { Seeded } from './seed';
import { settle } from './settle';

export interface PageState {
  /** A stable name for reports and screenshot files: `servers-profiles-import`. */
  name: string;
  /** The address to open (relative to the server's base URL). */
  path: (s: Seeded) => string;
  /** Message ids of tabs to click, in order, once the page is loaded. */
  tabs?: string[];
  /** Signed-out page (the login form); every other state needs a session. */
  public?: true;
}

export const PAGE_STATES: PageState[] = [
  { name: 'login', path: () => '/login', public: true },
  { name: 'dashboard', path: () => '/dashboard' },
  { name: 'account-user-info', path: () => '/account/user-info' },
  { name: 'account-change-password', path: () => '/account/change-password' },
  { name: 'account-security', path: () => '/account/security' },
  { name: 'servers-manage', path: () => '/servers/manage' },
  { name: 'servers-mine', path: () => '/servers/my-servers' },
  { name: 'servers-settings', path: () => '/servers/settings' },
  { name: 'servers-health', path: () => '/servers/health' },
  { name: 'server-profiles-list', path: (s) => `/servers/${s.servers.shared}` },
  { name: 'server-profiles-import', path: (s) => `/servers/${s.servers.shared}?tab=import` },
  { name: 'server-profiles-new', path: (s) => `/servers/${s.servers.shared}?tab=new` },
  { name: 'settings-privacy', path: () => '/settings/privacy' },
  { name: 'settings-encryption', path: () => '/settings/domain-encryption' },
  { name: 'settings-encryption-apps', path: () => '/settings/domain-encryption', tabs: ['encryption.tabs.apps'] },
  { name: 'settings-audit', path: () => '/settings/audit' },
  { name: 'help-panel', path: () => '/help/panel-training' },
  { name: 'help-app-admin', path: () => '/help/app-admin-panel-training' },
  { name: 'help-api', path: () => '/help/api' },
  { name: 'apps-manage', path: () => '/app/manage' },
  { name: 'apps-mine', path: () => '/app/my-apps' },
  { name: 'devices', path: () => '/app/devices' },
  { name: 'app-settings', path: (s) => `/app/${s.apps.alpha.id}` },
  { name: 'app-ads', path: (s) => `/app/${s.apps.alpha.id}?tab=ads` },
  { name: 'app-versions-block', path: (s) => `/app/${s.apps.alpha.id}?tab=versions` },
  { name: 'app-versions-active', path: (s) => `/app/${s.apps.alpha.id}?tab=versions`, tabs: ['apps.versions.tabActive'] },
  { name: 'app-versions-blocked', path: (s) => `/app/${s.apps.alpha.id}?tab=versions`, tabs: ['apps.versions.tabBlocked'] },
  { name: 'app-receives', path: (s) => `/app/${s.apps.alpha.id}?tab=receives` },
  { name: 'users-list', path: () => '/users/list' },
  { name: 'users-add-new', path: () => '/users/add-new' },
  { name: 'users-roles', path: () => '/users/roles' },
  { name: 'users-role-permissions', path: () => '/users/roles/2' },
  { name: 'users-menus', path: () => '/users/menus' },
  { name: 'not-found', path: () => '/no/such/page' },
];

/** Opens a state: goes to its address, waits, clicks its tabs (by their text in `locale`). */
export async function openState(page: Page, baseUrl: string, state: PageState, seeded: Seeded, locale: 'fa' | 'en') {
  await page.goto(`${baseUrl}${state.path(seeded)}`);
  await settle(page);
  for (const tab of state.tabs ?? []) {
    const target = page.getByRole('tab', { name: t(locale, tab) });
    // A role may not have the tab (the encryptor's Apps tab is role_id 1 only): then the state is the page itself.
    if (!(await target.count())) continue;
    await target.click();
    await settle(page);
  }
}
