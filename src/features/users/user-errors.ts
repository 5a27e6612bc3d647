// Which toast a failed user call shows: the server's guard codes (last top admin, user still
// administering apps, email or username taken) get their own texts; anything else the action's
// own error (user create/edit/delete, status toggle, role change).
import { ERROR_CODES } from '@/contract';
import { isApiError } from '@/lib/api';

export function userErrorId(fallbackId: string) {
  return (error: unknown): string => {
    if (!isApiError(error)) return fallbackId;
    if (error.code === ERROR_CODES.lastTopAdmin) return 'users.error.lastTopAdmin';
    if (error.code === ERROR_CODES.userHasApps) return 'users.error.hasApps';
    if (error.status === 409 && error.errors && Object.values(error.errors).length) return 'users.error.taken';
    if (error.status === 400 && error.errors?.role_id) return 'users.error.unknownRole';
    return fallbackId;
  };
}
