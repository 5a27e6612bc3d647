// Staff access: users, roles, the permission/menu tree, role grants, sessions and the per-account
// sign-in failure counter (SPEC §3 User, Permission, Role; ARCHITECTURE §6).
import { sql } from 'drizzle-orm';
import {
  boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { files } from './files';

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description'),
  /** SPEC §3 "client modules" of a role; its shape is not shown, so it is kept as JSON. */
  clientModules: jsonb('client_modules').$type<unknown[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A menu item is a permission: granting it to a role shows it in that role's sidebar. */
export const permissions = pgTable(
  'permissions',
  {
    id: serial('id').primaryKey(),
    route: text('route').notNull(),
    pName: text('p_name').notNull(),
    enName: text('en_name').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => permissions.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('permissions_parent_idx').on(t.parentId, t.sortOrder)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id').notNull().references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    family: text('family').notNull(),
    eName: text('e_name'),
    eFamily: text('e_family'),
    username: text('username').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile'),
    address: text('address'),
    website: text('website'),
    about: text('about'),
    /** SPEC §9: 0 female, 1 male; male is the default of the new-user form. */
    sex: smallint('sex').notNull().default(1),
    birthdate: date('birthdate', { mode: 'string' }),
    active: boolean('active').notNull().default(true),
    roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'restrict' }),
    avatarFileId: uuid('avatar_file_id').references(() => files.id, { onDelete: 'set null' }),
    passwordHash: text('password_hash').notNull(),
    needToChangePass: boolean('need_to_change_pass').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    // Sign-in accepts either name in any case, so uniqueness is case-insensitive too.
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.roleId),
    index('users_active_idx').on(t.active),
  ],
);

/** One row per sign-in. The JWT carries the id; every request checks the row (ARCHITECTURE §6). */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Failed sign-ins per account name (lower-cased, whether or not such a user exists, so the limit
 * reveals nothing). In the database rather than memory so the limit holds across instances.
 */
export const signInFailures = pgTable('sign_in_failures', {
  account: text('account').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});
