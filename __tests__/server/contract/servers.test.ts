// Server, batch-delete and operator-settings schemas (docs/product.md §5 "Server create/edit", "Operator settings").
import { V, idsSchema, operatorSettingsSchema, serverSchema, serversQuerySchema } from '../../../src/contract';
import { errorsOf, valid } from './validate-helper';

const SERVER = { appId: [1, 2], countryId: 98, ip: 'de1.example.com', username: 'root', password: 's3cret', port: 22 };

describe('serverSchema', () => {
  test('valid; the ip is trimmed; IPv4 and IPv6 names are accepted', async () => {
    expect((await valid(serverSchema, { ...SERVER, ip: '  de1.example.com ' })).ip).toBe('de1.example.com');
    await valid(serverSchema, { ...SERVER, ip: '203.0.113.7' });
    await valid(serverSchema, { ...SERVER, ip: '2001:db8::7' });
  });

  test('no password and no username is fine; a blank password becomes null', async () => {
    const v = await valid(serverSchema, { ...SERVER, username: '', password: '' });
    expect(v.password).toBeNull();
    expect(v.username).toBeNull();
  });

  test.each([
    ['no application', { appId: [] }, 'appId', V.required],
    ['appId missing', { appId: undefined }, 'appId', V.required],
    ['appId not a list', { appId: 3 }, 'appId', V.checkInput],
    ['a duplicate application', { appId: [1, 1] }, 'appId', V.duplicate],
    ['a bad application id', { appId: [1, 0] }, 'appId[1]', V.min],
    ['no country', { countryId: undefined }, 'countryId', V.required],
    ['blank server name', { ip: '   ' }, 'ip', V.required],
    ['server name with a space', { ip: 'de 1.example.com' }, 'ip', V.host],
    ['server name with a scheme', { ip: 'https://de1.example.com' }, 'ip', V.host],
    ['port 0', { port: 0 }, 'port', V.min],
    ['port 70000', { port: 70000 }, 'port', V.max],
    ['port fractional', { port: 22.5 }, 'port', V.integer],
    ['port missing', { port: undefined }, 'port', V.required],
    ['port text', { port: 'ssh' }, 'port', V.number],
    ['password without username', { username: '  ' }, 'username', V.required],
  ])('%s', async (_label, patch, field, messageId) => {
    expect(await errorsOf(serverSchema, { ...SERVER, ...patch })).toEqual({ [field]: messageId });
  });

  test('query: appId=null means all', async () => {
    expect(await valid(serversQuerySchema, { appId: 'null' })).toEqual({});
    expect(await valid(serversQuerySchema, { appId: '3', state: 'appAdmin' })).toEqual({ appId: 3, state: 'appAdmin' });
    expect(await errorsOf(serversQuerySchema, { appId: 'x' })).toEqual({ appId: V.number });
  });
});

describe('idsSchema', () => {
  test('at least one id, no duplicates', async () => {
    expect(await valid(idsSchema, { ids: [3, '4'] })).toEqual({ ids: [3, 4] });
    expect(await errorsOf(idsSchema, { ids: [] })).toEqual({ ids: V.required });
    expect(await errorsOf(idsSchema, {})).toEqual({ ids: V.required });
    expect(await errorsOf(idsSchema, { ids: [5, 6, 5] })).toEqual({ ids: V.duplicate });
    expect(await errorsOf(idsSchema, { ids: [1, -1] })).toEqual({ 'ids[1]': V.min });
    expect(await errorsOf(idsSchema, { ids: 'all' })).toEqual({ ids: V.checkInput });
  });
});

describe('operatorSettingsSchema', () => {
  const OK = { wifiOperatorName: 'وای‌فای', mciOperatorName: 'همراه اول', irancellOperatorName: 'ایرانسل', othersOperatorName: 'سایر' };

  test('valid and trimmed', async () => {
    expect((await valid(operatorSettingsSchema, { ...OK, mciOperatorName: '  MCI ' })).mciOperatorName).toBe('MCI');
  });

  test.each(['wifiOperatorName', 'mciOperatorName', 'irancellOperatorName', 'othersOperatorName'])('%s must be non-empty after trimming', async (field) => {
    expect(await errorsOf(operatorSettingsSchema, { ...OK, [field]: '   ' })).toEqual({ [field]: V.required });
  });
});
