// Endpoints of the applications area (docs/product.md §7 "Applications and settings"): the app records, their
// settings, ad settings and versions, plus the app-admin choices (the app list and countries are the shared reads of lib/api).
// Every mutation invalidates what it changed; deleting an app also drops the server and device
// lists, which showed its links, and the users list, which counts apps per admin.
import { baseApi, invalidatesItem, listTag, providesList, unlessRefused, unwrapData, type Tag } from '@/lib/api';
import type {
  AdSettingEntry,
  AdSettingsBody,
  AppAdminOption,
  AppBody,
  AppDto,
  AppSettingsBody,
  AppWithSettings,
  ClientConfigPreview,
  Locale,
  MutationResponse,
  Operator,
  RobotApiKey,
  SubscriptionCreateBody,
  SubscriptionCreatedDto,
  SubscriptionDto,
  VersionDto,
} from '@/contract';
import type { BundleKeyDto, BundleSettingsBody, BundleSettingsDto } from '@/contract/bundle';
import type { MirrorCreateBody, MirrorDto, MirrorTestResult, MirrorUpdateBody } from '@/contract/mirrors';
import type { AlertDeliveryDto } from '@/contract/notifications';

// The shared helper always sends a JSON content type, and the server refuses an EMPTY body under
// that type (400 "Body cannot be empty"), so calls without a payload send an empty object.
const NO_PAYLOAD = {};

/** The signed bundle's keys and API bases of one app (a tag of their own under AppSettings). */
const bundleTag = (appId: number): Tag => ({ type: 'AppSettings', id: `bundle-${appId}` });

/** The bundle mirrors of one app. */
const mirrorsTag = (appId: number): Tag => ({ type: 'AppSettings', id: `mirrors-${appId}` });

const appTags = (id: number): Tag[] => [...invalidatesItem('App', id), { type: 'AppSettings', id }];

