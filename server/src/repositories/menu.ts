// The permission/menu tree (docs/product.md §3 Permission): what a role sees (the rows granted to it,
// nested under their parents in sort order, in the `MenuItem` shape of the contract), and the whole
// tree as the top admin edits it (docs/product.md §6: add, edit, delete with descendants, move among siblings).
import { asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ROLE_IDS, type MenuItem } from '../../../src/contract';
import type { Db } from '../db/client';
import { toCount } from '../db/helpers';
import { permissions, rolePermissions } from '../db/schema';

const columns = { id: permissions.id, route: permissions.route, pName: permissions.pName, enName: permissions.enName, parentId: permissions.parentId };
const order = [asc(permissions.sortOrder), asc(permissions.id)];
const siblingsOf = (parentId: number | null) => (parentId === null ? isNull(permissions.parentId) : eq(permissions.parentId, parentId));

export function menuRepository(db: Db) {
  return {
    /** The items granted to the role, nested, in menu order; role_id 1 holds every item. */
    async treeForRole(roleId: number): Promise<MenuItem[]> {
      const rows =
        roleId === ROLE_IDS.topAdmin
          ? await db
              .select(columns)
              .from(permissions)
              .orderBy(...order)
          : await db
              .select(columns)
              .from(permissions)
              .innerJoin(rolePermissions, eq(rolePermissions.permissionId, permissions.id))
              .where(eq(rolePermissions.roleId, roleId))
              .orderBy(...order);
      return buildTree(rows);
    },

    /** The whole tree, in menu order. */
    async tree(): Promise<MenuItem[]> {
      return this.treeForRole(ROLE_IDS.topAdmin);
    },

    async find(id: number): Promise<(Omit<MenuItem, 'children'> & { parentId: number | null }) | undefined> {
      const [row] = await db.select(columns).from(permissions).where(eq(permissions.id, id));
      return row;
    },

    async allIds(): Promise<number[]> {
      return (await db.select({ id: permissions.id }).from(permissions).orderBy(asc(permissions.id))).map((r) => r.id);
    },

    /** Which of `ids` are not menu items. */
    async missing(ids: number[]): Promise<number[]> {
      if (!ids.length) return [];
      const found = new Set((await db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.id, ids))).map((r) => r.id));
      return ids.filter((id) => !found.has(id));
    },

    /** Appends an item as the last child of `parentId` (a root item when null). */
    async create(values: { route: string; pName: string; enName: string; parentId: number | null }): Promise<number> {
      const [{ next }] = await db
        .select({ next: sql<number>`coalesce(max(${permissions.sortOrder}) + 1, 0)` })
        .from(permissions)
        .where(siblingsOf(values.parentId));
      const [row] = await db
        .insert(permissions)
        .values({ ...values, sortOrder: toCount(next) })
        .returning({ id: permissions.id });
      return row.id;
    },

    async update(id: number, values: { route: string; pName: string; enName: string }): Promise<boolean> {
      return (await db.update(permissions).set(values).where(eq(permissions.id, id)).returning({ id: permissions.id })).length > 0;
    },

    /** Deletes the item with its descendants (cascade); answers how many went, 0 when it did not exist. */
    async remove(id: number): Promise<number> {
      const result = await db.execute(sql`
        WITH RECURSIVE sub(id) AS (
          SELECT ${permissions.id} FROM ${permissions} WHERE ${permissions.id} = ${id}
          UNION ALL SELECT p.id FROM ${permissions} p JOIN sub ON p.parent_id = sub.id
        )
        SELECT count(*) AS n FROM sub`);
      const removed = toCount((result as unknown as { rows: { n: unknown }[] }).rows[0]?.n);
      await db.delete(permissions).where(eq(permissions.id, id));
      return removed;
    },

    /** Swaps the item with its previous or next sibling (no-op at the edge); siblings are renumbered 0..n-1. */
    async move(item: { id: number; parentId: number | null }, direction: 'up' | 'down'): Promise<void> {
      const siblings = await db
        .select({ id: permissions.id })
        .from(permissions)
        .where(siblingsOf(item.parentId))
        .orderBy(...order);
      const ids = siblings.map((s) => s.id);
      const at = ids.indexOf(item.id);
      const to = direction === 'up' ? at - 1 : at + 1;
      if (at < 0 || to < 0 || to >= ids.length) return;
      [ids[at], ids[to]] = [ids[to], ids[at]];
      for (const [sortOrder, id] of ids.entries()) await db.update(permissions).set({ sortOrder }).where(eq(permissions.id, id));
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
