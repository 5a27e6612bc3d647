// users/current: who is signed in, their role, menu permissions and the must-change-password flag.
// It lives in lib because the guards, the shell and several features all read it, and features
// may not import one another.
import { useAppSelector } from '../state/hooks';
import { selectToken } from '../state/auth-slice';
import type { CurrentUser } from '@/contract';
import { baseApi, unwrapData, CURRENT_USER_ENDPOINT } from './base-api';

export const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    [CURRENT_USER_ENDPOINT]: build.query<CurrentUser, void>({
      query: () => 'users/current',
      transformResponse: unwrapData<CurrentUser>,
      providesTags: ['CurrentUser'],
    }),
  }),
});

export const { useGetCurrentUserQuery } = sessionApi;

/** The signed-in user, or undefined (no token, still loading, or the call failed). */
export function useCurrentUser() {
  const token = useAppSelector(selectToken);
  const query = useGetCurrentUserQuery(undefined, { skip: !token });
  return { ...query, token, user: token ? query.data : undefined };
}
