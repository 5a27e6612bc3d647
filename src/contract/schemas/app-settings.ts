// The application settings (docs/product.md §3), one line per field: how a request is checked, how
// the answer describes it, how the form edits it and in which group, who may change it (docs/product.md
// §6), and where the phones' config carries it. Everything else is derived from this table: the
// request and answer schemas, the form's groups, kinds and required fields, the role split, the
// secret keys answered to role_id 1 only, and the config projection (server/src/domain/client-config.ts).
// The stored columns (server/src/db/schema/apps.ts) carry the same keys.
import * as yup from 'yup';
import { TOO_LONG, V } from '../errors';
import { DETECT_LOCATION_BY } from '../enums';
import * as answer from '../response-fields';
import { TEXT_MAX, body, bool, englishOnly, nonNegativeInt, num, optionalEmail, optionalText, str, visibleText } from './common';
import { isHttpUrl, isIpAddress } from './formats';
import { appVersionField } from './versions';

/** How the settings form edits a field. */
export type FieldKind = 'link' | 'text' | 'persianText' | 'englishText' | 'switch' | 'int' | 'version' | 'time' | 'select' | 'countries';

/** The docs/product.md §3 groups, in display order, and the field-health group the reports added. */
export const SETTINGS_GROUP_ORDER = [
  'linksAndText',
  'versioning',
  'adsAndConnection',
  'locationAndEncryption',
  'smartAndPings',
  'restartLimits',
  'countries',
  'keysAndDelays',
  'fieldHealth',
] as const;
export type SettingsGroup = (typeof SETTINGS_GROUP_ORDER)[number];

/** Where GET apps/client/config carries a field: its `settings`, `settings.links`, or nowhere. */
type ToClient = 'settings' | 'links' | 'none';

interface SettingDef<R extends yup.Schema, W extends 'everyone' | 'topAdmin', A extends yup.Schema> {
  kind: FieldKind;
  group: SettingsGroup;
  who: W;
  rule: () => R;
  answer: () => A;
  toClient: ToClient;
  /** Answered to role_id 1 only (the keys); everyone else's answer leaves it out. */
  secret?: true;
  /** Required in the form (docs/product.md §5); the server accepts any subset. */
  formRequired?: true;
  /** Takes the form's whole width. */
  wide?: true;
}
// `const` keeps each line's literals (who, toClient, secret …), so the derived key lists are typed.
const field = <const D extends SettingDef<yup.Schema, 'everyone' | 'topAdmin', yup.Schema>>(d: D) => d;

// Request rules shared by several fields.
/** Comma-separated ISO 3166 alpha-2 codes; spaces are dropped and letters upper-cased, empty means none. */
export const COUNTRY_CODES_PATTERN = /^[A-Z]{2}(,[A-Z]{2})*$/;
/** Splits a validated country list into its codes (`'IR,US'` → `['IR', 'US']`). */
export const splitCountryCodes = (v: string | null | undefined): string[] => (v ? v.split(',').filter(Boolean) : []);
const countryList = () =>
  str()
    .nullable()
    .transform((v: unknown) => (typeof v === 'string' ? v.replace(/\s+/g, '').toUpperCase() : v))
    .max(3 * 300, TOO_LONG)
    .test('codes', V.countryCodes, (v) => v == null || v === '' || COUNTRY_CODES_PATTERN.test(v));
/** A link field: empty/null, or an absolute http(s) URL in English text (the form's default rule). */
const httpLink = () => englishOnly(optionalText(TEXT_MAX.link)).test('url', V.url, (v) => v == null || isHttpUrl(v));
/**
 * A social field: a handle (`@name`) or a link. When it carries a scheme, the scheme must be
 * http(s) or tg, so that nothing like `javascript:` can be stored and later rendered as a link.
 */
