// The editable copy of a role's grants on /users/roles/{id} (docs/product.md §6): menu ids, operation keys and the
// scope, with how many changes differ from what the server holds. Checking a menu item checks its
// ancestors (a child is only reachable through its parent); unchecking one unchecks its descendants.
import { useCallback, useMemo, useState } from 'react';
import { flattenMenu, operationKey, type AccessScope, type MenuItem, type OperationRef, type PermissionsInput, type RoleGrants } from '@/contract';

export interface GrantDraft {
  menuIds: ReadonlySet<number>;
  operations: ReadonlySet<string>;
  scope: AccessScope;
}

const fromGrants = (grants: RoleGrants): GrantDraft => ({
  menuIds: new Set(grants.menuIds),
  operations: new Set(grants.operations.map(operationKey)),
  scope: grants.scope,
});

const differences = <T>(a: ReadonlySet<T>, b: ReadonlySet<T>) => [...a].filter((x) => !b.has(x)).length + [...b].filter((x) => !a.has(x)).length;

/** Parent ids by child id, and descendant ids by id, of a menu tree. */
function menuRelations(tree: readonly MenuItem[]) {
  const parent = new Map<number, number>();
  const walk = (items: readonly MenuItem[], parentId?: number) =>
    items.forEach((item) => {
      if (parentId !== undefined) parent.set(item.id, parentId);
      walk(item.children ?? [], item.id);
    });
  walk(tree);
  const descendants = (item: MenuItem) => flattenMenu(item.children ?? []).map((child) => child.id);
  return { parent, descendants };
}

export function useGrantDraft(saved: RoleGrants, menus: readonly MenuItem[], catalogue: readonly OperationRef[]) {
  const base = useMemo(() => fromGrants(saved), [saved]);
  const [draft, setDraft] = useState<GrantDraft>(base);
  const relations = useMemo(() => menuRelations(menus), [menus]);

  const toggleMenu = useCallback(
    (item: MenuItem, checked: boolean) =>
      setDraft((d) => {
        const next = new Set(d.menuIds);
        if (checked) {
          for (let id: number | undefined = item.id; id !== undefined; id = relations.parent.get(id)) next.add(id);
        } else {
          [item.id, ...relations.descendants(item)].forEach((id) => next.delete(id));
        }
        return { ...d, menuIds: next };
      }),
    [relations],
  );

  const setOperations = useCallback(
    (ops: readonly OperationRef[], checked: boolean) =>
      setDraft((d) => {
        const next = new Set(d.operations);
        ops.forEach((op) => (checked ? next.add(operationKey(op)) : next.delete(operationKey(op))));
        return { ...d, operations: next };
      }),
    [],
  );

  const setScope = useCallback((scope: AccessScope) => setDraft((d) => ({ ...d, scope })), []);
  const reset = useCallback(() => setDraft(base), [base]);

  const changes = differences(draft.menuIds, base.menuIds) + differences(draft.operations, base.operations) + (draft.scope === base.scope ? 0 : 1);

  /** The body of PUT access/roles/{id}/permissions, in catalogue and menu order. */
  const body = (): PermissionsInput => ({
    menuIds: flattenMenu(menus)
      .map((m) => m.id)
      .filter((id) => draft.menuIds.has(id)),
    operations: catalogue.filter((op) => draft.operations.has(operationKey(op))).map(({ method, route }) => ({ method, route })),
    scope: draft.scope,
  });

  return { draft, changes, toggleMenu, setOperations, setScope, reset, body };
}
