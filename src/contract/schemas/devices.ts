// Request bodies and query of the device calls (docs/product.md §7 "Devices", §5 "Device create/edit").
// POST apps/addDevice is the mobile apps' own call (the `appapikey` header picks the app);
// PUT apps/updateDevice/{id} is this product's path for the device edit (docs/product.md §7 notes it as a decision).
import * as yup from 'yup';
import { TOO_LONG, V } from '../errors';
import { DEFAULT_PAGE_SIZE } from '../limits';
import { TEXT_MAX, bool, englishOnly, nonBlank, num, optionalId, optionalText, positiveId, str, trimmedStr, body } from './common';
import { appVersionField } from './versions';

/** The largest page size of the device list. */
export const DEVICES_MAX_PAGE_SIZE = 100;

/** The header that carries an app's API key on POST apps/addDevice. */
export const APP_API_KEY_HEADER = 'appapikey';

/** Token, device id and model are English text, as the device form's inputs take them. */
const deviceFields = {
  fcmToken: englishOnly(nonBlank(4096)),
  uniqueDeviceId: englishOnly(nonBlank(TEXT_MAX.medium)),
  model: englishOnly(optionalText(TEXT_MAX.medium)),
  /** The app version the device runs: a number with at most two decimals (see versions.ts). */
  appVersionCode: appVersionField().nullable(),
};

/** POST apps/addDevice. Registering the same (app, uniqueDeviceId) again updates that device. */
export const deviceRegisterSchema = body(deviceFields);
export type DeviceRegisterBody = yup.InferType<typeof deviceRegisterSchema>;

/** PUT apps/updateDevice/{id}. */
export const deviceUpdateSchema = body({ appId: positiveId(), ...deviceFields });
export type DeviceUpdateBody = yup.InferType<typeof deviceUpdateSchema>;

const blankToUndefined = (v: unknown, orig: unknown) => (orig === '' || orig === 'null' ? undefined : v);

/**
 * The orders of the device list (`sort`), each named after the list column it sorts. `id` is
 * registration order (the panel's "registered" column), so the default, id descending, is newest
 * first. Every order ends with the device id in the same direction, which makes it total: paging
 * never shows a device twice or skips one. Text sorts by the database collation; a missing model
 * or version counts as larger than any value (last ascending, first descending), which is how one
 * ascending index serves both directions. appVersionCode sorts as a number (2 before 10).
 *
 * Each order is served by indexes on devices (server/src/db/schema/devices.ts), so that a page is
 * a walk along an index, not a sort of the whole list (docs/architecture.md §8: 50 ms a page over a
 * million devices). Deliberately not sortable:
 * - the app name: it lives on apps, so no index on devices can order by it. It would need the name
 *   copied onto every device (up to a million rows rewritten when an app is renamed)
 *   or a walk of the apps in name order with per-app counts, which costs the page depth
 *   times the number of apps. The application filter already shows one app's devices together.
 * - fcmToken: random text, so its order means nothing, and an index on tokens of ~200 characters
 *   would be the largest on the table.
 */
export const DEVICE_SORT_KEYS = ['id', 'model', 'uniqueDeviceId', 'appVersionCode'] as const;
export type DeviceSortKey = (typeof DEVICE_SORT_KEYS)[number];

/**
 * GET apps/devices?page&size&appId&filter&sort&ascending: server-paged, 30 per page from page 1.
 * `ascending` is `true`/`false` (also `1`/`0`); without it `id` sorts descending (newest first) and
 * the other columns ascending, the direction a first click on their header asks for.
 */
export const devicesQuerySchema = body({
  page: num().transform(blankToUndefined).integer(V.integer).min(1, V.min).max(1_000_000, V.max).default(1),
  size: num().transform(blankToUndefined).integer(V.integer).min(1, V.min).max(DEVICES_MAX_PAGE_SIZE, V.max).default(DEFAULT_PAGE_SIZE),
  appId: optionalId(),
  filter: trimmedStr()
    .max(200, TOO_LONG)
    .transform((v: unknown) => (v === '' ? undefined : v))
    .optional(),
  sort: str().transform(blankToUndefined).oneOf(DEVICE_SORT_KEYS, V.oneOf).default('id'),
  ascending: bool()
    .transform(blankToUndefined)
    // The base default marks it optional for the document; `when` sets the one that applies.
    .default(false)
    .when('sort', ([sort], schema) => schema.default(sort !== 'id'))
    .defined(V.checkInput),
});
export type DevicesQuery = yup.InferType<typeof devicesQuerySchema>;
