// Device endpoints of docs/product.md §7 "Devices": the server-paged, server-sorted list (30 per page from page 1), the
// panel's registration (apps/addDevice on the staff path: the chosen app's id and the staff token, audited), edit and delete,
// the app choices come from the shared GET apps in lib/api. Every change refreshes through tags.
import { baseApi, invalidatesItem, listTag, providesList, unlessRefused, type AppListItem } from '@/lib/api';
import { type DeviceDto, type DeviceList, type DeviceSortKey, type DeviceUpdateBody, type MutationResponse } from '@/contract';

export type Device = DeviceDto;

export type DevicesPage = DeviceList;

export interface DevicesArgs {
  page: number;
  size: number;
  appId?: number;
  filter?: string;
  /** Without it the server lists newest first. */
  sort?: DeviceSortKey;
  ascending?: boolean;
}

/** An app the device form offers. Staff register by the app's id: the form needs no app key. */
export type DeviceAppOption = Pick<AppListItem, 'id' | 'name' | 'active'>;

export const devicesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDevices: build.query<DevicesPage, DevicesArgs>({
      query: (params) => ({ url: 'apps/devices', params: { ...params } }),
      providesTags: (result) => providesList(result?.rows, 'Device'),
    }),
    addDevice: build.mutation<MutationResponse<{ id: number }>, DeviceUpdateBody>({
      query: (body) => ({ url: 'apps/addDevice', method: 'POST', body }),
      invalidatesTags: unlessRefused([listTag('Device')]),
    }),
    updateDevice: build.mutation<MutationResponse<Device>, { id: number; body: DeviceUpdateBody }>({
      query: ({ id, body }) => ({ url: `apps/updateDevice/${id}`, method: 'PUT', body }),
      invalidatesTags: unlessRefused((_r, { id }) => invalidatesItem('Device', id)),
    }),
    destroyDevice: build.mutation<MutationResponse, number>({
      query: (id) => ({ url: `apps/destroyDevice/${id}`, method: 'DELETE' }),
      invalidatesTags: unlessRefused((_r, id) => invalidatesItem('Device', id)),
    }),
  }),
});

export const { useGetDevicesQuery, useAddDeviceMutation, useUpdateDeviceMutation, useDestroyDeviceMutation } = devicesApi;
