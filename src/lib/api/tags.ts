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
