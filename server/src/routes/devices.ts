// docs/product.md §7 "Devices": the server-paged device list, registration (apps/addDevice, the mobile apps'
// own call, authenticated by the app's API key), and the panel's edit and delete. App admins (and
// every role but role_id 1) see and change only the devices of the apps they administer; a device
// outside that scope answers 404.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as yup from 'yup';
import {
  APP_API_KEY_HEADER,
  DEVICE_SORT_KEYS,
  V,
  deviceRegisterSchema,
  deviceUpdateSchema,
  devicesQuerySchema,
  idParamsSchema,
  type DeviceUpdateBody,
  type DevicesQuery,
  type IdParams,
} from '../../../src/contract';
import { positiveId } from '../../../src/contract/schemas/common';
import { requireUser, type AuthUser } from '../auth/authorize';
import { ownedAppIds, reachesAll } from '../auth/rbac';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/helpers';
import { HttpError } from '../http/errors';
import { successResponse } from '../http/schemas';
import { responseSchema, yupSchema } from '../http/validation';
import { COUNT_EXACT_LIMIT, type DeviceScope } from '../repositories/devices';
import { actorOf, createdData, fromParams, fromBody } from '../audit/plugin';
import { recordAudit } from '../audit/record';
import { deviceDtoSchema, deviceIdSchema, deviceListSchema } from '../../../src/contract/responses';
import { DEVICE_EXPORT_HEADERS, LIST_EXPORT_BATCH, devicesExportQuerySchema, exportHeader, type DevicesExportQuery } from '../../../src/contract/exports';
import type { CsvCell } from '../../../src/contract/csv';
import { owns, noRecord, fromQuery } from '../auth/access';
import { CSV_RESPONSE, csvStream, sendCsv } from '../http/csv-stream';
import { deviceExportBatches } from '../repositories/devices/export';
import type { DeviceDto } from '../repositories/devices/rows';

const tags = ['devices'];

export interface DeviceRoutesOptions {
  /**
   * Optional per-IP limit on apps/addDevice. Off by default: registrations come from many phones
   * behind few carrier NAT addresses and must sustain ≥ 2,000/s (docs/architecture.md §8), so a per-IP cap
   * would refuse legitimate traffic. A deployment that wants one passes it here.
   */
  addDeviceRateLimit?: { max: number; timeWindow: number };
}

/** The app API key of a mobile app's request, if it sent one. */
function apiKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers[APP_API_KEY_HEADER];
  return typeof key === 'string' && key.trim() !== '' ? key.trim() : undefined;
}

/**
 * POST apps/addDevice body. `appId` is read only on the staff path (no `appapikey` header): the
 * panel registers a device for the app the signed-in user picks, without knowing its key.
 */
const addDeviceSchema = deviceRegisterSchema.shape({ appId: positiveId().optional() });
type AddDeviceBody = yup.InferType<typeof addDeviceSchema>;

const deviceJson = responseSchema(deviceDtoSchema);

/** A device as a line of the export, in DEVICE_EXPORT_HEADERS' order: stored values, ISO dates, numbers as numbers. */
const deviceCells = (d: DeviceDto): CsvCell[] => [
  d.id,
  d.app.name,
  d.app.id,
  d.model,
  d.uniqueDeviceId,
  d.fcmToken,
  d.appVersionCode,
  d.createdAt,
  d.updatedAt,
];

