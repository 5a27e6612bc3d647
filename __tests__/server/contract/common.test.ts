// Format checks shared by the schemas, and the guarantee that every failure is a contract message id
// (never a yup default text, never a crash on odd input types).
import type { AnyObjectSchema } from 'yup';
import * as contract from '../../../src/contract';
import { isHostOrIp, isHostname, isHttpUrl, isIPv4, isIPv6, utf8Length } from '../../../src/contract';
import { KNOWN_MESSAGE_IDS, errorsOf } from './validate-helper';

describe('isIPv4 / isIPv6', () => {
  test.each(['0.0.0.0', '127.0.0.1', '203.0.113.255', '255.255.255.255'])('IPv4 %s', (v) => expect(isIPv4(v)).toBe(true));
  test.each(['256.0.0.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', '1.2.3.-4', ' 1.2.3.4', ''])('not IPv4 %p', (v) => expect(isIPv4(v)).toBe(false));
  test.each([
    '::',
    '::1',
    '2001:db8::1',
    '2001:0db8:0000:0000:0000:ff00:0042:8329',
    'fe80::1:2:3:4',
    '::ffff:192.0.2.1',
    '64:ff9b::192.0.2.33',
    '1:2:3:4:5:6:7::',
  ])('IPv6 %s', (v) => expect(isIPv6(v)).toBe(true));
  test.each(['2001:db8:::1', '1:2:3:4:5:6:7:8:9', '1::2::3', '12345::1', 'g::1', ':1', '1:', '[::1]', 'fe80::1%eth0', '1:2:3:4:5:6:7:1.2.3.4', ''])(
    'not IPv6 %p',
    (v) => expect(isIPv6(v)).toBe(false),
  );
});

describe('isHostname / isHostOrIp / isHttpUrl / utf8Length', () => {
  test.each(['example.com', 'de1.example.com', 'localhost', 'a-b.c_d.example.', 'xn--mgbh0fb.example'])('host %s', (v) => expect(isHostname(v)).toBe(true));
  test.each(['-a.com', 'a-.com', 'a..com', 'a b.com', 'a/b', '1.2.3.4', 'ایران.com', 'a'.repeat(64) + '.com', ''])('not a host %p', (v) =>
    expect(isHostname(v)).toBe(false),
  );
  test('isHostOrIp', () => {
    expect(isHostOrIp('1.2.3.4')).toBe(true);
    expect(isHostOrIp('2001:db8::1')).toBe(true);
    expect(isHostOrIp('999.1.1.1')).toBe(false);
  });
  test('isHttpUrl', () => {
    expect(isHttpUrl('https://example.com/a?b')).toBe(true);
    expect(isHttpUrl('http://127.0.0.1:8080')).toBe(true);
    expect(isHttpUrl('ftp://example.com')).toBe(false);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('example.com')).toBe(false);
  });
  test('utf8Length counts bytes', () => {
    expect(utf8Length('abc')).toBe(3);
    expect(utf8Length('سلام')).toBe(8);
    expect(utf8Length('🚀')).toBe(4);
  });
});

// Every request schema of the contract, found by name.
const SCHEMAS = Object.entries(contract).filter(([name, v]) => /Schema$|Params$/.test(name) && v && typeof v === 'object' && 'fields' in (v as object)) as [
  string,
  AnyObjectSchema,
][];

// JSON can carry all of these, including objects whose own keys shadow Object.prototype members.
const ODD_VALUES: unknown[] = [
  null,
  {},
  [],
  [1, 'a'],
  'x',
  '',
  '   ',
  -1,
  1.5,
  0,
  2 ** 40,
  true,
  'x'.repeat(300_000),
  JSON.parse('{"toString": 1}'),
  JSON.parse('{"toString": 1, "valueOf": 1}'),
  JSON.parse('{"__proto__": {"x": 1}, "constructor": 1}'),
];

