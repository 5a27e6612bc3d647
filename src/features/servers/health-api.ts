// Field health reads and the one write (docs/architecture.md "Field health"): GET apps/health (the
// servers × operators matrix, failing first), GET apps/profileHealth/{serverId} (a server's profiles
// per operator, with the last 24 hours) and POST apps/profileHealth/show (put a hidden profile back).
import { baseApi, listTag, unlessRefused, unwrapData } from '@/lib/api';
import type { HealthCellDto, HealthMatrixQuery, HealthShowBody, MutationResponse, ProfileHealthDto } from '@/contract';

export const healthApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getHealthMatrix: build.query<HealthCellDto[], HealthMatrixQuery>({
      query: (params) => ({ url: 'apps/health', params: Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) }),
      transformResponse: unwrapData<HealthCellDto[]>,
      providesTags: [listTag('Health')],
    }),
    getProfileHealth: build.query<ProfileHealthDto, number>({
      query: (serverId) => `apps/profileHealth/${serverId}`,
      transformResponse: unwrapData<ProfileHealthDto>,
      providesTags: (_r, _e, serverId) => [listTag('Health'), { type: 'Health', id: serverId }],
    }),
    showProfileHealth: build.mutation<MutationResponse<{ shown: boolean }>, HealthShowBody>({
      query: (body) => ({ url: 'apps/profileHealth/show', method: 'POST', body }),
      invalidatesTags: unlessRefused(() => [listTag('Health')]),
    }),
  }),
});

export const { useGetHealthMatrixQuery, useGetProfileHealthQuery, useShowProfileHealthMutation } = healthApi;
