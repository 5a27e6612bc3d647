// Request bodies and query of the device calls (SPEC §7 "Devices", §5 "Device create/edit").
// POST apps/addDevice is the mobile apps' own call (the `appapikey` header picks the app);
// PUT apps/updateDevice/{id} is this product's path for the edit SPEC leaves unshown.
import * as yup from 'yup';
import { V } from '../errors';
import { DEFAULT_PAGE_SIZE } from '../limits';
import { TEXT_MAX, nonBlank, num, optionalText, positiveId, trimmedStr, dropPrototypeKeys } from './common';
import { appVersionField } from './versions';

/** The largest page size of the device list. */
export const DEVICES_MAX_PAGE_SIZE = 100;

/** The header that carries an app's API key on POST apps/addDevice. */
export const APP_API_KEY_HEADER = 'appapikey';

const deviceFields = {
  fcmToken: nonBlank(4096),
  uniqueDeviceId: nonBlank(TEXT_MAX.medium),
  model: optionalText(TEXT_MAX.medium),
  /** The app version the device runs: a number with at most two decimals (see versions.ts). */
  appVersionCode: appVersionField().nullable(),
};

/** POST apps/addDevice. Registering the same (app, uniqueDeviceId) again updates that device. */
export const deviceRegisterSchema = yup.object(deviceFields).transform(dropPrototypeKeys).typeError(V.checkInput).nonNullable(V.checkInput);
export type DeviceRegisterBody = yup.InferType<typeof deviceRegisterSchema>;

/** PUT apps/updateDevice/{id}. */
export const deviceUpdateSchema = yup.object({ appId: positiveId(), ...deviceFields }).transform(dropPrototypeKeys).typeError(V.checkInput).nonNullable(V.checkInput);
export type DeviceUpdateBody = yup.InferType<typeof deviceUpdateSchema>;

const blankToUndefined = (v: unknown, orig: unknown) => (orig === '' || orig === 'null' ? undefined : v);

/** GET apps/devices?page&size&appId&filter: server-paged, 30 per page from page 1. */
export const devicesQuerySchema = yup
  .object({
    page: num().transform(blankToUndefined).integer(V.integer).min(1, V.min).max(1_000_000, V.max).default(1),
    size: num()
      .transform(blankToUndefined)
      .integer(V.integer)
      .min(1, V.min)
      .max(DEVICES_MAX_PAGE_SIZE, V.max)
      .default(DEFAULT_PAGE_SIZE),
    appId: num().transform(blankToUndefined).integer(V.integer).min(1, V.min).optional(),
    filter: trimmedStr()
      .max(200, V.tooLong)
      .transform((v: unknown) => (v === '' ? undefined : v))
      .optional(),
  })
  .transform(dropPrototypeKeys).typeError(V.checkInput).nonNullable(V.checkInput);
export type DevicesQuery = yup.InferType<typeof devicesQuerySchema>;