const socialLink = () =>
  englishOnly(optionalText(TEXT_MAX.link)).test('safe-link', V.url, (v) => {
    if (v == null) return true;
    const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(v);
    if (!scheme) return !/\s/.test(v);
    return ['http', 'https', 'tg'].includes(scheme[1].toLowerCase()) && (scheme[1].toLowerCase() === 'tg' || isHttpUrl(v));
  });
/** Exactly `n` printable ASCII characters, so that n characters are n UTF-8 bytes (AES key/IV). */
const asciiOfLength = (n: number) => {
  const pattern = new RegExp(`^[\\x21-\\x7E]{${n}}$`);
  // The params carry the rule into the OpenAPI document (http/validation.ts reads length and pattern).
  return str().test({ name: 'length', message: V.length, params: { length: n, pattern }, test: (v) => v == null || pattern.test(v) });
};
/** Free text under the form's default rule: English letters, digits, whitespace and ASCII punctuation. */
const englishField = (max: number = TEXT_MAX.medium) => englishOnly(optionalText(max));
const intIn = (min: number, max: number) => num().integer(V.integer).min(min, V.min).max(max, V.max).nonNullable(V.required);
/** The failing threshold, below the working one when both are in the body (the server also checks the stored one). */
const failingBelowWorking = () =>
  intIn(0, 99).test('below', V.belowWorking, function (v) {
    const working = (this.parent as { healthWorkingPercent?: unknown }).healthWorkingPercent;
    return v == null || typeof working !== 'number' || v < working;
  });
const secretAnswer = () => yup.string().nullable().optional().meta({ description: 'role_id 1 only' });
const countriesAnswer = () => answer.text().meta({ description: "Comma-separated country codes; '' for none" });
const detectAnswer = () => yup.string().oneOf(DETECT_LOCATION_BY).defined();

