// The panel's one createApi. Features add endpoints with baseApi.injectEndpoints in their own
// api.ts; nothing else creates an API slice. Session rules sit here, around the base query:
// - a 401 on users/current ends the session (token and the whole RTK Query cache cleared);
// - a 401 elsewhere, or a 403 PASSWORD_CHANGE_REQUIRED, re-asks users/current, whose answer then
//   drives the route guards (to /login, or to /account/change-password).
import type { Dispatch } from '@reduxjs/toolkit';
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { ERROR_CODES, type DataResponse } from '@/contract';
import { signedOut } from '../state/auth-slice';
import { panelBaseQuery, type ApiError, type RequestArgs } from './base-query';
import { TAG_TYPES } from './tags';

export const CURRENT_USER_ENDPOINT = 'getCurrentUser';

const tokenOf = (state: unknown) => (state as { auth?: { token: string | null } }).auth?.token ?? null;

const sessionAwareBaseQuery: BaseQueryFn<string | RequestArgs, unknown, ApiError> = async (args, api, extra) => {
  const token = tokenOf(api.getState());
  const result = await panelBaseQuery(args, api, extra);
  // Only react when the failing call was made with the token that is still current.
  if (!result.error || !token || tokenOf(api.getState()) !== token) return result;
  const { status, code } = result.error;
  if (status === 401 && api.endpoint === CURRENT_USER_ENDPOINT) {
    api.dispatch(endSession());
  } else if (status === 401 || (status === 403 && code === ERROR_CODES.passwordChangeRequired)) {
    api.dispatch(baseApi.util.invalidateTags(['CurrentUser']));
  }
  return result;
};

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: sessionAwareBaseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});

/** Signed out: forget the token and every cached response. */
export const endSession = () => (dispatch: Dispatch) => {
  dispatch(signedOut());
  dispatch(baseApi.util.resetApiState());
};

/** transformResponse for the `{data}` envelope of reads (docs/architecture.md §5). */
export const unwrapData = <T>(response: DataResponse<T>): T => response.data;
