// The input rules a security review found the server skipping, at the contract (the one home of
// the rules the panel's forms and the server share): the docs/product.md §5 text rules on the
// fields the panel marks, no bidi controls or zero-width characters in the names phones show,
// ids with one spelling, and the JSON type check the server runs on bodies (jsonTypeErrors).
import type { AnyObjectSchema } from 'yup';
import {
  V,
  adSettingsSchema,
  appSchema,
  appSettingsSchema,
  changePasswordSchema,
  deviceRegisterSchema,
  deviceUpdateSchema,
  hasInvisibleControls,
  VISIBLE_TEXT,
  idParamsSchema,
  jsonTypeErrors,
  menuInputSchema,
  operatorSettingsSchema,
  profileCreateSchema,
  roleInputSchema,
  serverSchema,
  setRepoSchema,
  userCreateSchema,
  userUpdateSchema,
  adminSetPasswordSchema,
  blockVersionSchema,
  privacySchema,
  wordEncryptionSchema,
} from '../../../src/contract';
import { errorsOf } from './validate-helper';

const PERSIAN = 'متن';

/** One field alone: its message id for `value` (undefined when it passes), whatever the others do. */
async function fieldError(schema: AnyObjectSchema, field: string, value: unknown): Promise<string | undefined> {
  return (await errorsOf(schema, { [field]: value }))[field];
}

// The panel's text inputs, by form (src/features/**): English-only is every input's default
// (TextInput, EnglishTextField, PasswordField), Persian-only is PersianTextField, `any` is charset="any".
const ENGLISH_ONLY: [string, AnyObjectSchema, string[]][] = [
  ['app form', appSchema, ['sign', 'cppSign', 'firebaseConfig', 'packageName', 'email']],
  [
    'settings tab',
    appSettingsSchema,
    [
      'aboutLink',
      'policyLink',
      'googlePlayLink',
      'instagram',
      'telegram',
      'youtube',
      'englishUpdateText',
      'email',
      'repoName',
      'dnsServer',
      'newCoreKey',
      'newCoreIv',
      'cppKey',
      'cppIv',
      'robotIp',
    ],
  ],
  ['ads tab', adSettingsSchema, ['IDApp', 'intCon', 'rew', 'smartIntDis']],
  ['server form', serverSchema, ['ip', 'username', 'password']],
  ['device form (edit)', deviceUpdateSchema, ['uniqueDeviceId', 'fcmToken', 'model']],
  ['device form (new)', deviceRegisterSchema, ['uniqueDeviceId', 'fcmToken', 'model']],
  ['profile form', profileCreateSchema, ['name']],
  ['user form', userCreateSchema, ['eName', 'eFamily', 'email', 'mobile', 'website', 'username', 'password']],
  ['user edit form', userUpdateSchema, ['eName', 'eFamily', 'email', 'mobile', 'website', 'username']],
  ['admin password form', adminSetPasswordSchema, ['password']],
  ['change password form', changePasswordSchema, ['password']],
  ['role form', roleInputSchema, ['name']],
  ['menu form', menuInputSchema, ['enName', 'route']],
  ['set repo form', setRepoSchema, ['repoName']],
];
const PERSIAN_ONLY: [string, AnyObjectSchema, string[]][] = [
  ['user form', userCreateSchema, ['name', 'family']],
  ['user edit form', userUpdateSchema, ['name', 'family']],
  ['menu form', menuInputSchema, ['pName']],
];
const ANY_TEXT: [string, AnyObjectSchema, string[]][] = [
  ['app form', appSchema, ['name', 'description']],
  ['settings tab', appSettingsSchema, ['updateText']],
  ['operator settings', operatorSettingsSchema, ['wifiOperatorName', 'mciOperatorName', 'irancellOperatorName', 'othersOperatorName']],
  ['user form', userCreateSchema, ['address', 'about']],
  ['role form', roleInputSchema, ['description']],
  ['encryptor', wordEncryptionSchema, ['word']],
];

