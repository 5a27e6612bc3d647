// Session endpoints of SPEC §7: sign in (→ token) and sign out (the server revokes the session).
import { baseApi } from '../../lib/api';
import type { MutationResponse, SignInBody, SignInResult } from '../../contract';

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    signIn: build.mutation<SignInResult, SignInBody>({
      query: (body) => ({ url: 'users/signin', method: 'POST', body }),
    }),
    logout: build.mutation<MutationResponse, void>({
      query: () => ({ url: 'users/logout', method: 'GET' }),
    }),
  }),
});

export const { useSignInMutation, useLogoutMutation } = authApi;
