// An application chosen by id that the caller's app list does not hold (a deep link such as
// /app/devices?appId=2, or a remembered filter): a select must still name it, never show a bare
// `#2`. Its name comes from GET apps/getApp/{id}; an app the caller cannot see (404, 403) or that
// no longer exists is "unknown app" in the UI language.
import { useMemo } from 'react';
import { baseApi } from './base-api';

export const appNameApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAppName: build.query<string, number>({
      query: (id) => `apps/getApp/${id}`,
      transformResponse: (response: { data: { name: string } }) => response.data.name,
      providesTags: (_name, _error, id) => [{ type: 'App', id }],
    }),
  }),
});

/** One choice of a select: a name as it is, or a message id. */
export interface AppOption {
  value: string;
  label?: string;
  labelId?: string;
}

export const UNKNOWN_APP_MESSAGE = 'common.app.unknown';

/**
 * The option for `appId` when `listed` says the caller's app list lacks it, else undefined.
 * While that list is still loading (`listPending`) nothing is asked and the option reads
 * "loading"; after it, the app's own record is fetched once.
 */
export function useMissingAppOption(appId: number | undefined, { listed, listPending }: { listed: boolean; listPending: boolean }): AppOption | undefined {
  const wanted = appId !== undefined && !listed;
  const query = appNameApi.useGetAppNameQuery(appId ?? 0, { skip: !wanted || listPending });
  const { currentData: name, isError } = query;
  return useMemo(() => {
    if (!wanted) return undefined;
    const value = String(appId);
    if (name !== undefined) return { value, label: name };
    if (isError) return { value, labelId: UNKNOWN_APP_MESSAGE };
    return { value, labelId: 'common.loading' };
  }, [wanted, appId, name, isError]);
}
