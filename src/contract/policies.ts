// The role policies of docs/product.md §6 in one table, read by both sides: the panel (route guards, hidden
// fields and actions, the menu) and the server (`app.authorize({ policy })` and the rbac scope
// helpers). A rule is written here once; nobody compares role ids or role names by hand.
// Each policy is a function of the caller's role ({id, name}: the panel has it from users/current,
// the server from the session), plus `who`, the words the
// API documentation prints under "Requires:".
import type { RoleRef } from './dto';
import { ROLE_IDS, ROLE_NAMES } from './enums';

export interface PolicyDef {
  /** Who passes, in the words of the API documentation. */
  who: string;
  allows: (role: RoleRef) => boolean;
}

const topAdmin = (r: RoleRef): boolean => r.id === ROLE_IDS.topAdmin;
const adminRole = (r: RoleRef): boolean => r.name === ROLE_NAMES.admin;
const restricted = (r: RoleRef): boolean => r.id === ROLE_IDS.restricted;

/**
 * The roles whose users may be named an application's admin (the app-admin choices of
 * users/appAdmins and the adminId check of storeApp/updateApp): app admins, and role_id 5, a
 * restricted app admin (their own apps and servers, with the role_id 5 limits of docs/product.md §6).
 */
export const APP_ADMIN_ROLE_IDS: readonly number[] = [ROLE_IDS.appAdmin, ROLE_IDS.restricted];

const define = <K extends string>(table: Record<K, PolicyDef>): Record<K, PolicyDef> => table;

export const POLICIES = define({
  /** The admin role manages users: list, create, edit, password, role, status, delete (/users/*). */
  'users:manage': { who: 'role admin', allows: adminRole },
  /** Create, edit and delete application records; the all-applications page /app/manage. */
  'apps:manage': { who: 'role_id 1, or role admin', allows: (r) => topAdmin(r) || adminRole(r) },
  /** Everything in every scope: all apps, servers, devices and profiles, not only the caller's own. */
  'scope:all': { who: 'role_id 1', allows: topAdmin },
  /** The all-servers page /servers/manage (anyone else lists only their own servers). */
  'servers:manageAll': { who: 'role_id 1', allows: topAdmin },
  /** May be named an application's admin. */
  'apps:administer': { who: 'an app-admin role', allows: (r) => APP_ADMIN_ROLE_IDS.includes(r.id) },
  /** Generate a robot API key. */
  'apps:robotKey': { who: 'role_id 1', allows: topAdmin },
  /** The role_id 1 settings of an app (social links, force toggles, advanced fields) and its secret keys. */
  'apps:advancedSettings': { who: 'role_id 1', allows: topAdmin },
  /** The five encrypted source-host values of the application encryptor table. */
  'apps:sourceHosts': { who: 'role_id 1', allows: topAdmin },
  /** The smart-mode section of the ad settings. */
  'apps:smartSection': { who: 'any role but role_id 5', allows: (r) => !restricted(r) },
  /** The text fields of the ad settings. */
  'ads:textFields': { who: 'role admin', allows: adminRole },
  /** Choose a profile's type (role_id 5 always gets normal). */
  'profiles:type': { who: 'any role but role_id 5', allows: (r) => !restricted(r) },
  /** Reveal a profile's stored address (apps/convertProfile) or export it (share link, QR, config, subscription). */
  'profiles:reveal': { who: 'role_id 1', allows: topAdmin },
  /** Reset a user's TOTP and require TOTP per role. */
  'users:totp': { who: 'role_id 1', allows: topAdmin },
  /** The encryptor page's Apps tab and the repo setting. */
  'encryption:apps': { who: 'role_id 1', allows: topAdmin },
  /** Save the privacy policy. */
  'privacy:edit': { who: 'role_id 1', allows: topAdmin },
  /** Save the operator settings. */
  'operators:edit': { who: 'role_id 1', allows: topAdmin },
  /** Read the audit log (GET audit, /settings/audit). */
  'audit:view': { who: 'role_id 1', allows: topAdmin },
  /** Menu entries containing 'manage' (shown), containing 'my-' (hidden): docs/product.md §2 "Layout shell". */
  'menu:adminEntries': { who: 'role admin', allows: adminRole },
  /** Manage roles, their grants and the menu tree (access/* writes, the operation catalogue; docs/product.md §6). */
  'access:manage': { who: 'role_id 1', allows: topAdmin },
});

export type Policy = keyof typeof POLICIES;

/** Whether a role passes a policy; no role (signed out, still loading) passes none. */
export function allowed(role: RoleRef | undefined, policy: Policy): boolean {
  return role !== undefined && POLICIES[policy].allows(role);
}