export const appsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getApp: build.query<AppWithSettings, number>({
      query: (id) => `apps/getApp/${id}`,
      transformResponse: unwrapData<AppWithSettings>,
      providesTags: (_r, _e, id) => [
        { type: 'App', id },
        { type: 'AppSettings', id },
      ],
    }),
    /** The "what the app receives" tab: never cached across visits (the tab asks on mount). */
    getClientConfigPreview: build.query<ClientConfigPreview, { appId: number; operator?: Operator; lang: Locale }>({
      query: ({ appId, operator, lang }) => ({ url: `apps/clientConfigPreview/${appId}`, params: { operator, lang } }),
      transformResponse: unwrapData<ClientConfigPreview>,
      keepUnusedDataFor: 0,
    }),
    getAppAdminChoices: build.query<AppAdminOption[], void>({
      query: () => 'users/appAdmins',
      transformResponse: unwrapData<AppAdminOption[]>,
      providesTags: (r) => providesList(r, 'AppAdmin'),
    }),
    storeApp: build.mutation<MutationResponse<AppDto>, AppBody>({
      query: (body) => ({ url: 'apps/storeApp', method: 'POST', body }),
      invalidatesTags: unlessRefused([listTag('App'), listTag('User')]),
    }),
    updateApp: build.mutation<MutationResponse<AppDto>, { id: number; body: AppBody }>({
      query: ({ id, body }) => ({ url: `apps/updateApp/${id}`, method: 'PUT', body }),
      invalidatesTags: unlessRefused((_r, { id }) => [...appTags(id), listTag('User')]),
    }),
    changeAppStatus: build.mutation<MutationResponse, { id: number; active: boolean }>({
      query: ({ id, active }) => ({ url: `apps/changeStatus/${id}/${active}`, method: 'PUT', body: NO_PAYLOAD }),
      invalidatesTags: unlessRefused((_r, { id }) => invalidatesItem('App', id)),
    }),
    destroyApp: build.mutation<MutationResponse, number>({
      query: (id) => ({ url: `apps/destroy/${id}`, method: 'DELETE', body: NO_PAYLOAD }),
      invalidatesTags: unlessRefused((_r, id) => [
        ...appTags(id),
        { type: 'AdSettings', id },
        listTag('Version'),
        listTag('Server'),
        listTag('Device'),
        listTag('User'),
      ]),
    }),
    updateAppSettings: build.mutation<MutationResponse, { id: number; body: Partial<AppSettingsBody> }>({
      query: ({ id, body }) => ({ url: `apps/updateSettings/${id}`, method: 'POST', body }),
      // appVersion records a version; googlePlayLink and repoName show in the app lists.
      invalidatesTags: unlessRefused((_r, { id }) => [...appTags(id), listTag('Version')]),
    }),
    generateRobotApiKey: build.mutation<string, number>({
      query: (id) => ({ url: `apps/robotApiKey/${id}`, method: 'POST' }),
      transformResponse: (r: MutationResponse<RobotApiKey>) => r.data!.robotApiKey,
      invalidatesTags: unlessRefused((_r, id) => invalidatesItem('App', id)),
    }),
    getAdSettings: build.query<AdSettingEntry[], number>({
      query: (id) => `apps/adsSettings/${id}`,
      transformResponse: unwrapData<AdSettingEntry[]>,
      providesTags: (_r, _e, id) => [{ type: 'AdSettings', id }],
    }),
    setAdsMaster: build.mutation<MutationResponse, { id: number; state: boolean }>({
      query: ({ id, state }) => ({ url: `apps/showAds/${id}`, method: 'POST', body: { key: 'adMob', state } }),
      invalidatesTags: unlessRefused((_r, { id }) => [{ type: 'AdSettings', id }]),
    }),
    updateAdSettings: build.mutation<MutationResponse, { id: number; body: Partial<AdSettingsBody> }>({
      query: ({ id, body }) => ({ url: `apps/updateSettingsAdmob/${id}`, method: 'POST', body }),
      invalidatesTags: unlessRefused((_r, { id }) => [{ type: 'AdSettings', id }]),
    }),
    getVersions: build.query<VersionDto[], number>({
      query: (appId) => `apps/versionBlock/${appId}`,
      transformResponse: unwrapData<VersionDto[]>,
      providesTags: (r) => providesList(r, 'Version'),
    }),
    blockVersion: build.mutation<MutationResponse, { appId: number; appVersion: number }>({
      query: (body) => ({ url: 'apps/versionBlock', method: 'POST', body }),
      invalidatesTags: unlessRefused([listTag('Version')]),
    }),
    deleteVersion: build.mutation<MutationResponse, { id: number; blocked: boolean }>({
      query: ({ id, blocked }) => ({ url: `apps/${blocked ? 'versionBlock' : 'version'}/${id}`, method: 'DELETE', body: NO_PAYLOAD }),
      invalidatesTags: unlessRefused((_r, { id }) => invalidatesItem('Version', id)),
    }),
    getBundleKeys: build.query<BundleKeyDto[], number>({
      query: (appId) => `apps/bundleKeys/${appId}`,
      transformResponse: unwrapData<BundleKeyDto[]>,
      providesTags: (_r, _e, appId) => [bundleTag(appId)],
    }),
    rotateBundleKey: build.mutation<MutationResponse<BundleKeyDto[]>, number>({
      query: (appId) => ({ url: `apps/bundleKeys/${appId}/rotate`, method: 'POST', body: NO_PAYLOAD }),
      invalidatesTags: unlessRefused((_r, appId) => [bundleTag(appId)]),
    }),
    getBundleSettings: build.query<BundleSettingsDto, number>({
      query: (appId) => `apps/bundleSettings/${appId}`,
      transformResponse: unwrapData<BundleSettingsDto>,
      providesTags: (_r, _e, appId) => [bundleTag(appId)],
    }),
    saveBundleSettings: build.mutation<MutationResponse<BundleSettingsDto>, { appId: number; body: BundleSettingsBody }>({
      query: ({ appId, body }) => ({ url: `apps/bundleSettings/${appId}`, method: 'POST', body }),
      invalidatesTags: unlessRefused((_r, { appId }) => [bundleTag(appId)]),
    }),
    getAlertDeliveries: build.query<AlertDeliveryDto[], number>({
      query: (appId) => `apps/alertDeliveries/${appId}`,
      transformResponse: unwrapData<AlertDeliveryDto[]>,
    }),
    getMirrors: build.query<MirrorDto[], number>({
      query: (appId) => `apps/mirrors/${appId}`,
      transformResponse: unwrapData<MirrorDto[]>,
      providesTags: (_r, _e, appId) => [mirrorsTag(appId)],
    }),
    saveMirror: build.mutation<MutationResponse<MirrorDto>, { appId: number; id?: number; body: MirrorCreateBody | MirrorUpdateBody }>({
      query: ({ appId, id, body }) =>
        id ? { url: `apps/mirrors/${appId}/${id}`, method: 'PUT', body } : { url: `apps/mirrors/${appId}`, method: 'POST', body },
      invalidatesTags: unlessRefused((_r, { appId }) => [mirrorsTag(appId)]),
    }),
    deleteMirror: build.mutation<MutationResponse, { appId: number; id: number }>({
      query: ({ appId, id }) => ({ url: `apps/mirrors/${appId}/${id}`, method: 'DELETE', body: NO_PAYLOAD }),
      invalidatesTags: unlessRefused((_r, { appId }) => [mirrorsTag(appId)]),
    }),
    publishMirror: build.mutation<MutationResponse<MirrorDto>, { appId: number; id: number }>({
      query: ({ appId, id }) => ({ url: `apps/mirrors/${appId}/${id}/publish`, method: 'POST', body: NO_PAYLOAD }),
      invalidatesTags: unlessRefused((_r, { appId }) => [mirrorsTag(appId)]),
    }),
    testMirror: build.mutation<MutationResponse<MirrorTestResult>, { appId: number; id: number }>({
      query: ({ appId, id }) => ({ url: `apps/mirrors/${appId}/${id}/test`, method: 'POST', body: NO_PAYLOAD }),
    }),
    /** One app's subscription links (role_id 1): every profile of its servers; never their tokens. */
    getAppSubscriptions: build.query<SubscriptionDto[], number>({
      query: (appId) => ({ url: 'apps/subscriptions', params: { appId } }),
      transformResponse: unwrapData<SubscriptionDto[]>,
      providesTags: (r) => providesList(r, 'Subscription'),
    }),
    createAppSubscription: build.mutation<MutationResponse<SubscriptionCreatedDto>, SubscriptionCreateBody>({
      query: (body) => ({ url: 'apps/subscriptions', method: 'POST', body }),
      invalidatesTags: unlessRefused(() => [listTag('Subscription')]),
    }),
    revokeAppSubscription: build.mutation<MutationResponse, number>({
      query: (id) => ({ url: `apps/subscriptions/${id}`, method: 'DELETE' }),
      invalidatesTags: unlessRefused((_r, id) => invalidatesItem('Subscription', id)),
    }),
  }),
});

export const {
  useGetAppQuery,
  useGetClientConfigPreviewQuery,
  useGetAppAdminChoicesQuery,
  useStoreAppMutation,
  useUpdateAppMutation,
  useChangeAppStatusMutation,
  useDestroyAppMutation,
  useUpdateAppSettingsMutation,
  useGenerateRobotApiKeyMutation,
  useGetAdSettingsQuery,
  useSetAdsMasterMutation,
  useUpdateAdSettingsMutation,
  useGetVersionsQuery,
  useBlockVersionMutation,
  useDeleteVersionMutation,
  useGetBundleKeysQuery,
  useRotateBundleKeyMutation,
  useGetBundleSettingsQuery,
  useSaveBundleSettingsMutation,
  useGetMirrorsQuery,
  useGetAlertDeliveriesQuery,
  useSaveMirrorMutation,
  useDeleteMirrorMutation,
  usePublishMirrorMutation,
  useTestMirrorMutation,
  useGetAppSubscriptionsQuery,
  useCreateAppSubscriptionMutation,
  useRevokeAppSubscriptionMutation,
} = appsApi;
