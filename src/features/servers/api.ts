// Endpoints of servers, countries, profiles and operator names (SPEC §7 "Servers", "Profiles").
// Tags: Server, Profile, OperatorSettings, Country (and App for the application choices). Profile
// writes also invalidate their server, whose row carries the profile count. A failed write changed
// nothing (the server is all-or-nothing), so it invalidates nothing.
import { baseApi, invalidatesItem, invalidatesItems, listTag, providesList, unwrapData } from '../../lib/api';
import type {
  DataResponse,
  MutationResponse,
  OperatorSettingsBody,
  ProfileCreateBody,
  ProfileUpdateBody,
  ServerBody,
} from '../../contract';
import type { AppRef, Country, OperatorSettings, Profile, RevealedProfile, Server } from './types';

/** Which servers: every one in the caller's scope, or the caller's own (app admin view). */
export type ServersScope = 'all' | 'mine';

export interface ImportProfilesArgs {
  serverId: number;
  operator: string;
  file: File;
}

export const serversApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getServers: build.query<Server[], ServersScope>({
      query: (scope) => ({ url: 'apps/servers', params: scope === 'mine' ? { state: 'appAdmin' } : { appId: 'null' } }),
      transformResponse: unwrapData<Server[]>,
      providesTags: (r) => providesList(r, 'Server'),
    }),
    getServerApps: build.query<AppRef[], ServersScope>({
      query: (scope) => ({ url: 'apps', params: scope === 'mine' ? { state: 'appAdmin' } : {} }),
      transformResponse: (r: DataResponse<AppRef[]>) => r.data.map(({ id, name }) => ({ id, name })),
      providesTags: (r) => providesList(r, 'App'),
    }),
    getCountries: build.query<Country[], void>({
      query: () => 'apps/countries',
      transformResponse: unwrapData<Country[]>,
      providesTags: [listTag('Country')],
    }),
    addServer: build.mutation<MutationResponse<Server>, ServerBody>({
      query: (body) => ({ url: 'apps/addServer', method: 'POST', body }),
      invalidatesTags: (_r, e) => (e ? [] : [listTag('Server')]),
    }),
    updateServer: build.mutation<MutationResponse<Server>, { id: number; body: ServerBody }>({
      query: ({ id, body }) => ({ url: `apps/updateServer/${id}`, method: 'PUT', body }),
      invalidatesTags: (_r, e, { id }) => (e ? [] : invalidatesItem('Server', id)),
    }),
    destroyServer: build.mutation<MutationResponse, number>({
      query: (id) => ({ url: `apps/destroyServer/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, e, id) => (e ? [] : [...invalidatesItem('Server', id), listTag('Profile')]),
    }),
    destroyServers: build.mutation<MutationResponse<{ deleted: number }>, number[]>({
      query: (ids) => ({ url: 'apps/destroyMultipleServers', method: 'POST', body: { ids } }),
      invalidatesTags: (_r, e, ids) => (e ? [] : [...invalidatesItems('Server', ids), listTag('Profile')]),
    }),

    getProfiles: build.query<Profile[], number>({
      query: (serverId) => `apps/profiles/${serverId}`,
      transformResponse: unwrapData<Profile[]>,
      providesTags: (r) => providesList(r, 'Profile'),
    }),
    addProfile: build.mutation<MutationResponse<Profile>, ProfileCreateBody | Omit<ProfileCreateBody, 'type'>>({
      query: (body) => ({ url: 'apps/addProfile', method: 'POST', body }),
      invalidatesTags: (_r, e, body) => (e ? [] : [listTag('Profile'), { type: 'Server', id: body.serverId }]),
    }),
    updateProfile: build.mutation<MutationResponse<Profile>, { id: number; body: ProfileUpdateBody }>({
      query: ({ id, body }) => ({ url: `apps/updateProfile/${id}`, method: 'PUT', body }),
      invalidatesTags: (_r, e, { id }) => (e ? [] : invalidatesItem('Profile', id)),
    }),
    destroyProfile: build.mutation<MutationResponse, { id: number; serverId: number }>({
      query: ({ id }) => ({ url: `apps/destroyProfile/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, e, { id, serverId }) => (e ? [] : [...invalidatesItem('Profile', id), { type: 'Server', id: serverId }]),
    }),
    destroyProfiles: build.mutation<MutationResponse<{ deleted: number }>, { ids: number[]; serverId: number }>({
      query: ({ ids }) => ({ url: 'apps/destroyMultipleProfiles', method: 'POST', body: { ids } }),
      invalidatesTags: (_r, e, { ids, serverId }) => (e ? [] : [...invalidatesItems('Profile', ids), { type: 'Server', id: serverId }]),
    }),
    /** Reveals a sealed address (role_id 1); a read, but POST and never cached. */
    convertProfile: build.mutation<RevealedProfile, string>({
      query: (config) => ({ url: 'apps/convertProfile', method: 'POST', body: { config } }),
      transformResponse: unwrapData<RevealedProfile>,
    }),
    importProfiles: build.mutation<MutationResponse<{ inserted: number }>, ImportProfilesArgs>({
      query: ({ serverId, operator, file }) => {
        const body = new FormData();
        body.append('serverId', String(serverId));
        body.append('operator', operator);
        body.append('csvFile', file);
        return { url: 'apps/group/addProfiles', method: 'POST', body };
      },
      invalidatesTags: (_r, e, { serverId }) => (e ? [] : [listTag('Profile'), { type: 'Server', id: serverId }]),
    }),

    getOperatorSettings: build.query<OperatorSettings, void>({
      query: () => 'apps/settings/operators',
      transformResponse: unwrapData<OperatorSettings>,
      providesTags: [listTag('OperatorSettings')],
    }),
    saveOperatorSettings: build.mutation<MutationResponse<OperatorSettings>, OperatorSettingsBody>({
      query: (body) => ({ url: 'apps/settings/operators', method: 'POST', body }),
      invalidatesTags: (_r, e) => (e ? [] : [listTag('OperatorSettings')]),
    }),
  }),
});

export const {
  useGetServersQuery,
  useGetServerAppsQuery,
  useGetCountriesQuery,
  useAddServerMutation,
  useUpdateServerMutation,
  useDestroyServerMutation,
  useDestroyServersMutation,
  useGetProfilesQuery,
  useAddProfileMutation,
  useUpdateProfileMutation,
  useDestroyProfileMutation,
  useDestroyProfilesMutation,
  useConvertProfileMutation,
  useImportProfilesMutation,
  useGetOperatorSettingsQuery,
  useSaveOperatorSettingsMutation,
} = serversApi;
