// The access checks the panel runs on every page (lib/authorization.ts), apart from the access
// schemas in ./access: importing those would put yup into the entry chunk of every route, the
// sign-in page included (docs/architecture.md §8). Re-exported by ./access, where the types live.
import type { MenuItem } from './dto';
import type { HttpMethod, UserAccess } from './access';

/** Whether `access` grants the operation (no access info at all: granted, see UserAccess). */
export function grants(access: UserAccess | undefined, method: HttpMethod, route: string): boolean {
  return access === undefined || access.operations.some((op) => op.method === method && op.route === route);
}

/** Every item of a menu tree with its descendants, depth first in menu order. */
export function flattenMenu(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((item) => [item, ...flattenMenu(item.children ?? [])]);
}
