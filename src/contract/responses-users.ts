// Response bodies of the user and access calls, described once like ./responses.ts: the signed-in
// user (users/current) with the permission menu, a staff user of the users list, the app-admin
// choices, and the roles and operations of access/*.
import * as yup from 'yup';
import type { MenuItem } from './dto';
import { ACCESS_SCOPES, type HttpMethod } from './access';
import { bool, int, isoTime, text, textOrNull } from './response-fields';

/**
 * The id the server registers the menu item schema under (http/schemas.ts): the menu is a tree, so
 * an item's `children` and the user's `permissions` refer to it instead of spelling it out.
 */
export const MENU_ITEM_REF = 'MenuItem';

/** A menu item without its children (MenuItem in dto.ts adds them). */
export const menuItemFieldsSchema = yup.object({ id: int(), route: text(), pName: text(), enName: text() }).defined();

/** A reference to the menu item schema: `{$ref: 'MenuItem#'}` once turned into JSON Schema. */
export const menuItemRefSchema = yup.lazy(() => menuItemSchema).meta({ ref: MENU_ITEM_REF });

/** One permission menu item with its sub-items (docs/product.md §3 Permission). */
export const menuItemSchema: yup.ObjectSchema<MenuItem> = menuItemFieldsSchema.shape({ children: yup.array(menuItemRefSchema).defined() });

/**
 * An API operation as a grant names it. `route` is the path below /api/v1 without a leading slash,
 * with OpenAPI-style parameters: `apps/devices`, `apps/destroyDevice/{id}`.
 */
export const operationRefSchema = yup.object({ method: yup.string<HttpMethod>().defined(), route: text() }).defined();

/** One entry of GET access/operations: the route table's method, path, OpenAPI tag and summary. */
export const operationSchema = operationRefSchema.shape({ tag: text(), summary: text() });

const scope = () => yup.string().oneOf(ACCESS_SCOPES).defined();

/**
 * The Persian name or description of a role: null for a role made before roles had
 * one; optional, so that a server that names roles in English only still answers a valid role.
 */
const persianOrNull = () => yup.string().nullable().optional();

/**
 * A role's names, wherever a role is named: `name` is the English name and the unique key (the
 * seeded roles' are admin, appAdmin and restricted), `pName` the Persian one.
 */
export const roleNamesSchema = yup.object({ id: int(), name: text(), pName: persianOrNull() }).defined();

/** A role as role_id 1 reads it in GET access/roles and the role calls. */
export const roleDetailSchema = yup
  .object({
    id: int(),
    /** The English name. */
    name: text(),
    pName: persianOrNull(),
    /** The English description. */
    description: textOrNull(),
    /** The Persian description. */
    pDescription: persianOrNull(),
    /** Whether the role's staff must sign in with TOTP. */
    requireTotp: bool(),
    createdAt: isoTime(),
    /** Staff users holding the role. */
    usersCount: int(),
    scope: scope(),
  })
  .defined();

/** A role as users/totp/roles lists it, with whether its staff must use TOTP. */
export const roleOptionSchema = roleDetailSchema.pick(['id', 'name', 'pName', 'requireTotp']);

/** A row of GET access/roles: {id, name, pName} for anyone, a RoleDetail for role_id 1. */
export const roleListItemSchema = roleDetailSchema.partial().shape(roleNamesSchema.fields);

/** GET access/roles/{id}: the role with what it is granted (menu items and API operations). */
export const roleWithGrantsSchema = roleDetailSchema.shape({ menuIds: yup.array(int()).defined(), operations: yup.array(operationRefSchema).defined() });

/** The signed-in user's grants (role_id 1: every operation, scope all). */
export const userAccessSchema = yup.object({ scope: scope(), operations: yup.array(operationRefSchema).defined() }).defined();

/** users/current: the docs/product.md §3 User with role, permission menu and avatar URL. */
export const currentUserSchema = yup
  .object({
    id: int(),
    name: text(),
    family: text(),
    eName: textOrNull(),
    eFamily: textOrNull(),
    username: text(),
    email: text(),
    mobile: textOrNull(),
    address: textOrNull(),
    website: textOrNull(),
    about: textOrNull(),
    sex: yup.number<0 | 1>().integer().defined().oneOf([0, 1]),
    birthdate: textOrNull(),
    active: bool(),
    role_id: int(),
    role: roleNamesSchema,
    avatar: textOrNull().meta({ description: 'URL of the avatar image, or null' }),
    createdAt: isoTime('The joined date'),
    updatedAt: isoTime(),
    permissions: yup.array(menuItemRefSchema).defined(),
    needToChangePass: bool(),
    /** Whether the user signs in with a TOTP code. */
    totpEnabled: bool(),
    /** The user's role requires TOTP and they have not enrolled: the panel sends them to enrol. */
    totpEnrollmentRequired: bool(),
    /** Optional so that a server without docs/product.md §6 grants still answers a valid user. */
    access: userAccessSchema.optional().default(undefined).meta({ description: "The role's scope and operation grants; role_id 1 holds every operation" }),
  })
  .defined();

/** A row of GET users: the user without the permission menu and grants. */
export const staffUserSchema = currentUserSchema.omit(['permissions', 'access']);

/** GET users: the rows plus how many apps each user administers (users with none are absent). */
export const usersListSchema = yup
  .object({
    data: yup.array(staffUserSchema).defined(),
    app: yup.array(yup.object({ adminId: int(), count: int() }).defined()).defined(),
  })
  .defined();

/** GET users/appAdmins: an app-admin choice (docs/product.md §3 Application option). */
export const appAdminOptionSchema = yup.object({ id: int(), name: text(), family: text(), active: bool() }).defined();

/** users/signin (and users/signin/totp): the session token. */
export const signInResultSchema = yup.object({ token: text() }).defined();

/** users/signin for an account with TOTP: no token yet; users/signin/totp finishes with the challenge. */
export const totpChallengeSchema = yup.object({ totpRequired: yup.boolean<true>().defined(), challenge: text() }).defined();

/** users/signin's answer as the serializer writes it: one of the two above, so no field is required. */
export const signInAnswerSchema = yup
  .object({ ...signInResultSchema.fields, ...totpChallengeSchema.fields })
  .partial()
  .meta({ description: '{token}, or for an account with TOTP {totpRequired: true, challenge} (finish with users/signin/totp)' });

/** users/totp/setup: the new secret (base32) and the otpauth:// URL an authenticator app reads. */
export const totpSetupResultSchema = yup.object({ secret: text(), otpauthUrl: text() }).defined();

/** users/totp/enable: the 10 single-use recovery codes, shown this once. */
export const totpEnableResultSchema = yup.object({ recoveryCodes: yup.array(text()).defined() }).defined();