describe('the docs/product.md §5 text rules, on the fields the panel marks', () => {
  test.each(ENGLISH_ONLY)('%s: English-only fields refuse Persian', async (_form, schema, fields) => {
    for (const field of fields) {
      const error = await fieldError(schema, field, `a${PERSIAN}`);
      expect([field, error]).not.toEqual([field, undefined]);
    }
  });

  test('the fields that had no rule of their own answer englishOnly', async () => {
    const cases: [AnyObjectSchema, string][] = [
      [appSchema, 'sign'],
      [appSchema, 'cppSign'],
      [appSchema, 'firebaseConfig'],
      [appSettingsSchema, 'aboutLink'],
      [appSettingsSchema, 'instagram'],
      [appSettingsSchema, 'repoName'],
      [appSettingsSchema, 'dnsServer'],
      [appSettingsSchema, 'cppKey'],
      [appSettingsSchema, 'cppIv'],
      [adSettingsSchema, 'IDApp'],
      [serverSchema, 'username'],
      [serverSchema, 'password'],
      [deviceUpdateSchema, 'fcmToken'],
      [deviceUpdateSchema, 'uniqueDeviceId'],
      [deviceUpdateSchema, 'model'],
      [userCreateSchema, 'website'],
      [userCreateSchema, 'password'],
      [changePasswordSchema, 'password'],
      [setRepoSchema, 'repoName'],
    ];
    for (const [schema, field] of cases) expect([field, await fieldError(schema, field, `https://example.com/${PERSIAN}`)]).toEqual([field, V.englishOnly]);
  });

  test.each(PERSIAN_ONLY)('%s: Persian-only fields refuse English', async (_form, schema, fields) => {
    for (const field of fields) {
      expect([field, await fieldError(schema, field, 'Ali')]).toEqual([field, V.persianOnly]);
      expect([field, await fieldError(schema, field, 'علی')]).toEqual([field, undefined]);
    }
  });

  test.each(ANY_TEXT)('%s: fields of any script take Persian', async (_form, schema, fields) => {
    for (const field of fields) expect([field, await fieldError(schema, field, 'برنامه‌ی من')]).toEqual([field, undefined]);
  });
});

describe('names the phones show hold no bidi control or zero-width character', () => {
  const CONTROLS = [
    '\u202A',
    '\u202B',
    '\u202C',
    '\u202D',
    '\u202E',
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
    '\u200B',
    '\u200D',
    '\u200E',
    '\u200F',
    '\u061C',
    '\u2060',
    '\uFEFF',
  ];

  test('hasInvisibleControls: every control, and a ZWNJ anywhere but inside a Persian word', () => {
    for (const ch of CONTROLS) expect([ch.codePointAt(0)!.toString(16), hasInvisibleControls(`ab${ch}cd`)]).toEqual([ch.codePointAt(0)!.toString(16), true]);
    for (const v of ['apple\u200C', '\u200Cفای', 'a\u200Cb', 'وای\u200C', 'وای\u200C فای']) expect([v, hasInvisibleControls(v)]).toEqual([v, true]);
    for (const v of ['وای\u200Cفای', 'همراه اول', 'My App 2', 'می‌خواهم', '']) expect([v, hasInvisibleControls(v)]).toEqual([v, false]);
  });

  test('VISIBLE_TEXT, the pattern the OpenAPI document carries, accepts exactly what hasInvisibleControls lets through', () => {
    const fixed = [
      ...CONTROLS.map((ch) => `ab${ch}cd`),
      'apple\u200C',
      '\u200Cفای',
      'a\u200Cb',
      'وای\u200C',
      'وای\u200C فای',
      'وای\u200Cفای',
      'می‌خواهم',
      '\u061C\u200Cب',
      'ب\u200C\u200Cپ',
      'ب\u200Cپ\u200Cت',
      '',
    ];
    // Every string of up to 4 characters over letters of both scripts, a space, ZWNJ and the controls' edges.
    const alphabet = ['a', 'ب', 'پ', ' ', '\u200C', '\u061C', '\u200B', '\u200F', '\u2066', '\uFEFF', '\u06FF', '\u0600', '\u0700'];
    let all = [''];
    for (let n = 0; n < 4; n++) all = [...all, ...all.filter((v) => v.length === n).flatMap((v) => alphabet.map((ch) => v + ch))];
    const differ = [...fixed, ...all].filter((v) => VISIBLE_TEXT.test(v) === hasInvisibleControls(v));
    expect(differ.map((v) => [...v].map((ch) => ch.codePointAt(0)!.toString(16)))).toEqual([]);
    expect(all.length).toBeGreaterThan(30_000);
  });

  test.each([
    ['app name', appSchema, 'name'],
    ['operator name', operatorSettingsSchema, 'mciOperatorName'],
    ['profile name', profileCreateSchema, 'name'],
    ['server name', serverSchema, 'ip'],
    ['DNS server', appSettingsSchema, 'dnsServer'],
  ] as const)('%s', async (_label, schema, field) => {
    for (const ch of CONTROLS) expect(await fieldError(schema, field, `example${ch}.com`)).toBe(V.invisibleCharacters);
  });
});

