// What the avatar upload accepts before anything is sent (the server checks the content again).
import { AVATAR_MAX_BYTES } from '@/contract';

export const AVATAR_TYPES = ['image/jpeg', 'image/png'] as const;

/** A message id when the file is refused, else undefined. */
export function avatarProblem(file: File): string | undefined {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'account.avatar.wrongType';
  if (file.size > AVATAR_MAX_BYTES) return 'account.avatar.tooLarge';
  return undefined;
}