/** Every stored setting, in display order within its group: one line each (the formatter leaves the table alone). */
// prettier-ignore
export const SETTING_FIELDS = {
  aboutLink: field({ kind: 'link', group: 'linksAndText', who: 'everyone', rule: httpLink, answer: answer.textOrNull, toClient: 'links' }),
  policyLink: field({ kind: 'link', group: 'linksAndText', who: 'everyone', rule: httpLink, answer: answer.textOrNull, toClient: 'links' }),
  googlePlayLink: field({ kind: 'link', group: 'linksAndText', who: 'topAdmin', rule: httpLink, answer: answer.textOrNull, toClient: 'none' }),
  instagram: field({ kind: 'link', group: 'linksAndText', who: 'topAdmin', rule: socialLink, answer: answer.textOrNull, toClient: 'links' }),
  telegram: field({ kind: 'link', group: 'linksAndText', who: 'topAdmin', rule: socialLink, answer: answer.textOrNull, toClient: 'links' }),
  youtube: field({ kind: 'link', group: 'linksAndText', who: 'topAdmin', rule: socialLink, answer: answer.textOrNull, toClient: 'links' }),
  // Whoever publishes an update writes its text (docs/product.md §6 does not name the two texts).
  updateText: field({ kind: 'persianText', group: 'linksAndText', who: 'everyone', rule: () => optionalText(TEXT_MAX.long), answer: answer.textOrNull, toClient: 'none', wide: true }),
  englishUpdateText: field({ kind: 'englishText', group: 'linksAndText', who: 'everyone', rule: () => englishField(TEXT_MAX.long), answer: answer.textOrNull, toClient: 'none', wide: true }),
  email: field({ kind: 'link', group: 'linksAndText', who: 'everyone', rule: optionalEmail, answer: answer.textOrNull, toClient: 'links' }),

  appVersion: field({ kind: 'version', group: 'versioning', who: 'everyone', rule: () => appVersionField().nonNullable(V.required), answer: answer.num, toClient: 'none', formRequired: true }),
  forceUpdate: field({ kind: 'switch', group: 'versioning', who: 'everyone', rule: bool, answer: answer.bool, toClient: 'none' }),
  // blockVersion goes with activeBlockVersion, which everyone may change.
  blockVersion: field({ kind: 'version', group: 'versioning', who: 'everyone', rule: () => appVersionField().nullable(), answer: () => answer.num().nullable(), toClient: 'none' }),
  activeBlockVersion: field({ kind: 'switch', group: 'versioning', who: 'everyone', rule: bool, answer: answer.bool, toClient: 'none' }),

  adsForceByVPN: field({ kind: 'switch', group: 'adsAndConnection', who: 'topAdmin', rule: bool, answer: answer.bool, toClient: 'settings' }),
  adsForceByVPNInForeign: field({ kind: 'switch', group: 'adsAndConnection', who: 'topAdmin', rule: bool, answer: answer.bool, toClient: 'settings' }),
  adsForceByVPNInIran: field({ kind: 'switch', group: 'adsAndConnection', who: 'topAdmin', rule: bool, answer: answer.bool, toClient: 'settings' }),
  autoConnect: field({ kind: 'switch', group: 'adsAndConnection', who: 'topAdmin', rule: bool, answer: answer.bool, toClient: 'settings' }),
  configsActive: field({ kind: 'switch', group: 'adsAndConnection', who: 'topAdmin', rule: bool, answer: answer.bool, toClient: 'settings' }),
  connectDelay: field({ kind: 'int', group: 'adsAndConnection', who: 'everyone', rule: nonNegativeInt, answer: answer.int, toClient: 'settings', formRequired: true }),
  disconnectDelay: field({ kind: 'int', group: 'adsAndConnection', who: 'everyone', rule: nonNegativeInt, answer: answer.int, toClient: 'settings', formRequired: true }),
  UserConnectionLimit: field({ kind: 'time', group: 'adsAndConnection', who: 'everyone', rule: nonNegativeInt, answer: () => answer.int().meta({ description: 'Seconds' }), toClient: 'settings', wide: true }),

  detectLocationBy: field({ kind: 'select', group: 'locationAndEncryption', who: 'topAdmin', rule: () => str().oneOf(DETECT_LOCATION_BY, V.oneOf).nonNullable(V.required), answer: detectAnswer, toClient: 'settings' }),
  activeEncryptSetting: field({ kind: 'switch', group: 'locationAndEncryption', who: 'topAdmin', rule: bool, answer: answer.bool, toClient: 'settings' }),
  // Stored on the app (apps.repo_name); the five encrypted source-host URLs follow it.
  repoName: field({ kind: 'text', group: 'locationAndEncryption', who: 'topAdmin', rule: () => englishField(200).test('repo', V.checkInput, (v) => v == null || !/\s/.test(v)), answer: answer.textOrNull, toClient: 'none' }),

  // The application's smart-mode switch; role_id 5's limit concerns the ad settings' smart section.
  smartActive: field({ kind: 'switch', group: 'smartAndPings', who: 'everyone', rule: bool, answer: answer.bool, toClient: 'settings' }),
  autoConnectPing: field({ kind: 'int', group: 'smartAndPings', who: 'topAdmin', rule: nonNegativeInt, answer: () => answer.int().nullable(), toClient: 'settings' }),
  connectionPing: field({ kind: 'int', group: 'smartAndPings', who: 'topAdmin', rule: nonNegativeInt, answer: () => answer.int().nullable(), toClient: 'settings' }),
  dnsServer: field({ kind: 'text', group: 'smartAndPings', who: 'topAdmin', rule: () => englishOnly(visibleText(optionalText(TEXT_MAX.medium))), answer: answer.textOrNull, toClient: 'settings' }),
  clickToContinue: field({ kind: 'switch', group: 'smartAndPings', who: 'topAdmin', rule: bool, answer: answer.bool, toClient: 'settings' }),
  foreignSmart: field({ kind: 'switch', group: 'smartAndPings', who: 'topAdmin', rule: bool, answer: answer.bool, toClient: 'settings' }),
  delaySmart: field({ kind: 'int', group: 'smartAndPings', who: 'topAdmin', rule: nonNegativeInt, answer: answer.int, toClient: 'settings' }),
  loadSmartTogether: field({ kind: 'switch', group: 'smartAndPings', who: 'topAdmin', rule: bool, answer: answer.bool, toClient: 'settings' }),

  restartTimeLimit: field({ kind: 'int', group: 'restartLimits', who: 'topAdmin', rule: nonNegativeInt, answer: answer.int, toClient: 'settings', formRequired: true }),
  restartTimeLimitEnabled: field({ kind: 'switch', group: 'restartLimits', who: 'topAdmin', rule: bool, answer: answer.bool, toClient: 'settings' }),

  // Known codes are checked by the server against the countries table.
  selectedCountries: field({ kind: 'countries', group: 'countries', who: 'topAdmin', rule: countryList, answer: countriesAnswer, toClient: 'settings', wide: true }),
  blockedCountries: field({ kind: 'countries', group: 'countries', who: 'topAdmin', rule: countryList, answer: countriesAnswer, toClient: 'settings', wide: true }),

  newCoreKey: field({ kind: 'text', group: 'keysAndDelays', who: 'topAdmin', rule: () => asciiOfLength(32).nonNullable(V.length), answer: secretAnswer, toClient: 'none', secret: true }),
  newCoreIv: field({ kind: 'text', group: 'keysAndDelays', who: 'topAdmin', rule: () => asciiOfLength(16).nonNullable(V.length), answer: secretAnswer, toClient: 'none', secret: true }),
  staticConfigDelay: field({ kind: 'int', group: 'keysAndDelays', who: 'topAdmin', rule: nonNegativeInt, answer: answer.int, toClient: 'settings', formRequired: true }),
  cppKey: field({ kind: 'text', group: 'keysAndDelays', who: 'topAdmin', rule: () => englishField(TEXT_MAX.medium), answer: secretAnswer, toClient: 'none', secret: true }),
  cppIv: field({ kind: 'text', group: 'keysAndDelays', who: 'topAdmin', rule: () => englishField(TEXT_MAX.medium), answer: secretAnswer, toClient: 'none', secret: true }),
  robotIp: field({ kind: 'text', group: 'keysAndDelays', who: 'topAdmin', rule: () => optionalText(45).test('ip', V.ip, (v) => v == null || isIpAddress(v)), answer: answer.textOrNull, toClient: 'none' }),

  // Field health: a profile failing for an operator leaves that operator's config when hideFailing
  // is on; the verdict counts the devices that reported within the window.
  hideFailing: field({ kind: 'switch', group: 'fieldHealth', who: 'topAdmin', rule: bool, answer: answer.bool, toClient: 'none' }),
  healthWindowMinutes: field({ kind: 'int', group: 'fieldHealth', who: 'topAdmin', rule: () => intIn(10, 1440), answer: answer.int, toClient: 'none' }),
  healthMinDevices: field({ kind: 'int', group: 'fieldHealth', who: 'topAdmin', rule: () => intIn(1, 1000), answer: answer.int, toClient: 'none' }),
  healthWorkingPercent: field({ kind: 'int', group: 'fieldHealth', who: 'topAdmin', rule: () => intIn(1, 100), answer: answer.int, toClient: 'none' }),
  healthFailingPercent: field({ kind: 'int', group: 'fieldHealth', who: 'topAdmin', rule: failingBelowWorking, answer: answer.int, toClient: 'none' }),
  healthProbationMinutes: field({ kind: 'int', group: 'fieldHealth', who: 'topAdmin', rule: () => intIn(0, 1440), answer: answer.int, toClient: 'none' }),
  // Alerts: a verdict turning to or from failing is posted here, signed with the secret (HMAC-SHA256).
  alertWebhookUrl: field({ kind: 'link', group: 'fieldHealth', who: 'topAdmin', rule: httpLink, answer: answer.textOrNull, toClient: 'none', wide: true }),
  alertWebhookSecret: field({ kind: 'text', group: 'fieldHealth', who: 'topAdmin', rule: () => englishField(TEXT_MAX.medium), answer: secretAnswer, toClient: 'none', secret: true }),
};

