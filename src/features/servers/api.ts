// Endpoints of servers, countries, profiles and operator names (docs/product.md §7 "Servers", "Profiles").
// Tags: Server, Profile, OperatorSettings, Country (the application and country choices are the shared reads of lib/api). Profile
// writes also invalidate their server, whose row carries the profile count. A refused write changed
// nothing (the server is all-or-nothing), so it invalidates nothing (unlessRefused).
import { baseApi, invalidatesItem, invalidatesItems, listTag, providesList, unlessRefused, unwrapData } from '@/lib/api';
import type {
  DeletedCount,
  ProfileImportDuplicates,
  ProfileImportResult,
  MutationResponse,
  OperatorSettingsBody,
  ProfileCreateBody,
  ProfileUpdateBody,
  ServerBody,
  ProfileAddressDto,
  ProfileExportFormatsDto,
  ConfigCore,
  LinkWarningId,
  SubscriptionCreateBody,
  SubscriptionCreatedDto,
  SubscriptionDto,
} from '@/contract';
import type { OperatorSettings, Profile, RevealedProfile, Server } from './types';

/** Which servers: every one in the caller's scope, or the caller's own (app admin view). */
export type ServersScope = 'all' | 'mine';

export interface ImportProfilesArgs {
  serverId: number;
  operator: string;
  file: File;
  /** What to do with rows whose address the server already has; unset, such rows refuse the file (409) with their count. */
  duplicates?: ProfileImportDuplicates;
}

/** A profile save's answer: the profile, and the link's warnings (stored, but popular clients refuse or misread it). */
export type SavedProfile = MutationResponse<Profile> & { warnings?: LinkWarningId[] };

