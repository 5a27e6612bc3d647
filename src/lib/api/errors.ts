// Turns an ApiError into the message id a toast shows: a few codes have their own texts,
// a sign-in lock says how many minutes it has left (a message ref with its values);
// everything else falls back to the caller's id (e.g. 'account.avatar.uploadError') or to the
// generic communication error of docs/product.md §8.
import { ERROR_CODES, messageRef } from '@/contract';
import type { ApiError } from './base-query';

export function isApiError(value: unknown): value is ApiError {
  return !!value && typeof value === 'object' && typeof (value as ApiError).status === 'number' && 'message' in value;
}

export function errorMessageId(error: unknown, fallbackId = 'common.error.communication'): string {
  if (!isApiError(error)) return fallbackId;
  if (error.status === 0) return 'common.error.network';
  if (error.status === 429 || error.code === ERROR_CODES.rateLimited) {
    return error.retryAfterMinutes ? messageRef('common.error.lockedFor', { minutes: error.retryAfterMinutes }) : 'common.error.rateLimited';
  }
  if (error.code === ERROR_CODES.passwordChangeRequired) return 'common.error.passwordChangeRequired';
  if (error.status === 403) return 'common.error.forbidden';
  if (error.status === 413) return 'common.error.tooLarge';
  return fallbackId;
}

/** Server field errors (`errors: {field: messageId}`) of a 400, if any. */
export function fieldErrorsOf(error: unknown): Record<string, string> | undefined {
  return isApiError(error) && error.errors && Object.keys(error.errors).length ? error.errors : undefined;
}
