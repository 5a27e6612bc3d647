// The device rows as the API shows them (docs/product.md §3 Device): the DTO, the columns it is read from
// (with the app's name) and the mapping, shared by the list's page planner (planner.ts) and
// the repository's single-device reads (index.ts); and whose devices a caller may see.
import type { DeviceDto, DeviceList } from '../../../../src/contract';
import { apps, devices } from '../../db/schema';

export type { DeviceDto, DeviceList };

/**
 * Whose devices a query may see: `appIds` limits it to those apps (an app admin's own); `{}` is
 * everything. A list of ids rather than a join on apps.admin_id: the planner then estimates the
 * match count from devices.app_id's statistics (the list's count relies on that estimate), and on
 * Citus the filter lands on the shard key.
 */
export interface DeviceScope {
  appIds?: number[];
}

export interface DeviceFields {
  fcmToken: string;
  uniqueDeviceId: string;
  model?: string | null;
  appVersionCode?: number | null;
}

export const rowFields = {
  id: devices.id,
  appId: devices.appId,
  appName: apps.name,
  model: devices.model,
  uniqueDeviceId: devices.uniqueDeviceId,
  fcmToken: devices.fcmToken,
  appVersionCode: devices.appVersionCode,
  createdAt: devices.createdAt,
  updatedAt: devices.updatedAt,
};

export interface RawRow {
  id: number;
  appId: number;
  appName: string;
  model: string | null;
  uniqueDeviceId: string;
  fcmToken: string | null;
  appVersionCode: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const toDto = (r: RawRow): DeviceDto => ({
  id: Number(r.id),
  app: { id: r.appId, name: r.appName },
  model: r.model,
  uniqueDeviceId: r.uniqueDeviceId,
  fcmToken: r.fcmToken,
  appVersionCode: r.appVersionCode === null ? null : Number(r.appVersionCode),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});
