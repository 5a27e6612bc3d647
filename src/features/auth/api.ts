// Session endpoints of docs/product.md §7: sign in (→ token, or a TOTP challenge) and sign out (the server
// revokes the session). The TOTP step's endpoint lives with its lazily loaded form (totp-step.tsx).
import { baseApi } from '../../lib/api';
import type { MutationResponse, SignInBody, SignInResponse } from '../../contract';

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    signIn: build.mutation<SignInResponse, SignInBody>({
      query: (body) => ({ url: 'users/signin', method: 'POST', body }),
    }),
    logout: build.mutation<MutationResponse, void>({
      query: () => ({ url: 'users/logout', method: 'GET' }),
    }),
  }),
});

export const { useSignInMutation, useLogoutMutation } = authApi;