export async function deviceRoutes(app: FastifyInstance, options: DeviceRoutesOptions = {}) {
  /** Every device when the request reaches all apps (rbac reachesAll); otherwise those of the caller's apps. */
  const scopeOf = async (db: Db, user: AuthUser): Promise<DeviceScope> => (reachesAll(user) ? {} : { appIds: await ownedAppIds(db, user) });

  app.get<{ Querystring: DevicesQuery }>(
    '/apps/devices',
    {
      config: { access: noRecord("the list is limited to the caller's reach by its query") },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags,
        summary: 'Devices, server-paged (30 per page from page 1), newest first unless sorted',
        description:
          '`filter` is a case-insensitive substring of uniqueDeviceId, model or the first 32 characters of fcmToken; `appId` limits to one app. ' +
          `\`sort\` is one of ${DEVICE_SORT_KEYS.join(', ')} (id is registration order; appVersionCode sorts as a number; a missing model or version sorts last ascending, first descending), ` +
          '`ascending` is true or false (default: false for id, so newest first, true for the others); the device id breaks ties in the same direction, so pages never overlap. ' +
          "Role_id 1 sees every device, everyone else the devices of the apps they administer (another app's id gives an empty list). " +
          `\`count\` is exact up to ${COUNT_EXACT_LIMIT.toLocaleString('en')} matches; above that it is the database's estimate and \`countEstimated\` is true ` +
          '(a short last page still pins it exactly). Answers {rows, count, countEstimated}.',
        querystring: yupSchema(devicesQuerySchema),
        response: { 200: responseSchema(deviceListSchema) },
      },
    },
    async (request) => request.repos.devices.list(await scopeOf(request.db, requireUser(request)), request.query),
  );

  app.get<{ Querystring: DevicesExportQuery }>(
    '/apps/devices/export',
    {
      // Another app's id is refused (404) here rather than answered empty: the export is recorded, with its app.
      config: { access: [owns('app', fromQuery('appId'), 'read')] },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags,
        summary: 'The device list as a CSV file: every device that matches its filters, in its order',
        description:
          'The query of GET apps/devices without page and size (`appId`, `filter`, `sort`, `ascending`), plus `lang` (fa or en, default fa), the language of the header row. ' +
          "Answers text/csv (report.csv, UTF-8 with a byte-order mark, CRLF lines) holding every matching device of the caller's reach, " +
          `in the list's order, streamed ${LIST_EXPORT_BATCH.toLocaleString('en')} rows at a time (keyset pagination), so any size is exported without the server holding it. ` +
          'Columns: id, application, application id, model, device id, Firebase token, app version, registered, last updated; dates in ISO 8601, numbers with Latin digits, ' +
          'values as stored; a cell a spreadsheet would run as a formula starts with an apostrophe; no bidi control characters. ' +
          "Role_id 1 (and a role with scope all) exports every device, everyone else the devices of the apps they administer; another app's `appId` answers 404. " +
          'Each export is written to the audit log (device.export) before the file is sent.',
        querystring: yupSchema(devicesExportQuerySchema),
        response: { 200: CSV_RESPONSE },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { lang, ...query } = request.query;
      const scope = await scopeOf(request.db, user);
      // Written before answering: an export that cannot be audited does not happen.
      await recordAudit(request.db, {
        action: 'device.export',
        actor: actorOf(request),
        request,
        target: { type: 'device' },
        detail: { ...query, format: 'csv' },
      });
      return sendCsv(reply, csvStream(exportHeader(DEVICE_EXPORT_HEADERS, lang), deviceExportBatches(request.db, scope, request.query), deviceCells));
    },
  );

  app.post<{ Body: AddDeviceBody }>(
    '/apps/addDevice',
    {
      config: {
        access: [owns('app', fromBody('appId'))],
        // A phone registering itself (API key) is not a staff action: only the staff path is recorded,
        // which keeps the hot path at one query (docs/architecture.md §6 "Audit log").
        audit: { action: 'device.register', target: 'device', created: createdData, skip: (r) => apiKeyOf(r) !== undefined },
        ...(options.addDeviceRateLimit && { rateLimit: options.addDeviceRateLimit }),
      },
      schema: {
        tags,
        summary: "Register a device (the mobile apps' call), or update it when (app, uniqueDeviceId) exists",
        description:
          `Authenticate EITHER with the \`${APP_API_KEY_HEADER}\` header carrying the app's API key (the mobile apps; no staff token; ` +
          '`appId` is ignored; 401 for a missing or unknown key, 403 when the app is inactive), ' +
          'OR with a staff token (`Authorization: JWT <token>`) plus `appId` in the body naming an app the user may access (404 otherwise; the app may be inactive). ' +
          'Safe under concurrency: registering one device many times at once leaves one row. A new appVersionCode adds an active version record. ' +
          'A re-registration without model or appVersionCode keeps the stored values. No per-IP rate limit by default.',
        body: yupSchema(addDeviceSchema),
        response: { 200: successResponse(responseSchema(deviceIdSchema)) },
      },
      // A call with the app key passes the guard (an unknown key is found by the registration
      // statement itself, which keeps the hot path at one query); any other caller is staff, checked
      // like on every guarded route, grant included: no key and no token is a 401 whatever the body.
      preValidation: app.authorize({ any: true, appKeyPasses: true }),
    },
    async (request) => {
      const { appId, ...fields } = request.body;
      const key = apiKeyOf(request);
      if (key) {
        const result = await request.repos.devices.registerByApiKey(key, fields);
        if (result === 'unknownKey') throw HttpError.unauthorized('Unknown app API key');
        if (result === 'inactiveApp') throw HttpError.forbidden('The application is inactive');
        return { success: true, data: result };
      }
      // Staff path: the guard has signed the caller in (a blank key is no key: 401).
      requireUser(request);
      if (appId === undefined) throw HttpError.validation({ appId: V.required });
      const result = await request.repos.devices.registerForApp(appId, fields);
      // The app was deleted between the access check and the insert.
      if (!result) throw HttpError.notFound('Application not found');
      return { success: true, data: result };
    },
  );

  app.put<{ Params: IdParams; Body: DeviceUpdateBody }>(
    '/apps/updateDevice/:id',
    {
      config: {
        access: [owns('device', fromParams('id')), owns('app', fromBody('appId'))],
        audit: { action: 'device.update', target: 'device', id: fromParams('id') },
      },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags,
        summary: 'Edit a device',
        description:
          "Replaces appId, uniqueDeviceId, fcmToken, model and appVersionCode. Both the device and the target app must be in the caller's scope (404). " +
          'Moving to another app keeps the device id. 409 with errors.uniqueDeviceId when the app already has that device id. Answers the updated device.',
        params: yupSchema(idParamsSchema),
        body: yupSchema(deviceUpdateSchema),
        response: { 200: successResponse(deviceJson) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { appId, ...fields } = request.body;
      const device = await request.repos.devices.findInScope(request.params.id, await scopeOf(request.db, user));
      if (!device) throw HttpError.notFound('Device not found');
      try {
        const outcome = await request.repos.devices.update(device, appId, fields);
        if (outcome === 'taken') throw HttpError.conflict({ uniqueDeviceId: V.taken });
        if (outcome === 'gone') throw HttpError.notFound('Device not found');
      } catch (err) {
        // A concurrent registration of the same device id won the race.
        if (isUniqueViolation(err)) throw HttpError.conflict({ uniqueDeviceId: V.taken });
        throw err;
      }
      const data = await request.repos.devices.findDto(device.id);
      if (!data) throw HttpError.notFound('Device not found');
      return { success: true, data };
    },
  );

  app.delete<{ Params: IdParams }>(
    '/apps/destroyDevice/:id',
    {
      config: { access: [owns('device', fromParams('id'))], audit: { action: 'device.delete', target: 'device', id: fromParams('id') } },
      preValidation: app.authorize({ any: true }),
      schema: {
        tags,
        summary: 'Delete a device',
        description: "A device outside the caller's apps answers 404.",
        params: yupSchema(idParamsSchema),
        response: { 200: successResponse() },
      },
    },
    async (request) => {
      const device = await request.repos.devices.findInScope(request.params.id, await scopeOf(request.db, requireUser(request)));
      if (!device) throw HttpError.notFound('Device not found');
      await request.repos.devices.remove(device);
      return { success: true };
    },
  );
}
