// Device endpoints of docs/product.md §7 "Devices": the server-paged, server-sorted list (30 per page from page 1), the
// panel's registration (apps/addDevice with the chosen app's key, as the mobile apps call it), edit and delete,
// plus the application options of the filter and the form. Every change refreshes through tags.
import { baseApi, invalidatesItem, listTag, providesList, unlessRefused, unwrapData } from '../../lib/api';
import { APP_API_KEY_HEADER, type DataResponse, type DeviceDto, type DeviceList, type DeviceSortKey, type DeviceUpdateBody, type MutationResponse } from '../../contract';

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

export interface DeviceAppOption {
  id: number;
  name: string;
  active: boolean;
  /** The key the mobile app sends as `appapikey`; the panel registers devices with it too. */
  apiKey: string;
}

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
    getDeviceApps: build.query<DeviceAppOption[], void>({
      query: () => 'apps',
      transformResponse: (response: DataResponse<DeviceAppOption[]>) => unwrapData(response),
      providesTags: (result) => providesList(result, 'App'),
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

export const { useGetDevicesQuery, useGetDeviceAppsQuery, useAddDeviceMutation, useUpdateDeviceMutation, useDestroyDeviceMutation } =
  devicesApi;
