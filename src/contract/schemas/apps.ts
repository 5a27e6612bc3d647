// Request bodies of the application calls (docs/product.md §7 "Applications and settings"): the app record,
// its status, and the application settings with their docs/product.md §3 grouping and docs/product.md §6 edit rights.
import * as yup from 'yup';
import { TOO_LONG, V } from '../errors';
import { DETECT_LOCATION_BY } from '../enums';
import { TEXT_MAX, bool, englishOnly, isHttpUrl, isIpAddress, nonBlank, nonNegativeInt, optionalEmail, optionalText, positiveId, str, body, visibleText } from './common';
import { appVersionField } from './versions';

/** Android application id: two or more dot-separated segments, each a letter then letters, digits or `_`. */
export const PACKAGE_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;
export const isPackageName = (v: string): boolean => v.length <= TEXT_MAX.medium && PACKAGE_NAME_PATTERN.test(v);

/**
 * POST apps/storeApp and PUT apps/updateApp/{id}. Empty optional fields become null (docs/product.md §5).
 * The name may be Persian (the phones show it) but holds no bidi control or zero-width character;
 * the technical fields are English-only, as the form's inputs are.
 */
export const appSchema = body({
  name: visibleText(nonBlank(TEXT_MAX.short)),
  packageName: nonBlank().test('package', V.packageName, (v) => v == null || isPackageName(v)),
  sign: englishOnly(nonBlank(TEXT_MAX.long)),
  adminId: positiveId(),
  cppSign: englishOnly(optionalText(TEXT_MAX.long)),
  firebaseConfig: englishOnly(optionalText(TEXT_MAX.config)),
  email: optionalEmail(),
  description: optionalText(TEXT_MAX.long),
});
export type AppBody = yup.InferType<typeof appSchema>;

/** PUT apps/changeStatus/{id}/{state}: path params; state is `true`/`false` (also `1`/`0`). */
export const changeStatusParams = body({
  id: positiveId(),
  state: bool().required(V.required),
});
export type ChangeStatusParams = yup.InferType<typeof changeStatusParams>;

/** The status filter of the application lists: all, active only (`true`) or inactive only (`false`). */
export const APP_STATUS_FILTERS = ['all', 'true', 'false'] as const;
export type AppStatusFilter = (typeof APP_STATUS_FILTERS)[number];

/**
 * GET apps?state=appAdmin (the caller's apps) or all apps without it. Optional server-side filters:
 * `search` (name, package, admin name, API key; case-insensitive substring) and `active`
 * (all when absent).
 */
export const appsQuerySchema = body({
  state: str().oneOf(['appAdmin'] as const, V.oneOf).optional(),
  search: optionalText(TEXT_MAX.medium),
  active: str().oneOf(APP_STATUS_FILTERS, V.oneOf).optional(),
});
export type AppsQuery = yup.InferType<typeof appsQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Application settings (POST apps/updateSettings/{id}): any subset of the docs/product.md §3 fields.

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
const asciiOfLength = (n: number) =>
  str().test('length', V.length, (v) => v == null || new RegExp(`^[\\x21-\\x7E]{${n}}$`).test(v));

/** Free text with no charset rule (the Persian update text). */
const text = (max: number) => optionalText(max);
/** Free text under the form's default rule: English letters, digits, whitespace and ASCII punctuation. */
const englishField = (max: number = TEXT_MAX.medium) => englishOnly(optionalText(max));

export const appSettingsSchema = body({
  // Links and text
  aboutLink: httpLink(),
  policyLink: httpLink(),
  googlePlayLink: httpLink(),
  instagram: socialLink(),
  telegram: socialLink(),
  youtube: socialLink(),
  updateText: text(TEXT_MAX.long),
  englishUpdateText: englishField(TEXT_MAX.long),
  email: optionalEmail(),
  // Versioning and blocking
  appVersion: appVersionField().nonNullable(V.required),
  forceUpdate: bool(),
  blockVersion: appVersionField().nullable(),
  activeBlockVersion: bool(),
  // Ads and connection
  adsForceByVPN: bool(),
  adsForceByVPNInForeign: bool(),
  adsForceByVPNInIran: bool(),
  autoConnect: bool(),
  configsActive: bool(),
  connectDelay: nonNegativeInt(),
  disconnectDelay: nonNegativeInt(),
  UserConnectionLimit: nonNegativeInt(),
  // Location and encryption
  detectLocationBy: str().oneOf(DETECT_LOCATION_BY, V.oneOf).nonNullable(V.required),
  activeEncryptSetting: bool(),
  repoName: englishField(200).test('repo', V.checkInput, (v) => v == null || !/\s/.test(v)),
  // Smart mode and pings
  smartActive: bool(),
  autoConnectPing: nonNegativeInt(),
  connectionPing: nonNegativeInt(),
  dnsServer: englishOnly(visibleText(optionalText(TEXT_MAX.medium))),
  clickToContinue: bool(),
  foreignSmart: bool(),
  delaySmart: nonNegativeInt(),
  loadSmartTogether: bool(),
  // Restart limits
  restartTimeLimit: nonNegativeInt(),
  restartTimeLimitEnabled: bool(),
  // Countries (known codes are checked by the server against the countries table)
  selectedCountries: countryList(),
  blockedCountries: countryList(),
  // Keys and delays
  newCoreKey: asciiOfLength(32).nonNullable(V.length),
  newCoreIv: asciiOfLength(16).nonNullable(V.length),
  staticConfigDelay: nonNegativeInt(),
  cppKey: englishField(TEXT_MAX.medium),
  cppIv: englishField(TEXT_MAX.medium),
  robotIp: optionalText(45).test('ip', V.ip, (v) => v == null || isIpAddress(v)),
  // An action, not a stored field: `true` generates a robot API key, answered once as data.robotApiKey.
  robotApiKey: bool().oneOf([true] as const, V.checkInput),
});
export type AppSettingsBody = yup.InferType<typeof appSettingsSchema>;
export type AppSettingsField = keyof AppSettingsBody;

