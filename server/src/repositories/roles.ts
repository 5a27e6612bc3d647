// Roles as options (docs/product.md §3 Role option): the list behind access/roles and the existence check
// that turns an unknown role_id into a 400 instead of a foreign-key failure.
import { asc, eq } from 'drizzle-orm';
import type { RoleRef } from '../../../src/contract';
import type { Db } from '../db/client';
import { roles } from '../db/schema';

export function rolesRepository(db: Db) {
  return {
    async options(): Promise<RoleRef[]> {
      return db.select({ id: roles.id, name: roles.name }).from(roles).orderBy(asc(roles.id));
    },

    async exists(id: number): Promise<boolean> {
      const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, id));
      return Boolean(row);
    },
  };
}
