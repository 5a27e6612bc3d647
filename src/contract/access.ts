// Roles, menus and permissions managed from the panel (docs/product.md §3 Role, permission/menu item;
// §6 authorization): the DTOs, request schemas and endpoint paths of the access/* calls, shared by
// the panel (/users/roles, /users/roles/{id}, /users/menus) and the server (docs/product.md §6).
//
// Endpoints, all under /api/v1 (ACCESS_API below), role_id 1 only unless noted:
//   GET    access/operations               -> DataResponse<Operation[]>  (the route table itself)
//   GET    access/roles                    -> DataResponse<RoleNames[]> for any signed-in user;
//                                             DataResponse<RoleDetail[]> (a superset) for role_id 1
//   POST   access/roles        RoleInput   -> MutationResponse<RoleDetail>   (409 CONFLICT {name: taken})
//   GET    access/roles/{id}               -> DataResponse<RoleWithGrants>
//   PUT    access/roles/{id}   RoleInput   -> MutationResponse<RoleDetail>   (409 ROLE_PROTECTED for role_id 1)
//   PUT    access/roles/{id}/permissions PermissionsInput -> MutationResponse<RoleWithGrants>
//                                             (409 ROLE_PROTECTED for role_id 1; 400 {operations|menuIds: oneOf}
//                                             for an operation or menu item that does not exist)
//   DELETE access/roles/{id}               -> MutationResponse (409 ROLE_IN_USE, 409 ROLE_PROTECTED)
//   GET    access/menus                    -> DataResponse<MenuItem[]>   (the whole tree, in menu order)
//   POST   access/menus        MenuInput   -> MutationResponse<MenuItem> (appended as the last sibling)
//   PUT    access/menus/{id}   MenuUpdateInput -> MutationResponse<MenuItem>
//   DELETE access/menus/{id}               -> MutationResponse<MenuDeleteResult> (its descendants go with it)
//   PUT    access/menus/{id}/move MenuMoveInput -> MutationResponse (swaps with the previous/next sibling;
//                                             at the edge it is a no-op)
// Unknown ids answer 404 NOT_FOUND.
import * as yup from 'yup';
import { TOO_LONG, V } from './errors';
import type { menuDeleteResultSchema } from './responses';
import type { operationRefSchema, operationSchema, roleDetailSchema, roleWithGrantsSchema, userAccessSchema } from './responses-users';
import { TEXT_MAX, englishText, nonBlank, optionalText, persianText, positiveId, trimmedStr, body } from './schemas/common';

/** Paths of the access calls, below API_PREFIX. */
export const ACCESS_API = {
  operations: 'access/operations',
  roles: 'access/roles',
  role: (id: number) => `access/roles/${id}`,
  rolePermissions: (id: number) => `access/roles/${id}/permissions`,
  menus: 'access/menus',
  menu: (id: number) => `access/menus/${id}`,
  menuMove: (id: number) => `access/menus/${id}/move`,
} as const;

/**
 * Whose data a role's grants reach: `own` (the apps its user administers, with their servers,
 * profiles and devices) or `all` (every app). Role_id 1 is `all`; roles 2 and 5 and new roles `own`.
 */
export const ACCESS_SCOPES = ['own', 'all'] as const;
export type AccessScope = (typeof ACCESS_SCOPES)[number];
export const DEFAULT_ACCESS_SCOPE: AccessScope = 'own';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** One API operation as a grant names it (`GET` `apps/devices`, `DELETE` `apps/destroyDevice/{id}`). */
export type OperationRef = yup.InferType<typeof operationRefSchema>;

/** One entry of the operation catalogue: the route table's method, path, OpenAPI tag and summary. */
export type Operation = yup.InferType<typeof operationSchema>;

/** The key a set of grants is indexed by: `GET apps/devices`. */
export const operationKey = (op: OperationRef): string => `${op.method} ${op.route}`;

/** A role as role_id 1 reads it in GET access/roles and the role calls. */
export type RoleDetail = yup.InferType<typeof roleDetailSchema>;

/** GET access/roles/{id}: the role and what it is granted (the sidebar's menu items, API operations). */
export type RoleWithGrants = yup.InferType<typeof roleWithGrantsSchema>;

/** What a role is granted: menu items (the sidebar and the page guards) and API operations. */
export type RoleGrants = Pick<RoleWithGrants, 'menuIds' | 'operations' | 'scope'>;

/**
 * The signed-in user's grants, in users/current as `access` (role_id 1: every operation, scope all).
 * Optional there, so that a server without docs/product.md §6 still answers a valid CurrentUser: the
 * panel then treats every operation as granted (the fixed rules of docs/product.md §6 still apply).
 */