type Fields = typeof SETTING_FIELDS;
export type SettingKey = keyof Fields;
type KeysWhere<P extends Partial<AnyDef>> = { [K in SettingKey]: Fields[K] extends P ? K : never }[SettingKey];

const KEYS = Object.keys(SETTING_FIELDS) as SettingKey[];
type AnyDef = SettingDef<yup.Schema, 'everyone' | 'topAdmin', yup.Schema>;
const keysWhere = <P extends Partial<AnyDef>>(test: (d: AnyDef) => boolean) => KEYS.filter((k) => test(SETTING_FIELDS[k] as AnyDef)) as KeysWhere<P>[];
const shapeOf = <T>(pick: (d: Fields[SettingKey]) => T) => Object.fromEntries(KEYS.map((k) => [k, pick(SETTING_FIELDS[k])]));

/** POST apps/updateSettings/{id}: any subset of the fields, plus the robot-key action. */
export const appSettingsSchema = body({
  ...(shapeOf((d) => d.rule()) as { [K in SettingKey]: ReturnType<Fields[K]['rule']> }),
  // An action, not a stored field: `true` generates a robot API key, answered once as data.robotApiKey.
  robotApiKey: bool().oneOf([true] as const, V.checkInput),
});
export type AppSettingsBody = yup.InferType<typeof appSettingsSchema>;
export type AppSettingsField = keyof AppSettingsBody;

