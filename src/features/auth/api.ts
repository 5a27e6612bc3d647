// Session endpoints of docs/product.md §7: sign-out (the server revokes the session). Signing in goes
// through plain fetch (components/sign-in-panel.tsx): the sign-in page loads before RTK Query does.
import { baseApi } from '@/lib/api';
import type { MutationResponse } from '@/contract';

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    logout: build.mutation<MutationResponse, void>({
      query: () => ({ url: 'users/logout', method: 'GET' }),
    }),
  }),
});

export const { useLogoutMutation } = authApi;
