// Own-account endpoints of docs/product.md §7: change password, upload the avatar, and set up or turn off
// TOTP. Each changes what users/current returns, so each invalidates CurrentUser. Turning TOTP on
// also ends the account's other sessions (server side; this one stays).
import { baseApi, sessionApi, unlessRefused } from '@/lib/api';
import type {
  AvatarUrl,
  ChangePasswordBody,
  CurrentUser,
  MutationResponse,
  TotpDisableBody,
  TotpEnableBody,
  TotpEnableResult,
  TotpSetupBody,
  TotpSetupResult,
} from '@/contract';

/**
 * Once the call succeeds, writes `patch` into the cached users/current at once, so the guards act on
 * it before the refetch lands; a failed call changes nothing (its form reports the failure). The
 * dispatch is typed by what it is handed here (RTK Query's own lifecycle type says `any`).
 */
function patchCurrentUserOnSuccess(patch: Partial<CurrentUser>) {
  return async (
    _arg: unknown,
    { dispatch, queryFulfilled }: { dispatch: (patchAction: ReturnType<typeof sessionApi.util.updateQueryData>) => unknown; queryFulfilled: Promise<unknown> },
  ) => {
    try {
      await queryFulfilled;
      dispatch(sessionApi.util.updateQueryData('getCurrentUser', undefined, (user) => Object.assign(user, patch)));
    } catch {
      // the form reports the failure
    }
  };
}

export const accountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    changePassword: build.mutation<MutationResponse, ChangePasswordBody>({
      query: (body) => ({ url: 'users/changepass', method: 'POST', body }),
      invalidatesTags: unlessRefused(['CurrentUser']),
      // Lift the must-change flag at once, so the guards let the user through before the refetch lands.
      onQueryStarted: patchCurrentUserOnSuccess({ needToChangePass: false }),
    }),
    uploadAvatar: build.mutation<MutationResponse<AvatarUrl>, File>({
      query: (file) => {
        const body = new FormData();
        body.append('avatar', file);
        return { url: 'users/avatar', method: 'POST', body };
      },
      invalidatesTags: unlessRefused(['CurrentUser']),
    }),
    // Both enrolment calls carry the current password again (the server asks for it).
    totpSetup: build.mutation<TotpSetupResult, TotpSetupBody>({
      query: (body) => ({ url: 'users/totp/setup', method: 'POST', body }),
    }),
    totpEnable: build.mutation<TotpEnableResult, TotpEnableBody>({
      query: (body) => ({ url: 'users/totp/enable', method: 'POST', body }),
      invalidatesTags: unlessRefused(['CurrentUser']),
      // Lift the enrolment hold at once, so the guards let the user on while the refetch is under way.
      onQueryStarted: patchCurrentUserOnSuccess({ totpEnabled: true, totpEnrollmentRequired: false }),
    }),
    totpDisable: build.mutation<MutationResponse, TotpDisableBody>({
      query: (body) => ({ url: 'users/totp/disable', method: 'POST', body }),
      invalidatesTags: unlessRefused(['CurrentUser']),
    }),
  }),
});

export const { useChangePasswordMutation, useUploadAvatarMutation, useTotpSetupMutation, useTotpEnableMutation, useTotpDisableMutation } = accountApi;