describe('every failure is a contract message id', () => {
  test('the schemas are all found', () => {
    const names = SCHEMAS.map(([n]) => n);
    for (const n of [
      'userCreateSchema',
      'appSettingsSchema',
      'adSettingsSchema',
      'serverSchema',
      'profileCreateSchema',
      'devicesQuerySchema',
      'privacySchema',
      'blockVersionSchema',
      'changeStatusParams',
      'signInSchema',
      'changePasswordSchema',
    ]) {
      expect(names).toContain(n);
    }
  });

  test.each(SCHEMAS.filter(([n]) => !['signInSchema', 'changePasswordSchema'].includes(n)))('%s: odd values in every field', async (_name, schema) => {
    const unknown: string[] = [];
    for (const field of Object.keys(schema.fields)) {
      for (const value of ODD_VALUES) {
        const errors = await errorsOf(schema, { [field]: value });
        for (const [path, message] of Object.entries(errors))
          if (!KNOWN_MESSAGE_IDS.has(message)) unknown.push(`${path}=${JSON.stringify(value).slice(0, 20)}: ${message}`);
      }
    }
    for (const body of ODD_VALUES) {
      const errors = await errorsOf(schema, body);
      for (const message of Object.values(errors)) if (!KNOWN_MESSAGE_IDS.has(message)) unknown.push(`body: ${message}`);
    }
    expect(unknown).toEqual([]);
  });
});

describe('bounds of every field (docs/architecture.md §5)', () => {
  /** Every string field of every exported request schema, with its maximum length (undefined: none). */
  const stringFields = () => {
    const out: Array<[string, number | undefined]> = [];
    const walk = (name: string, d: Record<string, any>, path: string) => {
      if (d.type === 'object') for (const [k, f] of Object.entries(d.fields ?? {})) walk(name, f as Record<string, any>, path ? `${path}.${k}` : k);
      else if (d.type === 'array' && d.innerType) walk(name, d.innerType, `${path}[]`);
      else if (d.type === 'string') out.push([`${name}.${path}`, d.tests.find((x: { name?: string }) => x.name === 'max')?.params?.max]);
    };
    for (const [name, value] of Object.entries(contract)) {
      if (value && typeof value === 'object' && '__isYupSchema__' in value) walk(name, (value as AnyObjectSchema).describe(), '');
    }
    return out;
  };

  it('gives every text field a maximum length, so no text reaches the database unbounded', () => {
    const fields = stringFields();
    expect(fields.length).toBeGreaterThan(50);
    expect(fields.filter(([, max]) => typeof max !== 'number' || max > contract.PRIVACY_MAX_BYTES)).toEqual([]);
    expect(Object.fromEntries(fields)).toMatchObject({ 'signInSchema.email': 255, 'signInSchema.password': 255 });
  });

  it('refuses numbers outside the 32-bit range and numeric text that is not plain decimal', async () => {
    expect(await errorsOf(contract.serversQuerySchema, { appId: '99999999999' })).toEqual({ appId: 'validation.max' });
    expect(await errorsOf(contract.serversQuerySchema, { appId: '1e20' })).toEqual({ appId: 'validation.number' });
    expect(await errorsOf(contract.serversQuerySchema, { appId: '0x1' })).toEqual({ appId: 'validation.number' });
    expect(await errorsOf(contract.idParamsSchema, { id: '+1' })).toEqual({ id: 'validation.number' });
    expect(await errorsOf(contract.idParamsSchema, { id: '1.0' })).toEqual({ id: 'validation.integer' });
    // An id as text has one spelling: plain digits, no spaces, no leading zero (`%206`, `06`).
    for (const id of [' 12 ', ' 6', '6 ', '06', '00', '0', '1_0', '\u0666'])
      expect([id, await errorsOf(contract.idParamsSchema, { id })]).not.toEqual([id, {}]);
    for (const id of ['1', '12', '2147483647', 7]) expect(await errorsOf(contract.idParamsSchema, { id })).toEqual({});
    expect(await errorsOf(contract.serversQuerySchema, { appId: '06' })).toEqual({ appId: 'validation.integer' });
    expect(await errorsOf(contract.idsSchema, { ids: [3, '04'] })).toEqual({ 'ids[1]': 'validation.integer' });
    expect(await errorsOf(contract.blockVersionSchema, { appId: 1, appVersion: 1e20 })).toEqual({ appVersion: 'validation.max' });
  });
});
