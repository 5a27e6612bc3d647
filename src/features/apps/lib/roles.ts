// SPEC §6 rights as the panel reads them from the signed-in user.
import { ROLE_IDS, ROLE_NAMES, type CurrentUser } from '../../../contract';

type RoleOf = Pick<CurrentUser, 'role_id' | 'role'> | undefined;

/** role_id 1: robot key, the social/force/advanced settings, the secret keys. */
export const isTopAdmin = (user: RoleOf): boolean => user?.role_id === ROLE_IDS.topAdmin;
/** The role NAMED admin: creates, edits and deletes apps, edits the ad text fields. */
export const isAdminRole = (user: RoleOf): boolean => user?.role.name === ROLE_NAMES.admin;
/** role_id 5 does not see the smart section of the ad settings. */
export const isRestricted = (user: RoleOf): boolean => user?.role_id === ROLE_IDS.restricted;
/** Who may create, edit and delete applications (the server's rule for storeApp/updateApp/destroy). */
export const canManageApps = (user: RoleOf): boolean => isTopAdmin(user) || isAdminRole(user);
