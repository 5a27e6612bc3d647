// The cache tags of every SPEC §3 entity, and the helpers that keep the tag rule uniform:
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
export const invalidatesItems = (type: TagType, ids: readonly TagId[]): Tag[] => [
  ...ids.map((id) => ({ type, id })),
  listTag(type),
];

/** A mutation the server refused (a 4xx): it changed nothing. */
function isRefused(error: unknown): boolean {
  const status = (error as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * A mutation's invalidation, skipped when the server refused the call: nothing changed, so there
 * is nothing to refetch, and a form keyed on the refetched data would be rebuilt, losing what the
 * user typed and the field errors just put on it. A network error or a 5xx still refetches: the
 * change may or may not have happened.
 */
export function unlessRefused<R, A>(tags: readonly (Tag | TagType)[] | ((result: R | undefined, arg: A) => readonly (Tag | TagType)[])) {
  return (result: R | undefined, error: unknown, arg: A): (Tag | TagType)[] => {
    if (isRefused(error)) return [];
    return [...(typeof tags === 'function' ? tags(result, arg) : tags)];
  };
}
