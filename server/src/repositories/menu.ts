// The permission/menu tree a role sees (docs/product.md §3 Permission): the rows granted to the role,
// nested under their parents in sort order, in the `MenuItem` shape of the contract.
import { asc, eq } from 'drizzle-orm';
import type { MenuItem } from '../../../src/contract';
import type { Db } from '../db/client';
import { permissions, rolePermissions } from '../db/schema';

export function menuRepository(db: Db) {
  return {
    async treeForRole(roleId: number): Promise<MenuItem[]> {
      const rows = await db
        .select({ id: permissions.id, route: permissions.route, pName: permissions.pName, enName: permissions.enName, parentId: permissions.parentId })
        .from(permissions)
        .innerJoin(rolePermissions, eq(rolePermissions.permissionId, permissions.id))
        .where(eq(rolePermissions.roleId, roleId))
        .orderBy(asc(permissions.sortOrder), asc(permissions.id));
      return buildTree(rows);
    },
  };
}

type Row = Omit<MenuItem, 'children'> & { parentId: number | null };

/** Nests rows under their parents; a child whose parent is not granted is shown at the top level. */
export function buildTree(rows: Row[]): MenuItem[] {
  const items = new Map(rows.map((r) => [r.id, { id: r.id, route: r.route, pName: r.pName, enName: r.enName, children: [] as MenuItem[] }]));
  const roots: MenuItem[] = [];
  for (const r of rows) {
    const parent = r.parentId === null ? undefined : items.get(r.parentId);
    (parent ? parent.children : roots).push(items.get(r.id)!);
  }
  return roots;
}