describe('ids sent as text have one spelling', () => {
  test.each([' 6', '6 ', '06', '\t6', '+6', '6.0', '0x6', '6e0', '٦'])('%p is refused', async (id) => {
    expect(await errorsOf(idParamsSchema, { id })).not.toEqual({});
  });
  test('plain digits and JSON numbers pass', async () => {
    expect(await errorsOf(idParamsSchema, { id: '6' })).toEqual({});
    expect(await errorsOf(idParamsSchema, { id: 6 })).toEqual({});
  });
});

describe('jsonTypeErrors: a JSON body typed as its schema says', () => {
  test('text, numbers and booleans of the wrong JSON type, at any depth', () => {
    expect(jsonTypeErrors(privacySchema, { privacy: 123 })).toEqual({ privacy: V.checkInput });
    expect(jsonTypeErrors(roleInputSchema, { name: true, description: 5 })).toEqual({ name: V.checkInput, description: V.checkInput });
    expect(jsonTypeErrors(serverSchema, { appId: [1, '2'], countryId: '98', port: '22', ip: 'x' })).toEqual({
      'appId[1]': V.number,
      countryId: V.number,
      port: V.number,
    });
    expect(jsonTypeErrors(appSettingsSchema, { forceUpdate: 'true', autoConnect: 1, connectDelay: '' })).toEqual({
      forceUpdate: V.checkInput,
      autoConnect: V.checkInput,
      connectDelay: V.number,
    });
  });

  test('absent and null values are the schema’s own business; right types and unknown keys pass', () => {
    expect(jsonTypeErrors(appSchema, { name: 'x', cppSign: null, extra: 5 })).toEqual({});
    expect(jsonTypeErrors(serverSchema, {})).toEqual({});
    // Not an object at all: the schema answers that (checkInput on the body).
    expect(jsonTypeErrors(serverSchema, 'text')).toEqual({});
    expect(jsonTypeErrors(serverSchema, { appId: 'all' })).toEqual({});
  });

  test('the app version takes numeric text in JSON too, as documented (versions.ts)', () => {
    expect(jsonTypeErrors(blockVersionSchema, { appId: 1, appVersion: '1.20' })).toEqual({});
    expect(jsonTypeErrors(blockVersionSchema, { appId: '1', appVersion: true })).toEqual({ appId: V.number, appVersion: V.number });
    expect(jsonTypeErrors(deviceRegisterSchema, { fcmToken: 't', uniqueDeviceId: 'd', appVersionCode: '2' })).toEqual({});
  });
});
