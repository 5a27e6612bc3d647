// Which toast a failed access/* call shows (docs/product.md §6): the server's guard codes (role in use, protected
// role, name taken) get their own texts; anything else the action's own error.
import { ERROR_CODES } from '@/contract';
import { isApiError } from '@/lib/api';

export function accessErrorId(fallbackId: string) {
  return (error: unknown): string => {
    if (!isApiError(error)) return fallbackId;
    if (error.code === ERROR_CODES.roleInUse) return 'users.access.error.roleInUse';
    if (error.code === ERROR_CODES.roleProtected) return 'users.access.error.roleProtected';
    if (error.status === 409 && error.errors?.name) return 'users.access.error.nameTaken';
    return fallbackId;
  };
}