/** GET apps/getApp's `settings`: every field by its contract name (the keys for role_id 1 only). */
export const appSettingsAnswerShape = () => shapeOf((d) => d.answer()) as { [K in SettingKey]: ReturnType<Fields[K]['answer']> };

/** The fields by group, in display order, for the settings form. */
export const SETTINGS_GROUPS = Object.fromEntries(SETTINGS_GROUP_ORDER.map((g) => [g, KEYS.filter((k) => SETTING_FIELDS[k].group === g)])) as Record<
  SettingsGroup,
  SettingKey[]
>;

/** Settings only role_id 1 may change (docs/product.md §6); robotApiKey too (docs/product.md §2). */
export const TOP_ADMIN_ONLY_SETTINGS = [...keysWhere<{ who: 'topAdmin' }>((d) => d.who === 'topAdmin'), 'robotApiKey' as const];
/** Settings every role with access to the app may change. */
export const EVERYONE_SETTINGS = keysWhere<{ who: 'everyone' }>((d) => d.who === 'everyone');
/** The keys answered to role_id 1 only. */
export const SECRET_SETTINGS = keysWhere<{ secret: true }>((d) => d.secret === true);
/** Fields docs/product.md §5 marks required in the settings FORM. */
export const SETTINGS_REQUIRED_IN_FORM = keysWhere<{ formRequired: true }>((d) => d.formRequired === true);
/** The fields GET apps/client/config carries in `settings` and in `settings.links`. */
export const CLIENT_SETTINGS = keysWhere<{ toClient: 'settings' }>((d) => d.toClient === 'settings');
export const CLIENT_LINKS = keysWhere<{ toClient: 'links' }>((d) => d.toClient === 'links');

/** Whether a settings field is restricted to role_id 1. */
export const isTopAdminOnlySetting = (key: string): boolean => (TOP_ADMIN_ONLY_SETTINGS as readonly string[]).includes(key);

/** The settings form's schema: appSettingsSchema with SETTINGS_REQUIRED_IN_FORM required. */
export const appSettingsFormSchema = appSettingsSchema.shape(
  Object.fromEntries(SETTINGS_REQUIRED_IN_FORM.map((k) => [k, (SETTING_FIELDS[k].rule() as yup.NumberSchema).required(V.required)])) as Record<
    (typeof SETTINGS_REQUIRED_IN_FORM)[number],
    yup.NumberSchema<number>
  >,
);
export type AppSettingsFormValues = yup.InferType<typeof appSettingsFormSchema>;
