// Profile schemas (docs/product.md §5 "Profile", §6 role_id 5 and the type, §7 convertProfile).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CSV_MESSAGES,
  SHARE_LINK_MESSAGES as M,
  V,
  convertProfileSchema,
  isProfileName,
  profileCreateSchema,
  profileImportSchema,
  profileUpdateSchema,
} from '../../../src/contract';
import { errorsOf, valid } from './validate-helper';

const LINK = 'vless://3f1c9a6e-2b4d-4c8e-9f7a-1d2e3f4a5b6c@cdn.example.com:443?type=ws#x';
const PROFILE = { name: 'S-12', address: LINK, operator: 'mci', protocol: 'vless', type: 'smart', serverId: 9 };

describe('profileCreateSchema', () => {
  test('valid', async () => {
    expect(await valid(profileCreateSchema, PROFILE)).toEqual(PROFILE);
  });

  test('type defaults to normal when not sent (role_id 5 does not send it)', async () => {
    const { type: _type, ...noType } = PROFILE;
    expect((await valid(profileCreateSchema, noType)).type).toBe('normal');
  });

  test.each([
    ['name missing', { name: '' }, 'name', V.required],
    ['Persian name', { name: 'سرور' }, 'name', V.profileName],
    ['name with punctuation', { name: 'S-1!' }, 'name', V.profileName],
    ['name too long', { name: 'a'.repeat(101) }, 'name', V.tooLong],
    ['address missing', { address: '  ' }, 'address', V.required],
    ['address of another scheme', { address: 'trojan://x@y:1' }, 'address', M.unknownScheme],
    ['address of the other protocol', { address: LINK.replace('vless', 'vmess') }, 'address', M.protocolMismatch],
    ['address too long', { address: LINK + 'a'.repeat(8192) }, 'address', M.tooLong],
    ['unknown operator', { operator: 'rightel' }, 'operator', V.oneOf],
    ['operator missing', { operator: undefined }, 'operator', V.required],
    ['unknown protocol', { protocol: 'trojan' }, 'protocol', V.oneOf],
    ['unknown type', { type: 'premium' }, 'type', V.oneOf],
    ['serverId missing', { serverId: undefined }, 'serverId', V.required],
  ])('%s', async (_label, patch, field, messageId) => {
    expect(await errorsOf(profileCreateSchema, { ...PROFILE, ...patch })).toEqual({ [field]: messageId });
  });

  test('isProfileName', () => {
    expect(isProfileName('Germany 1_fast-x')).toBe(true);
    expect(isProfileName('آلمان')).toBe(false);
    expect(isProfileName('')).toBe(false);
  });
});

describe('profileUpdateSchema', () => {
  test('a blank or missing address is allowed (keep the stored one), and type may be left out', async () => {
    const { address: _a, type: _t, ...rest } = PROFILE;
    const v = await valid(profileUpdateSchema, rest);
    expect(v.address).toBeUndefined();
    expect(v.type).toBeUndefined();
    expect((await valid(profileUpdateSchema, { ...PROFILE, address: '' })).address).toBe('');
  });

  test('a given address is still checked against the protocol', async () => {
    expect(await errorsOf(profileUpdateSchema, { ...PROFILE, protocol: 'vmess' })).toEqual({ address: M.protocolMismatch });
  });

  test('the other fields are still required', async () => {
    expect(await errorsOf(profileUpdateSchema, { serverId: 1 })).toEqual({ name: V.required, operator: V.required, protocol: V.required });
  });
});

describe('convertProfileSchema and profileImportSchema', () => {
  test('config is a required string', async () => {
    await valid(convertProfileSchema, { config: 'AQIDBAUG' });
    expect(await errorsOf(convertProfileSchema, {})).toEqual({ config: V.required });
    expect(await errorsOf(convertProfileSchema, { config: ['a'] })).toEqual({ config: V.checkInput });
  });

  test('serverId of the multipart import, cast from text', async () => {
    expect(await valid(profileImportSchema, { serverId: '17' })).toEqual({ serverId: 17 });
    expect(await errorsOf(profileImportSchema, { serverId: 'x' })).toEqual({ serverId: V.number });
  });
});

describe('the share-link and CSV reason ids', () => {
  test("are shareLink.<key> and csv.<key>, each with a text in both of the servers feature's catalogues", () => {
    expect([M.badHost, M.missingRealityKey, CSV_MESSAGES.tooManyRows]).toEqual(['shareLink.badHost', 'shareLink.missingRealityKey', 'csv.tooManyRows']);
    const lang = (code: string): Record<string, string> =>
      JSON.parse(readFileSync(path.join(__dirname, '../../../src/features/servers/lang', `${code}.json`), 'utf8'));
    const [fa, en] = [lang('fa'), lang('en')];
    for (const id of [...Object.values(M), ...Object.values(CSV_MESSAGES)]) {
      expect([id, typeof fa[`servers.reason.${id}`], typeof en[`servers.reason.${id}`]]).toEqual([id, 'string', 'string']);
    }
  });
});
