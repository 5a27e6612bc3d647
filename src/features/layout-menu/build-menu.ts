// The sidebar menu from the user's permission tree (docs/product.md §2 "Layout shell", §6), as pure data:
// - below the top level, routes containing 'my-' are hidden from the admin role, and routes
//   containing 'manage' are shown only to the admin role (policy menu:adminEntries);
// - a parent whose children were all hidden is hidden too;
// - a menu route '/' means the dashboard.
import { allowed, type Locale, type MenuItem, type RoleRef } from '@/contract';
import { menuPath } from '@/lib/routing';

export interface MenuNode {
  id: number;
  /** Where the entry leads; parents keep their own route (used for icons and active state). */
  path: string;
  label: Record<Locale, string>;
  children: MenuNode[];
}

export function childVisible(route: string, admin: boolean): boolean {
  if (admin && route.includes('my-')) return false;
  if (!admin && route.includes('manage')) return false;
  return true;
}

function toNode(item: MenuItem, admin: boolean, depth: number): MenuNode | null {
  if (depth > 0 && !childVisible(item.route, admin)) return null;
  const children = (item.children ?? []).map((child) => toNode(child, admin, depth + 1)).filter((node): node is MenuNode => node !== null);
  if ((item.children?.length ?? 0) > 0 && children.length === 0) return null;
  return { id: item.id, path: menuPath(item.route), label: { fa: item.pName, en: item.enName }, children };
}

export function buildMenu(permissions: readonly MenuItem[] | undefined, role: RoleRef | undefined): MenuNode[] {
  const admin = allowed(role, 'menu:adminEntries');
  return (permissions ?? []).map((item) => toNode(item, admin, 0)).filter((node): node is MenuNode => node !== null);
}

/** Every leaf path of a tree, in order (for tests and active-state lookups). */
export function leafPaths(nodes: readonly MenuNode[]): string[] {
  return nodes.flatMap((node) => (node.children.length ? leafPaths(node.children) : [node.path]));
}

/** Whether `pathname` is this entry's page or one below it. */
export function isActivePath(path: string, pathname: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}