export const serversApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getServers: build.query<Server[], ServersScope>({
      query: (scope) => ({ url: 'apps/servers', params: scope === 'mine' ? { state: 'appAdmin' } : { appId: 'null' } }),
      transformResponse: unwrapData<Server[]>,
      providesTags: (r) => providesList(r, 'Server'),
    }),
    addServer: build.mutation<MutationResponse<Server>, ServerBody>({
      query: (body) => ({ url: 'apps/addServer', method: 'POST', body }),
      invalidatesTags: unlessRefused(() => [listTag('Server')]),
    }),
    updateServer: build.mutation<MutationResponse<Server>, { id: number; body: ServerBody }>({
      query: ({ id, body }) => ({ url: `apps/updateServer/${id}`, method: 'PUT', body }),
      invalidatesTags: unlessRefused((_r, { id }) => invalidatesItem('Server', id)),
    }),
    destroyServer: build.mutation<MutationResponse, number>({
      query: (id) => ({ url: `apps/destroyServer/${id}`, method: 'DELETE' }),
      invalidatesTags: unlessRefused((_r, id) => [...invalidatesItem('Server', id), listTag('Profile')]),
    }),
    destroyServers: build.mutation<MutationResponse<DeletedCount>, number[]>({
      query: (ids) => ({ url: 'apps/destroyMultipleServers', method: 'POST', body: { ids } }),
      invalidatesTags: unlessRefused((_r, ids) => [...invalidatesItems('Server', ids), listTag('Profile')]),
    }),

    getProfiles: build.query<Profile[], number>({
      query: (serverId) => `apps/profiles/${serverId}`,
      transformResponse: unwrapData<Profile[]>,
      providesTags: (r) => providesList(r, 'Profile'),
    }),
    addProfile: build.mutation<SavedProfile, ProfileCreateBody | Omit<ProfileCreateBody, 'type'>>({
      query: (body) => ({ url: 'apps/addProfile', method: 'POST', body }),
      invalidatesTags: unlessRefused((_r, body) => [listTag('Profile'), { type: 'Server', id: body.serverId }]),
    }),
    updateProfile: build.mutation<SavedProfile, { id: number; body: ProfileUpdateBody }>({
      query: ({ id, body }) => ({ url: `apps/updateProfile/${id}`, method: 'PUT', body }),
      invalidatesTags: unlessRefused((_r, { id }) => invalidatesItem('Profile', id)),
    }),
    destroyProfile: build.mutation<MutationResponse, { id: number; serverId: number }>({
      query: ({ id }) => ({ url: `apps/destroyProfile/${id}`, method: 'DELETE' }),
      invalidatesTags: unlessRefused((_r, { id, serverId }) => [...invalidatesItem('Profile', id), { type: 'Server', id: serverId }]),
    }),
    destroyProfiles: build.mutation<MutationResponse<DeletedCount>, { ids: number[]; serverId: number }>({
      query: ({ ids }) => ({ url: 'apps/destroyMultipleProfiles', method: 'POST', body: { ids } }),
      invalidatesTags: unlessRefused((_r, { ids, serverId }) => [...invalidatesItems('Profile', ids), { type: 'Server', id: serverId }]),
    }),
    /** One profile's sealed address token (role_id 1), fetched only for the reveal: the list has none. */
    getProfileAddress: build.query<string, number>({
      query: (id) => `apps/profileAddress/${id}`,
      transformResponse: (r: { data: ProfileAddressDto }) => r.data.address,
      keepUnusedDataFor: 0,
    }),
    /** Reveals a sealed address (role_id 1); a read, but POST and never cached. */
    convertProfile: build.mutation<RevealedProfile, string>({
      query: (config) => ({ url: 'apps/convertProfile', method: 'POST', body: { config } }),
      transformResponse: unwrapData<RevealedProfile>,
    }),
    /**
     * A profile exported for a standard client (role_id 1, audited on the server): `qr` an SVG of
     * its link, `xray` or `v2ray` a client config for current Xray-core or v2ray 4; the text as
     * sent. A mutation: every export is an audited act, never served from cache.
     */
    exportProfile: build.mutation<string, { id: number; format: 'qr' | ConfigCore }>({
      query: ({ id, format }) => ({ url: `apps/exportProfile/${id}`, params: { format }, responseType: 'text' }),
    }),
    /** Which export formats a profile has, and why it lacks the others (role_id 1; not audited: it reveals nothing). */
    getExportFormats: build.query<ProfileExportFormatsDto['formats'], number>({
      query: (id) => `apps/exportFormats/${id}`,
      transformResponse: (r: { data: ProfileExportFormatsDto }) => r.data.formats,
      providesTags: (_r, _e, id) => [{ type: 'Profile', id }],
    }),
    importProfiles: build.mutation<MutationResponse<ProfileImportResult>, ImportProfilesArgs>({
      query: ({ serverId, operator, file, duplicates }) => {
        const body = new FormData();
        body.append('serverId', String(serverId));
        body.append('operator', operator);
        if (duplicates) body.append('duplicates', duplicates);
        body.append('csvFile', file);
        return { url: 'apps/group/addProfiles', method: 'POST', body };
      },
      invalidatesTags: unlessRefused((_r, { serverId }) => [listTag('Profile'), { type: 'Server', id: serverId }]),
    }),

    /** Subscription links of one server or one app (role_id 1); never their tokens. */
    getSubscriptions: build.query<SubscriptionDto[], { serverId: number } | { appId: number }>({
      query: (scope) => ({ url: 'apps/subscriptions', params: scope }),
      transformResponse: unwrapData<SubscriptionDto[]>,
      providesTags: (r) => providesList(r, 'Subscription'),
    }),
    /** Makes one; the answer carries the token, shown this once. */
    createSubscription: build.mutation<MutationResponse<SubscriptionCreatedDto>, SubscriptionCreateBody>({
      query: (body) => ({ url: 'apps/subscriptions', method: 'POST', body }),
      invalidatesTags: unlessRefused(() => [listTag('Subscription')]),
    }),
    revokeSubscription: build.mutation<MutationResponse, number>({
      query: (id) => ({ url: `apps/subscriptions/${id}`, method: 'DELETE' }),
      invalidatesTags: unlessRefused((_r, id) => invalidatesItem('Subscription', id)),
    }),

    getOperatorSettings: build.query<OperatorSettings, void>({
      query: () => 'apps/settings/operators',
      transformResponse: unwrapData<OperatorSettings>,
      providesTags: [listTag('OperatorSettings')],
    }),
    saveOperatorSettings: build.mutation<MutationResponse<OperatorSettings>, OperatorSettingsBody>({
      query: (body) => ({ url: 'apps/settings/operators', method: 'POST', body }),
      invalidatesTags: unlessRefused(() => [listTag('OperatorSettings')]),
    }),
  }),
});

export const {
  useGetServersQuery,
  useAddServerMutation,
  useUpdateServerMutation,
  useDestroyServerMutation,
  useDestroyServersMutation,
  useGetProfilesQuery,
  useAddProfileMutation,
  useUpdateProfileMutation,
  useDestroyProfileMutation,
  useDestroyProfilesMutation,
  useExportProfileMutation,
  useGetExportFormatsQuery,
  useLazyGetProfileAddressQuery,
  useConvertProfileMutation,
  useImportProfilesMutation,
  useGetOperatorSettingsQuery,
  useSaveOperatorSettingsMutation,
  useGetSubscriptionsQuery,
  useCreateSubscriptionMutation,
  useRevokeSubscriptionMutation,
} = serversApi;