/** The docs/product.md §3 grouping of the settings, in display order, for the settings form. */
export const SETTINGS_GROUPS = {
  linksAndText: ['aboutLink', 'policyLink', 'googlePlayLink', 'instagram', 'telegram', 'youtube', 'updateText', 'englishUpdateText', 'email'],
  versioning: ['appVersion', 'forceUpdate', 'blockVersion', 'activeBlockVersion'],
  adsAndConnection: ['adsForceByVPN', 'adsForceByVPNInForeign', 'adsForceByVPNInIran', 'autoConnect', 'configsActive', 'connectDelay', 'disconnectDelay', 'UserConnectionLimit'],
  locationAndEncryption: ['detectLocationBy', 'activeEncryptSetting', 'repoName'],
  smartAndPings: ['smartActive', 'autoConnectPing', 'connectionPing', 'dnsServer', 'clickToContinue', 'foreignSmart', 'delaySmart', 'loadSmartTogether'],
  restartLimits: ['restartTimeLimit', 'restartTimeLimitEnabled'],
  countries: ['selectedCountries', 'blockedCountries'],
  keysAndDelays: ['newCoreKey', 'newCoreIv', 'staticConfigDelay', 'cppKey', 'cppIv', 'robotIp'],
} as const satisfies Record<string, readonly AppSettingsField[]>;
export type SettingsGroup = keyof typeof SETTINGS_GROUPS;

/**
 * Settings only role_id 1 may change (docs/product.md §6); the server answers 403 when anyone else sends one.
 * robotApiKey is here too: generating a robot key is a role_id 1 action (docs/product.md §2).
 */
export const TOP_ADMIN_ONLY_SETTINGS = [
  // social links
  'instagram', 'telegram', 'youtube', 'googlePlayLink',
  // ads-force toggles
  'adsForceByVPN', 'adsForceByVPNInForeign', 'adsForceByVPNInIran',
  'configsActive',
  'autoConnect',
  // advanced
  'delaySmart', 'detectLocationBy', 'activeEncryptSetting', 'connectionPing', 'autoConnectPing', 'clickToContinue',
  'dnsServer', 'foreignSmart', 'repoName', 'restartTimeLimit', 'restartTimeLimitEnabled', 'robotIp', 'loadSmartTogether',
  'selectedCountries', 'blockedCountries', 'newCoreKey', 'newCoreIv', 'staticConfigDelay', 'cppKey', 'cppIv',
  'robotApiKey',
] as const satisfies readonly AppSettingsField[];

/**
 * Settings every role with access to the app may change (docs/product.md §6's list), plus four fields docs/product.md §6
 * does not name, decided here:
 * - updateText and englishUpdateText go with appVersion/forceUpdate: whoever publishes an update writes its text;
 * - blockVersion goes with activeBlockVersion, which everyone may change;
 * - smartActive (the application-settings switch; not in §6's advanced list, unlike delaySmart,
 *   foreignSmart and loadSmartTogether). role_id 5's restriction concerns the smart section of the
 *   AD settings (SMART_AD_FIELDS in ads.ts), which is a separate stored value.
 */
export const EVERYONE_SETTINGS = [
  'email', 'UserConnectionLimit', 'connectDelay', 'disconnectDelay', 'policyLink', 'aboutLink', 'appVersion',
  'forceUpdate', 'activeBlockVersion',
  'updateText', 'englishUpdateText', 'blockVersion', 'smartActive',
] as const satisfies readonly AppSettingsField[];

/** Whether a settings field is restricted to role_id 1. */
export const isTopAdminOnlySetting = (field: string): boolean =>
  (TOP_ADMIN_ONLY_SETTINGS as readonly string[]).includes(field);

/** Fields docs/product.md §5 marks required in the settings FORM (the server accepts any subset). */
export const SETTINGS_REQUIRED_IN_FORM = ['appVersion', 'connectDelay', 'disconnectDelay', 'restartTimeLimit', 'staticConfigDelay'] as const satisfies readonly AppSettingsField[];

/** The settings form's schema: appSettingsSchema with SETTINGS_REQUIRED_IN_FORM required. */
export const appSettingsFormSchema = appSettingsSchema.shape({
  appVersion: appVersionField().required(V.required),
  connectDelay: nonNegativeInt().required(V.required),
  disconnectDelay: nonNegativeInt().required(V.required),
  restartTimeLimit: nonNegativeInt().required(V.required),
  staticConfigDelay: nonNegativeInt().required(V.required),
});
export type AppSettingsFormValues = yup.InferType<typeof appSettingsFormSchema>;
