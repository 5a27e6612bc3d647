// Device endpoints of docs/product.md §7 "Devices": the server-paged, server-sorted list (30 per page from page 1), the
// panel's registration (apps/addDevice with the chosen app's key, as the mobile apps call it), edit and delete,
// the app choices come from the shared GET apps in lib/api. Every change refreshes through tags.
import { baseApi, invalidatesItem, listTag, providesList, unlessRefused, type AppListItem } from '../../lib/api';
import { APP_API_KEY_HEADER, type DeviceDto, type DeviceList, type DeviceSortKey, type DeviceUpdateBody, type MutationResponse } from '../../contract';

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

/** An app the device form offers: `apiKey` is what the mobile app sends as `appapikey`; the panel registers devices with it too. */
export type DeviceAppOption = Pick<AppListItem, 'id' | 'name' | 'active' | 'apiKey'>;

/** A registration as the mobile apps make it: the app's key picks the app. */
export interface AddDeviceArgs {
  apiKey: string;
  body: Omit<DeviceUpdateBody, 'appId'>;
}

export const devicesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDevices: build.query<DevicesPage, DevicesArgs>({
      query: (params) => ({ url: 'apps/devices', params: { ...params } }),
      providesTags: (result) => providesList(result?.rows, 'Device'),
    }),
    addDevice: build.mutation<MutationResponse<{ id: number }>, AddDeviceArgs>({
      query: ({ apiKey, body }) => ({ url: 'apps/addDevice', method: 'POST', body, headers: { [APP_API_KEY_HEADER]: apiKey } }),
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

export const { useGetDevicesQuery, useAddDeviceMutation, useUpdateDeviceMutation, useDestroyDeviceMutation } =
  devicesApi;
