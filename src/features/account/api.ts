// Own-account endpoints of SPEC §7: change password and upload the avatar. Both change what
// users/current returns, so both invalidate CurrentUser.
import { baseApi, sessionApi, unlessRefused } from '../../lib/api';
import type { ChangePasswordBody, MutationResponse } from '../../contract';

export const accountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    changePassword: build.mutation<MutationResponse, ChangePasswordBody>({
      query: (body) => ({ url: 'users/changepass', method: 'POST', body }),
      invalidatesTags: unlessRefused(['CurrentUser']),
      // Lift the must-change flag at once, so the guards let the user through before the refetch lands.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(
            sessionApi.util.updateQueryData('getCurrentUser', undefined, (user) => {
              user.needToChangePass = false;
            }),
          );
        } catch {
          // the form reports the failure
        }
      },
    }),
    uploadAvatar: build.mutation<MutationResponse<{ avatar: string }>, File>({
      query: (file) => {
        const body = new FormData();
        body.append('avatar', file);
        return { url: 'users/avatar', method: 'POST', body };
      },
      invalidatesTags: unlessRefused(['CurrentUser']),
    }),
  }),
});

export const { useChangePasswordMutation, useUploadAvatarMutation } = accountApi;