export type UserAccess = yup.InferType<typeof userAccessSchema>;

// grants and flattenMenu live in ./access-rules (no yup): the panel's entry chunk checks pages with
// them, and this module's schemas would bring yup into it (docs/architecture.md §8, the login route's size).
export { grants, flattenMenu } from './access-rules';

/** DELETE access/menus/{id}: how many items went, the item itself and all its descendants. */
export type MenuDeleteResult = yup.InferType<typeof menuDeleteResultSchema>;

/** Menu routes of the pages docs/product.md §6 adds; the server seeds them (role_id 1 holds them). */
export const ACCESS_MENU_ROUTES = {
  /** Child of /users: نقش‌ها / Roles. */
  roles: '/users/roles',
  /** Child of /users: منوها / Menus. */
  menus: '/users/menus',
  /** Child of /app: دستگاه‌ها / Devices (the page existed, it had no menu item to grant). */
  devices: '/app/devices',
} as const;

// ---- Request bodies ----

export const ROLE_NAME_MAX = 50;
export const ROLE_DESCRIPTION_MAX = TEXT_MAX.medium;
export const MENU_NAME_MAX = TEXT_MAX.short;
export const MENU_ROUTE_MAX = TEXT_MAX.medium;
/** The most operations a grant list may hold (well above the route table). */
export const OPERATIONS_MAX = 1000;
export const MENU_IDS_MAX = 1000;

/** A panel path: `/`, or `/` followed by segments of letters, digits, `-` and `_`. */
export const MENU_ROUTE_PATTERN = /^\/([A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*)?$/;

/**
 * POST access/roles, PUT access/roles/{id}: a Persian and an English name, as a menu item has,
 * and a description in each language. The English name is unique (it is the role's
 * key); the descriptions are optional.
 */
export const roleInputSchema = body({
  pName: persianText().required(V.required).max(ROLE_NAME_MAX, TOO_LONG),
  name: englishText().required(V.required).max(ROLE_NAME_MAX, TOO_LONG),
  pDescription: optionalText(ROLE_DESCRIPTION_MAX),
  description: optionalText(ROLE_DESCRIPTION_MAX),
});
export type RoleInput = yup.InferType<typeof roleInputSchema>;

const operationRefInputSchema = body({
  method: trimmedStr().required(V.required).oneOf(HTTP_METHODS, V.oneOf),
  route: nonBlank(TEXT_MAX.medium),
});

/** PUT access/roles/{id}/permissions: replaces every grant of the role. Empty lists are allowed. */
export const permissionsInputSchema = body({
  menuIds: yup
    .array()
    .typeError(V.checkInput)
    .of(positiveId())
    .required(V.required)
    .max(MENU_IDS_MAX, V.max)
    .test('unique', V.duplicate, (v) => !v || new Set(v).size === v.length),
  operations: yup
    .array()
    .typeError(V.checkInput)
    .of(operationRefInputSchema)
    .required(V.required)
    .max(OPERATIONS_MAX, V.max)
    .test('unique', V.duplicate, (v) => !v || new Set(v.map((op) => `${op.method} ${op.route}`)).size === v.length),
  scope: trimmedStr().required(V.required).oneOf(ACCESS_SCOPES, V.oneOf),
});
export type PermissionsInput = yup.InferType<typeof permissionsInputSchema>;

const menuFields = {
  pName: persianText().required(V.required).max(MENU_NAME_MAX, TOO_LONG),
  enName: englishText().required(V.required).max(MENU_NAME_MAX, TOO_LONG),
  route: trimmedStr()
    .required(V.required)
    .max(MENU_ROUTE_MAX, TOO_LONG)
    .test('route', V.checkInput, (v) => v == null || MENU_ROUTE_PATTERN.test(v)),
};

/** POST access/menus. `parentId` null or missing: a root item. */
export const menuInputSchema = body({
  ...menuFields,
  parentId: positiveId().nullable().default(null),
});
export type MenuInput = yup.InferType<typeof menuInputSchema>;

/** PUT access/menus/{id}: names and route (the parent stays). */
export const menuUpdateSchema = body(menuFields);
export type MenuUpdateInput = yup.InferType<typeof menuUpdateSchema>;

export const MENU_MOVE_DIRECTIONS = ['up', 'down'] as const;
export type MenuMoveDirection = (typeof MENU_MOVE_DIRECTIONS)[number];

/** PUT access/menus/{id}/move: one step among its siblings. */
export const menuMoveSchema = body({ direction: trimmedStr().required(V.required).oneOf(MENU_MOVE_DIRECTIONS, V.oneOf) });
export type MenuMoveInput = yup.InferType<typeof menuMoveSchema>;
