// The privacy policy (docs/product.md §7 apps/setPrivacy; GET apps/privacy is our addition for loading it).
// Saving invalidates Privacy, so the stored (server-sanitised) HTML is read again.
import { baseApi, unlessRefused, unwrapData } from '@/lib/api';
import type { DataResponse, MutationResponse, PrivacyBody, PrivacyDto } from '@/contract';

export type PrivacyPolicy = PrivacyDto;

export const privacyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPrivacy: build.query<PrivacyPolicy, void>({
      query: () => 'apps/privacy',
      transformResponse: (response: DataResponse<PrivacyPolicy>) => unwrapData(response),
      providesTags: ['Privacy'],
    }),
    setPrivacy: build.mutation<MutationResponse<PrivacyPolicy>, PrivacyBody>({
      query: (body) => ({ url: 'apps/setPrivacy', method: 'POST', body }),
      invalidatesTags: unlessRefused(['Privacy']),
    }),
  }),
});

export const { useGetPrivacyQuery, useSetPrivacyMutation } = privacyApi;
