// Domain-encryption endpoints (docs/product.md §7 apps/wordEncryption, apps/decryptDomain, and
// apps/updateSettings/{id} with repoName alone). Both tabs choose from the shared GET apps of lib/api.
// Setting the repo changes the app's five encrypted source-host fields: it invalidates that App.
import { baseApi, invalidatesItem, unlessRefused, unwrapData, type AppListItem } from '@/lib/api';
import type { DataResponse, MutationResponse, SourceHost, WordEncryptionBody } from '@/contract';

/** A row of GET apps (the shared read in lib/api); the five hosts come only for role_id 1. */
export type EncryptionApp = AppListItem;

export type DecryptedDomains = Record<SourceHost, string | null>;

export const encryptionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    encryptWord: build.mutation<string, WordEncryptionBody>({
      query: (body) => ({ url: 'apps/wordEncryption', method: 'POST', body }),
      transformResponse: (response: MutationResponse<string>) => response.data as string,
    }),
    setRepo: build.mutation<MutationResponse, { id: number; repoName: string }>({
      query: ({ id, repoName }) => ({ url: `apps/updateSettings/${id}`, method: 'POST', body: { repoName } }),
      invalidatesTags: unlessRefused((_r, { id }) => [...invalidatesItem('App', id), { type: 'AppSettings', id }]),
    }),
    // A POST that only reads: cached per app and dropped when that app changes (set repo).
    decryptDomain: build.query<DecryptedDomains, number>({
      query: (appId) => ({ url: `apps/decryptDomain/${appId}`, method: 'POST' }),
      transformResponse: (response: DataResponse<DecryptedDomains>) => unwrapData(response),
      providesTags: (_r, _e, appId) => [{ type: 'App', id: appId }],
    }),
  }),
});

export const { useEncryptWordMutation, useSetRepoMutation, useDecryptDomainQuery } = encryptionApi;
