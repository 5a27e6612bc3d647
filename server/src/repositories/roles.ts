// Roles (docs/product.md §3 Role, §6; docs/product.md §6): the option list behind access/roles, the existence
// check that turns an unknown role_id into a 400, and the role records with their grants as the top
// admin manages them (menu items in role_permissions, API operations in role_operations).
import { asc, count, eq, sql } from 'drizzle-orm';
import type { AccessScope, OperationRef, RoleDetail, RoleGrants, RoleNames } from '../../../src/contract';
import type { Db } from '../db/client';
import { toCount } from '../db/helpers';
import { roleOperations, rolePermissions, roles, users } from '../db/schema';

const detailColumns = {
  id: roles.id,
  name: roles.name,
  pName: roles.pName,
  description: roles.description,
  pDescription: roles.pDescription,
  requireTotp: roles.requireTotp,
  createdAt: roles.createdAt,
  scope: roles.scope,
  // Spelled out: drizzle leaves the columns of a one-table select unqualified, and an unqualified
  // "id" inside the subquery would be the user's id.
  usersCount: sql<number>`(SELECT count(*) FROM "users" WHERE "users"."role_id" = "roles"."id")`,
};

/** A role's names and descriptions, English and Persian, as the role calls write them. */
export interface RoleTexts {
  name: string;
  pName: string;
  description: string | null;
  pDescription: string | null;
}

type DetailRow = Omit<RoleDetail, 'createdAt' | 'usersCount'> & { createdAt: Date; usersCount: unknown };

const toDetail = ({ createdAt, usersCount, ...r }: DetailRow): RoleDetail => ({ ...r, createdAt: createdAt.toISOString(), usersCount: toCount(usersCount) });

export function rolesRepository(db: Db) {
  return {
    /** Every role's id and names (English and Persian). */
    async options(): Promise<RoleNames[]> {
      return db.select({ id: roles.id, name: roles.name, pName: roles.pName }).from(roles).orderBy(asc(roles.id));
    },

    async exists(id: number): Promise<boolean> {
      const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, id));
      return Boolean(row);
    },

    /** Every role with its description, created date, scope and how many users hold it. */
    async details(): Promise<RoleDetail[]> {
      const rows = await db.select(detailColumns).from(roles).orderBy(asc(roles.id));
      return rows.map(toDetail);
    },

    async detail(id: number): Promise<RoleDetail | undefined> {
      const [row] = await db.select(detailColumns).from(roles).where(eq(roles.id, id));
      return row && toDetail(row);
    },

    /** Inserts a role (scope `own`, no grants). A taken name throws the unique violation. */
    async create(values: RoleTexts): Promise<number> {
      const [row] = await db.insert(roles).values(values).returning({ id: roles.id });
      return row.id;
    },

    /** False when the role does not exist. A taken name throws the unique violation. */
    async update(id: number, values: RoleTexts): Promise<boolean> {
      const rows = await db.update(roles).set(values).where(eq(roles.id, id)).returning({ id: roles.id });
      return rows.length > 0;
    },

    async usersCount(id: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(users).where(eq(users.roleId, id));
      return toCount(row?.n);
    },

    /** Deletes the role and its grants (cascade). Users still holding it make it throw (FK restrict). */
    async remove(id: number): Promise<boolean> {
      const rows = await db.delete(roles).where(eq(roles.id, id)).returning({ id: roles.id });
      return rows.length > 0;
    },

    /** The role's stored grants (role_id 1 holds everything without rows; the caller says so). */
    async grants(id: number): Promise<Omit<RoleGrants, 'scope'>> {
      const menus = await db
        .select({ id: rolePermissions.permissionId })
        .from(rolePermissions)
        .where(eq(rolePermissions.roleId, id))
        .orderBy(asc(rolePermissions.permissionId));
      const operations = await db
        .select({ method: roleOperations.method, route: roleOperations.route })
        .from(roleOperations)
        .where(eq(roleOperations.roleId, id))
        .orderBy(asc(roleOperations.route), asc(roleOperations.method));
      return { menuIds: menus.map((m) => m.id), operations: operations as OperationRef[] };
    },

    /** Replaces every grant and the scope of a role; run it in a transaction. */
    async replaceGrants(id: number, grants: { menuIds: number[]; operations: OperationRef[]; scope: AccessScope }): Promise<void> {
      await db.update(roles).set({ scope: grants.scope }).where(eq(roles.id, id));
      await db.delete(rolePermissions).where(eq(rolePermissions.roleId, id));
      await db.delete(roleOperations).where(eq(roleOperations.roleId, id));
      if (grants.menuIds.length) await db.insert(rolePermissions).values(grants.menuIds.map((permissionId) => ({ roleId: id, permissionId })));
      if (grants.operations.length) {
        await db.insert(roleOperations).values(grants.operations.map((op) => ({ roleId: id, method: op.method, route: op.route })));
      }
    },
  };
}
