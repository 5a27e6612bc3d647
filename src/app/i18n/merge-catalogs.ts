// Merges the shell's catalogue with the features'. Ids are unique across files (a test enforces
// it); should two files still share an id, the first one wins.
import type { Messages } from '@/lib/i18n';

export function mergeCatalogs(shell: Messages, features: readonly Messages[]): Messages {
  const merged: Messages = { ...shell };
  for (const catalog of features) {
    for (const [id, message] of Object.entries(catalog)) merged[id] ??= message;
  }
  return merged;
}
