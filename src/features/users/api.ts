// Staff-user endpoints of docs/product.md §7 "Users", plus the role options (access/roles). Every change to a
// user also invalidates the app-admin options (AppAdmin): a role or status change, a new user or a
// delete changes who can administer applications.
import { baseApi, invalidatesItem, listTag, providesList, unlessRefused, unwrapData } from '@/lib/api';
import type {
  AdminSetPasswordBody,
  ChangeRoleBody,
  MutationResponse,
  RoleOption,
  RoleRef,
  StaffUser,
  TotpRoleBody,
  UserCreateBody,
  UserUpdateBody,
  UsersListResponse,
} from '@/contract';

export interface UsersList {
  users: StaffUser[];
  /** How many applications each user administers, by user id (absent = none). */
  appCounts: Record<number, number>;
}

const userChanged = (id: number) => [...invalidatesItem('User', id), listTag('AppAdmin')];

export const usersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUsers: build.query<UsersList, void>({
      query: () => 'users',
      transformResponse: (response: UsersListResponse): UsersList => ({
        users: response.data,
        appCounts: Object.fromEntries((response.app ?? []).map((entry) => [entry.adminId, entry.count])),
      }),
      providesTags: (result) => providesList(result?.users, 'User'),
    }),
    getRoles: build.query<RoleRef[], void>({
      query: () => 'access/roles',
      transformResponse: unwrapData<RoleRef[]>,
      providesTags: (result) => providesList(result, 'Role'),
    }),
    createUser: build.mutation<MutationResponse<StaffUser>, UserCreateBody>({
      query: (body) => ({ url: 'users/signup', method: 'POST', body }),
      invalidatesTags: unlessRefused([listTag('User'), listTag('AppAdmin')]),
    }),
    updateUser: build.mutation<MutationResponse<StaffUser>, { id: number; body: UserUpdateBody }>({
      query: ({ id, body }) => ({ url: `users/update/${id}`, method: 'PUT', body }),
      // The edited user may be the one signed in (the sidebar shows their name).
      invalidatesTags: unlessRefused((_r, { id }) => [...userChanged(id), 'CurrentUser']),
    }),
    setUserPassword: build.mutation<MutationResponse, AdminSetPasswordBody>({
      query: (body) => ({ url: 'users/changepasslist', method: 'POST', body }),
      invalidatesTags: unlessRefused((_r, { user_id }) => invalidatesItem('User', user_id)),
    }),
    changeUserRole: build.mutation<MutationResponse<StaffUser>, { id: number } & ChangeRoleBody>({
      query: ({ id, role_id }) => ({ url: `users/updateAccess/${id}`, method: 'PUT', body: { role_id } }),
      invalidatesTags: unlessRefused((_r, { id }) => userChanged(id)),
    }),
    changeUserStatus: build.mutation<MutationResponse<StaffUser>, { id: number; active: boolean }>({
      query: ({ id, active }) => ({ url: `users/changestatus/${id}`, method: 'PUT', body: { active } }),
      invalidatesTags: unlessRefused((_r, { id }) => userChanged(id)),
      // The switch moves at once; a refusal puts it back (the refetch then confirms the server's state).
      async onQueryStarted({ id, active }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          usersApi.util.updateQueryData('getUsers', undefined, (list) => {
            const user = list.users.find((u) => u.id === id);
            if (user) user.active = active;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
    // Two-factor sign-in controls of the top admin (README "Two-factor sign-in").
    getTotpRoles: build.query<RoleOption[], void>({
      query: () => 'users/totp/roles',
      transformResponse: unwrapData<RoleOption[]>,
      providesTags: [{ type: 'Role', id: 'TOTP' }],
    }),
    requireTotpForRole: build.mutation<MutationResponse, TotpRoleBody>({
      query: (body) => ({ url: 'users/totp/requireForRole', method: 'POST', body }),
      // The signed-in admin's own role may be the one now requiring TOTP.
      invalidatesTags: unlessRefused([{ type: 'Role', id: 'TOTP' }, 'CurrentUser']),
    }),
    resetUserTotp: build.mutation<MutationResponse, number>({
      query: (user_id) => ({ url: 'users/totp/reset', method: 'POST', body: { user_id } }),
      invalidatesTags: unlessRefused((_r, id) => [...invalidatesItem('User', id), 'CurrentUser']),
    }),
    deleteUser: build.mutation<MutationResponse, number>({
      query: (id) => ({ url: `users/destroy/${id}`, method: 'DELETE' }),
      invalidatesTags: unlessRefused((_r, id) => userChanged(id)),
    }),
  }),
});

export const {
  useGetUsersQuery,
  useGetRolesQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useSetUserPasswordMutation,
  useChangeUserRoleMutation,
  useChangeUserStatusMutation,
  useDeleteUserMutation,
  useGetTotpRolesQuery,
  useRequireTotpForRoleMutation,
  useResetUserTotpMutation,
} = usersApi;
