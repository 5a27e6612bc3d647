// Staff user records: look-ups for sign-in and sessions, the writes of the account calls, the
// CurrentUser DTO (docs/product.md §3 User) the panel reads from users/current, and the user management of
// docs/product.md §7 "Users" (list with app counts, app-admin options, uniqueness, the last-top-admin lock).
import { and, asc, count, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { APP_ADMIN_ROLE_IDS, ROLE_IDS, type AppAdminOption, type CurrentUser, type StaffUser, type UsersListResponse } from '../../../src/contract';
import type { Db } from '../db/client';
import { toCount } from '../db/helpers';
import { apps, roles, users } from '../db/schema';
import { avatarUrl } from './files';
import { menuRepository } from './menu';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
/** The profile fields user management may change (not the password, role, status or avatar). */
export type UserProfileChanges = Partial<
  Pick<NewUser, 'name' | 'family' | 'eName' | 'eFamily' | 'username' | 'email' | 'mobile' | 'address' | 'website' | 'about' | 'sex' | 'birthdate'>
>;

export interface UserListFilter {
  /** Part of the name, family, English name or family, full name, username or email (any case). */
  search?: string | null;
  roleId?: number;
  active?: boolean;
}

/** The fields that must be unique among users (case-insensitively, like the unique indexes). */
export type UniqueUserField = 'email' | 'username';

const userWithRole = { user: users, role: { id: roles.id, name: roles.name, pName: roles.pName, requireTotp: roles.requireTotp } };

function toStaffUser(u: UserRow, role: { id: number; name: string; pName: string | null; requireTotp: boolean }): StaffUser {
  return {
    id: u.id,
    name: u.name,
    family: u.family,
    eName: u.eName,
    eFamily: u.eFamily,
    username: u.username,
    email: u.email,
    mobile: u.mobile,
    address: u.address,
    website: u.website,
    about: u.about,
    sex: u.sex === 0 ? 0 : 1,
    birthdate: u.birthdate,
    active: u.active,
    role_id: u.roleId,
    role: { id: role.id, name: role.name, pName: role.pName },
    avatar: u.avatarFileId ? avatarUrl(u.avatarFileId) : null,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
    needToChangePass: u.needToChangePass,
    totpEnabled: u.totpSecretEnc !== null,
    totpEnrollmentRequired: role.requireTotp && u.totpSecretEnc === null,
  };
}

const UNIQUE_INDEX_FIELDS: Record<string, UniqueUserField> = { users_email_lower_idx: 'email', users_username_lower_idx: 'username' };

/** The field a unique-index violation on users is about (both drivers name the index), or undefined. */
export function uniqueUserFieldOf(err: unknown): UniqueUserField | undefined {
  for (let e = err as { constraint?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.constraint === 'string' && Object.hasOwn(UNIQUE_INDEX_FIELDS, e.constraint)) return UNIQUE_INDEX_FIELDS[e.constraint];
  }
  return undefined;
}

/** `%text%` for ILIKE, with the pattern characters of the text matched literally. */
const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function usersRepository(db: Db) {
  const menu = menuRepository(db);
  return {
    /** By email or username, case-insensitively (docs/product.md §7: the sign-in `email` field takes either). */
    async findByLogin(login: string): Promise<UserRow | undefined> {
      const value = login.trim().toLowerCase();
      const [row] = await db
        .select()
        .from(users)
        .where(or(eq(sql`lower(${users.username})`, value), eq(sql`lower(${users.email})`, value)))
        .limit(1);
      return row;
    },

    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    async insert(values: NewUser): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning();
      return row;
    },

    async setPassword(id: number, passwordHash: string, needToChangePass: boolean): Promise<void> {
      await db.update(users).set({ passwordHash, needToChangePass }).where(eq(users.id, id));
    },

    async setActive(id: number, active: boolean): Promise<void> {
      await db.update(users).set({ active }).where(eq(users.id, id));
    },

    /** Points the user at a new avatar file and answers the previous one, for the caller to remove. */
    async setAvatar(id: number, fileId: string): Promise<string | null> {
      const [before] = await db.select({ avatarFileId: users.avatarFileId }).from(users).where(eq(users.id, id));
      await db.update(users).set({ avatarFileId: fileId }).where(eq(users.id, id));
      return before?.avatarFileId ?? null;
    },

    async currentUser(id: number): Promise<CurrentUser | undefined> {
      const [row] = await db.select(userWithRole).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(eq(users.id, id));
      if (!row) return undefined;
      return { ...toStaffUser(row.user, row.role), permissions: await menu.treeForRole(row.user.roleId) };
    },

    // --- User management (docs/product.md §7 "Users") ---

    /** One row of GET users, or undefined. */
    async staffUser(id: number): Promise<StaffUser | undefined> {
      const [row] = await db.select(userWithRole).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(eq(users.id, id));
      return row && toStaffUser(row.user, row.role);
    },

    async list(filter: UserListFilter = {}): Promise<StaffUser[]> {
      const conditions: (SQL | undefined)[] = [];
      if (filter.search) {
        const pattern = containsPattern(filter.search);
        conditions.push(
          or(
            ilike(users.username, pattern),
            ilike(users.email, pattern),
            ilike(sql`concat_ws(' ', ${users.name}, ${users.family})`, pattern),
            ilike(sql`concat_ws(' ', ${users.eName}, ${users.eFamily})`, pattern),
          ),
        );
      }
      if (filter.roleId !== undefined) conditions.push(eq(users.roleId, filter.roleId));
      if (filter.active !== undefined) conditions.push(eq(users.active, filter.active));
      const rows = await db
        .select(userWithRole)
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(and(...conditions))
        .orderBy(asc(users.id));
      return rows.map((r) => toStaffUser(r.user, r.role));
    },

    /** How many apps each user administers; users with none are left out. */
    async appCounts(): Promise<UsersListResponse['app']> {
      const rows = await db.select({ adminId: apps.adminId, count: count() }).from(apps).groupBy(apps.adminId).orderBy(asc(apps.adminId));
      return rows.map((r) => ({ adminId: r.adminId, count: toCount(r.count) }));
    },

    async countAppsAdministered(id: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(apps).where(eq(apps.adminId, id));
      return toCount(row?.n);
    },

    /** The app-admin choices: active users of the roles that may administer an app (APP_ADMIN_ROLE_IDS). */
    async appAdminOptions(): Promise<AppAdminOption[]> {
      return db
        .select({ id: users.id, name: users.name, family: users.family, active: users.active })
        .from(users)
        .where(and(inArray(users.roleId, [...APP_ADMIN_ROLE_IDS]), eq(users.active, true)))
        .orderBy(asc(users.id));
    },

    /** Which of `values` already belong to another user (case-insensitively). */
    async takenFields(values: Partial<Record<UniqueUserField, string | undefined>>, exceptId?: number): Promise<UniqueUserField[]> {
      const email = values.email?.toLowerCase();
      const username = values.username?.toLowerCase();
      const matches = [
        email !== undefined ? eq(sql`lower(${users.email})`, email) : undefined,
        username !== undefined ? eq(sql`lower(${users.username})`, username) : undefined,
      ].filter(Boolean);
      if (!matches.length) return [];
      const rows = await db
        .select({ email: users.email, username: users.username })
        .from(users)
        .where(and(or(...matches), exceptId !== undefined ? ne(users.id, exceptId) : undefined));
      const taken: UniqueUserField[] = [];
      if (email !== undefined && rows.some((r) => r.email.toLowerCase() === email)) taken.push('email');
      if (username !== undefined && rows.some((r) => r.username.toLowerCase() === username)) taken.push('username');
      return taken;
    },

    /** Updates the profile fields that are present; answers false when there is no such user. */
    async updateProfile(id: number, changes: UserProfileChanges): Promise<boolean> {
      // updatedAt moves even when nothing else is sent, so the row still reads as saved.
      const rows = await db
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    async setRole(id: number, roleId: number): Promise<void> {
      await db.update(users).set({ roleId }).where(eq(users.id, id));
    },

    /** Deletes the user (their sessions go with them) and answers their avatar file id, for the caller to remove. */
    async remove(id: number): Promise<{ avatarFileId: string | null } | undefined> {
      const [row] = await db.delete(users).where(eq(users.id, id)).returning({ avatarFileId: users.avatarFileId });
      return row;
    },

    /**
     * Ids of the active top admins (role_id 1), locked until the transaction ends. Two admins
     * demoting or deactivating each other at once then run one after the other, and the second
     * sees the first one's change, so the last active top admin can never be removed by a race.
     */
    async lockActiveTopAdmins(): Promise<number[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.roleId, ROLE_IDS.topAdmin), eq(users.active, true)))
        .orderBy(asc(users.id))
        .for('update');
      return rows.map((r) => r.id);
    },
  };
}
