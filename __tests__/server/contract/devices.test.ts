// Device schemas (docs/product.md §5 "Device create/edit", §7 devices paging and sorting).
import { DEVICE_SORT_KEYS, V, deviceRegisterSchema, deviceUpdateSchema, devicesQuerySchema } from '../../../src/contract';
import { errorsOf, valid } from './validate-helper';

const DEVICE = { fcmToken: 'fcm:APA91b-token', uniqueDeviceId: 'a1b2c3d4e5f6', model: 'Samsung SM-A525F', appVersionCode: 12 };

describe('deviceRegisterSchema', () => {
  test('valid; model and appVersionCode are optional; numeric text is cast', async () => {
    await valid(deviceRegisterSchema, DEVICE);
    const v = await valid(deviceRegisterSchema, { fcmToken: 't', uniqueDeviceId: 'd', appVersionCode: '1.5' });
    expect(v.appVersionCode).toBe(1.5);
    expect(v.model).toBeUndefined();
  });

  test.each([
    ['fcmToken missing', { fcmToken: undefined }, 'fcmToken', V.required],
    ['fcmToken blank', { fcmToken: '  ' }, 'fcmToken', V.required],
    ['uniqueDeviceId missing', { uniqueDeviceId: '' }, 'uniqueDeviceId', V.required],
    ['appVersionCode dotted text', { appVersionCode: '1.2.3' }, 'appVersionCode', V.number],
    ['appVersionCode negative', { appVersionCode: -2 }, 'appVersionCode', V.min],
  ])('%s', async (_label, patch, field, messageId) => {
    expect(await errorsOf(deviceRegisterSchema, { ...DEVICE, ...patch })).toEqual({ [field]: messageId });
  });
});

describe('deviceUpdateSchema', () => {
  test('the application is required too', async () => {
    await valid(deviceUpdateSchema, { ...DEVICE, appId: 2 });
    expect(await errorsOf(deviceUpdateSchema, DEVICE)).toEqual({ appId: V.required });
  });
});

describe('devicesQuerySchema', () => {
  test('defaults: page 1, size 30, newest first (id descending)', async () => {
    expect(await valid(devicesQuerySchema, {})).toEqual({ page: 1, size: 30, sort: 'id', ascending: false });
  });

  test('query-string values are cast; empty and "null" mean absent', async () => {
    expect(await valid(devicesQuerySchema, { page: '3', size: '50', appId: '7', filter: ' samsung ', sort: 'model', ascending: 'false' })).toEqual({
      page: 3,
      size: 50,
      appId: 7,
      filter: 'samsung',
      sort: 'model',
      ascending: false,
    });
    expect(await valid(devicesQuerySchema, { page: '', appId: 'null', filter: '', sort: '', ascending: '' })).toEqual({
      page: 1,
      size: 30,
      sort: 'id',
      ascending: false,
    });
  });

  test('every sortable column is accepted; without `ascending` id runs newest first and the others ascending', async () => {
    expect(DEVICE_SORT_KEYS).toEqual(['id', 'model', 'uniqueDeviceId', 'appVersionCode']);
    for (const sort of DEVICE_SORT_KEYS) {
      expect(await valid(devicesQuerySchema, { sort })).toMatchObject({ sort, ascending: sort !== 'id' });
      expect(await valid(devicesQuerySchema, { sort, ascending: 'true' })).toMatchObject({ sort, ascending: true });
      expect(await valid(devicesQuerySchema, { sort, ascending: 'false' })).toMatchObject({ sort, ascending: false });
    }
    // `ascending` alone turns the default order around: oldest first.
    expect(await valid(devicesQuerySchema, { ascending: 'true' })).toMatchObject({ sort: 'id', ascending: true });
  });

  test.each([
    ['page 0', { page: '0' }, 'page', V.min],
    ['size over 100', { size: '101' }, 'size', V.max],
    ['size 0', { size: 0 }, 'size', V.min],
    ['appId text', { appId: 'abc' }, 'appId', V.number],
    ['filter too long', { filter: 'x'.repeat(201) }, 'filter', V.tooLong],
    ['sort by the app name (not sortable)', { sort: 'app' }, 'sort', V.oneOf],
    ['sort by fcmToken (not sortable)', { sort: 'fcmToken' }, 'sort', V.oneOf],
    ['sort in another case', { sort: 'Model' }, 'sort', V.oneOf],
    ['sort as a list', { sort: ['model'] }, 'sort', V.checkInput],
    ['ascending neither true nor false', { ascending: 'yes' }, 'ascending', V.checkInput],
    ['ascending as a number other than 0/1', { ascending: '2' }, 'ascending', V.checkInput],
  ])('%s', async (_label, query, field, messageId) => {
    expect(await errorsOf(devicesQuerySchema, query)).toEqual({ [field]: messageId });
  });
});
