// Staff access: users, roles, the permission/menu tree, role grants, sessions and the per-account
// sign-in failure counter (docs/product.md §3 User, Permission, Role; docs/architecture.md §6).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { files } from './files';

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    /** The English name, unique: the seeded roles' are the keys the fixed rules name (admin, appAdmin, restricted). */
    name: text('name').notNull().unique(),
    /** The Persian name; null for a role made before it existed (the panel shows `name`). */
    pName: text('p_name'),
    /** The English description. */
    description: text('description'),
    /** The Persian description. */
    pDescription: text('p_description'),
    /** docs/product.md §3 "client modules" of a role; its shape is not shown, so it is kept as JSON. */
    clientModules: jsonb('client_modules').$type<unknown[]>().notNull().default([]),
    /** Staff of this role must sign in with a TOTP code; those not enrolled are held to enrolment. */
    requireTotp: boolean('require_totp').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Whose data the role's grants reach: `own` (the apps its user administers) or `all` (every app). */
    scope: text('scope').$type<'own' | 'all'>().notNull().default('own'),
  },
  (t) => [check('roles_scope_check', sql`${t.scope} in ('own', 'all')`)],
);

/**
 * An API operation a role may call (docs/product.md §6 as managed from the panel): the method and the
 * route pattern relative to /api/v1, as the operation catalogue names it (`apps/destroyDevice/{id}`).
 * role_id 1 needs no rows: it holds every operation.
 */
export const roleOperations = pgTable(
  'role_operations',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    route: text('route').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.method, t.route] })],
);

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
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
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
    /** docs/product.md §9: 0 female, 1 male; male is the default of the new-user form. */
    sex: smallint('sex').notNull().default(1),
    birthdate: date('birthdate', { mode: 'string' }),
    active: boolean('active').notNull().default(true),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
    avatarFileId: uuid('avatar_file_id').references(() => files.id, { onDelete: 'set null' }),
    passwordHash: text('password_hash').notNull(),
    needToChangePass: boolean('need_to_change_pass').notNull().default(false),
    /** The confirmed TOTP secret, sealed (context 'user.totp'); null when TOTP is off. */
    totpSecretEnc: text('totp_secret_enc'),
    /** A secret offered by users/totp/setup and not yet confirmed by a code, sealed likewise. */
    totpPendingEnc: text('totp_pending_enc'),
    /** The last accepted 30-second step, so one code signs in once. */
    totpLastStep: integer('totp_last_step'),
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

/** One row per sign-in. The JWT carries the id; every request checks the row (docs/architecture.md §6). */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Failed sign-ins, one row per counter (docs/architecture.md §6, README "Sign-in limits"). `key` is the
 * SHA-256 of the scope and subject (`pair:<account>|<address>`, `account:<account>`,
 * `address:<address>`), so the row neither stores what was typed nor grows with it. In the database
 * so the limits hold across instances. `strikes` counts locks in a row; each doubles the next.
 */
export const signInFailures = pgTable('sign_in_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  strikes: integer('strikes').notNull().default(0),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

/**
 * The (account, address) pairs that completed a sign-in, with the last time (README "Sign-in
 * limits"): `key` is the pair's key in sign_in_failures. The account-wide ceiling never refuses an
 * address that signed its account in within the last 30 days; older rows are purged.
 */
export const signInSuccesses = pgTable('sign_in_successes', {
  key: text('key').primaryKey(),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }).notNull(),
});

/** Single-use recovery codes for TOTP, stored as SHA-256 (they are random, 50+ bits each). */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('totp_recovery_codes_user_idx').on(t.userId)],
);

/**
 * The second step of a sign-in with TOTP: the password was right, a code is still due. `id` is the
 * SHA-256 of the challenge handed to the client; it dies after 5 minutes or 5 wrong codes.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    failures: integer('failures').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_challenges_user_idx').on(t.userId)],
);
