// The access/* calls of docs/product.md §6 (src/contract/access.ts): roles with their grants, the operation
// catalogue and the menu tree. A change to grants or the menu may change the signed-in user's own
// sidebar and guards, so those also refresh users/current.
import { baseApi, invalidatesItem, listTag, providesList, unlessRefused, unwrapData } from '@/lib/api';
import {
  ACCESS_API,
  type MenuDeleteResult,
  type MenuInput,
  type MenuItem,
  type MenuMoveDirection,
  type MenuUpdateInput,
  type MutationResponse,
  type Operation,
  type PermissionsInput,
  type RoleDetail,
  type RoleInput,
  type RoleWithGrants,
} from '@/contract';

const menuChanged = [listTag('Menu'), listTag('Permission'), 'CurrentUser' as const];

export const accessApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRoleDetails: build.query<RoleDetail[], void>({
      query: () => ACCESS_API.roles,
      transformResponse: unwrapData<RoleDetail[]>,
      providesTags: (result) => providesList(result, 'Role'),
    }),
    getRole: build.query<RoleWithGrants, number>({
      query: (id) => ACCESS_API.role(id),
      transformResponse: unwrapData<RoleWithGrants>,
      providesTags: (_r, _e, id) => [
        { type: 'Role', id },
        { type: 'Permission', id },
      ],
    }),
    getOperations: build.query<Operation[], void>({
      query: () => ACCESS_API.operations,
      transformResponse: unwrapData<Operation[]>,
    }),
    getMenus: build.query<MenuItem[], void>({
      query: () => ACCESS_API.menus,
      transformResponse: unwrapData<MenuItem[]>,
      providesTags: [listTag('Menu')],
    }),
    createRole: build.mutation<MutationResponse<RoleDetail>, RoleInput>({
      query: (body) => ({ url: ACCESS_API.roles, method: 'POST', body }),
      invalidatesTags: unlessRefused([listTag('Role')]),
    }),
    updateRole: build.mutation<MutationResponse<RoleDetail>, { id: number; body: RoleInput }>({
      query: ({ id, body }) => ({ url: ACCESS_API.role(id), method: 'PUT', body }),
      // The signed-in user's own role name may be the one renamed.
      invalidatesTags: unlessRefused((_r, { id }) => [...invalidatesItem('Role', id), listTag('User'), 'CurrentUser']),
    }),
    setRolePermissions: build.mutation<MutationResponse<RoleWithGrants>, { id: number; body: PermissionsInput }>({
      query: ({ id, body }) => ({ url: ACCESS_API.rolePermissions(id), method: 'PUT', body }),
      invalidatesTags: unlessRefused((_r, { id }) => [...invalidatesItem('Role', id), { type: 'Permission', id }, 'CurrentUser']),
    }),
    deleteRole: build.mutation<MutationResponse, number>({
      query: (id) => ({ url: ACCESS_API.role(id), method: 'DELETE' }),
      invalidatesTags: unlessRefused((_r, id) => invalidatesItem('Role', id)),
    }),
    createMenu: build.mutation<MutationResponse<MenuItem>, MenuInput>({
      query: (body) => ({ url: ACCESS_API.menus, method: 'POST', body }),
      invalidatesTags: unlessRefused(menuChanged),
    }),
    updateMenu: build.mutation<MutationResponse<MenuItem>, { id: number; body: MenuUpdateInput }>({
      query: ({ id, body }) => ({ url: ACCESS_API.menu(id), method: 'PUT', body }),
      invalidatesTags: unlessRefused(menuChanged),
    }),
    moveMenu: build.mutation<MutationResponse, { id: number; direction: MenuMoveDirection }>({
      query: ({ id, direction }) => ({ url: ACCESS_API.menuMove(id), method: 'PUT', body: { direction } }),
      invalidatesTags: unlessRefused(menuChanged),
    }),
    deleteMenu: build.mutation<MutationResponse<MenuDeleteResult>, number>({
      query: (id) => ({ url: ACCESS_API.menu(id), method: 'DELETE' }),
      invalidatesTags: unlessRefused(menuChanged),
    }),
  }),
});

export const {
  useGetRoleDetailsQuery,
  useGetRoleQuery,
  useGetOperationsQuery,
  useGetMenusQuery,
  useCreateRoleMutation,
  useUpdateRoleMutation,
  useSetRolePermissionsMutation,
  useDeleteRoleMutation,
  useCreateMenuMutation,
  useUpdateMenuMutation,
  useMoveMenuMutation,
  useDeleteMenuMutation,
} = accessApi;
