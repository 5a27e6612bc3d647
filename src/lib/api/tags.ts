// The cache tags of every docs/product.md §3 entity, and the helpers that keep the tag rule uniform:
// a list provides {type, id:'LIST'} plus one tag per item; a mutation invalidates what it changed.
export const TAG_TYPES = [
  'CurrentUser',
  'User',
  'Role',
  'Permission',
  'Menu',
  'AppAdmin',
  'Server',
  'Country',
  'App',
  'AppSettings',
  'AdSettings',
  'Version',
  'Device',
  'Profile',
  'OperatorSettings',
  'Privacy',
  'Subscription',
  'Health',
] as const;
export type TagType = (typeof TAG_TYPES)[number];
export type TagId = string | number;
export interface Tag {
  type: TagType;
  id: TagId;
}

export const listTag = (type: TagType): Tag => ({ type, id: 'LIST' });

/** Tags for a list result: the LIST tag plus one per item (by `id`). */
export function providesList<T extends { id: TagId }>(items: readonly T[] | undefined, type: TagType): Tag[] {
  return [listTag(type), ...(items ?? []).map((item) => ({ type, id: item.id }))];
}

/** Tags a mutation of one item invalidates: that item and the lists holding it. */
export const invalidatesItem = (type: TagType, id: TagId): Tag[] => [{ type, id }, listTag(type)];

/** Tags a mutation of several items invalidates. */
export const invalidatesItems = (type: TagType, ids: readonly TagId[]): Tag[] => [...ids.map((id) => ({ type, id })), listTag(type)];

/**
 * The server refused the call as it was sent (invalid, not allowed, too large, too many): it changed
 * nothing, and what the panel shows is still what the server has. A 404 or a 409 is not counted:
 * the record is gone or changed under us, so the panel's view is the stale part.
 */
const REFUSED = new Set([400, 401, 403, 413, 422, 429]);
function isRefused(error: unknown): boolean {
  const status = (error as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' && REFUSED.has(status);
}

/**
 * A mutation's invalidation, skipped when the server refused the call: nothing changed, so there
 * is nothing to refetch, and a form keyed on the refetched data would be rebuilt, losing what the
 * user typed and the field errors just put on it. A 404 or 409, a network error or a 5xx still
 * refetches: the record may be gone or changed, or the change may have happened.
 */
export function unlessRefused<R, A>(tags: readonly (Tag | TagType)[] | ((result: R | undefined, arg: A) => readonly (Tag | TagType)[])) {
  return (result: R | undefined, error: unknown, arg: A): (Tag | TagType)[] => {
    if (isRefused(error)) return [];
    return [...(typeof tags === 'function' ? tags(result, arg) : tags)];
  };
}
