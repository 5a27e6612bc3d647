// Response bodies of the settings calls, described once like ./responses.ts: an application's
// settings (GET apps/getApp's `settings`), its ad settings, the privacy policy and the operator names.
import * as yup from 'yup';
import { DETECT_LOCATION_BY } from './enums';
import { OPERATOR_SETTING_KEYS } from './schemas/servers';
import { bool, int, isoTime, num, text, textOrNull } from './response-fields';
import { appListItemSchema } from './responses';

const topAdminOnly = () => yup.string().nullable().optional().meta({ description: 'role_id 1 only' });
const countryCodes = () => text().meta({ description: "Comma-separated country codes; '' for none" });

/** GET apps/getApp's `settings`: every docs/product.md §3 settings field by its SPEC name. */
export const appSettingsDtoSchema = yup
  .object({
    aboutLink: textOrNull(),
    policyLink: textOrNull(),
    googlePlayLink: textOrNull(),
    instagram: textOrNull(),
    telegram: textOrNull(),
    youtube: textOrNull(),
    updateText: textOrNull(),
    englishUpdateText: textOrNull(),
    email: textOrNull(),
    appVersion: num(),
    forceUpdate: bool(),
    blockVersion: num().nullable(),
    activeBlockVersion: bool(),
    adsForceByVPN: bool(),
    adsForceByVPNInForeign: bool(),
    adsForceByVPNInIran: bool(),
    autoConnect: bool(),
    configsActive: bool(),
    connectDelay: int(),
    disconnectDelay: int(),
    UserConnectionLimit: int().meta({ description: 'Seconds' }),
    detectLocationBy: yup.string().oneOf(DETECT_LOCATION_BY).defined(),
    activeEncryptSetting: bool(),
    repoName: textOrNull(),
    smartActive: bool(),
    autoConnectPing: int().nullable(),
    connectionPing: int().nullable(),
    dnsServer: textOrNull(),
    clickToContinue: bool(),
    foreignSmart: bool(),
    delaySmart: int(),
    loadSmartTogether: bool(),
    restartTimeLimit: int(),
    restartTimeLimitEnabled: bool(),
    selectedCountries: countryCodes(),
    blockedCountries: countryCodes(),
    /** role_id 1 only (left out for everyone else), with newCoreIv, cppKey and cppIv. */
    newCoreKey: topAdminOnly(),
    newCoreIv: topAdminOnly(),
    staticConfigDelay: int(),
    cppKey: topAdminOnly(),
    cppIv: topAdminOnly(),
    robotIp: textOrNull(),
  })
  .defined();

/** GET apps/getApp/{id}: the application (a row of GET apps) with its settings. */
export const appWithSettingsSchema = appListItemSchema.shape({ settings: appSettingsDtoSchema });

/** One entry of GET apps/adsSettings; string ids, boolean flags, integer intervals (seconds). */
export const adSettingEntrySchema = yup
  .object({
    key: text(),
    value: yup
      .mixed<string | boolean | number>()
      .defined()
      .meta({ description: 'string (ids), boolean (adMob, *Active, gdprActive, smartActive) or integer seconds (*Interval)' }),
  })
  .defined();

/** GET apps/privacy and the apps/setPrivacy answer: the stored policy. */
export const privacyDtoSchema = yup
  .object({
    privacy: text().meta({ description: 'Sanitised HTML; empty when no policy was saved' }),
    updatedAt: isoTime('Last save; null when never saved').nullable(),
  })
  .defined();

type OperatorSettingKey = (typeof OPERATOR_SETTING_KEYS)[number];

/** GET apps/settings/operators: the four operator display names ('' for one never saved). */
export const operatorNamesSchema = yup
  .object(Object.fromEntries(OPERATOR_SETTING_KEYS.map((k) => [k, text()])) as Record<OperatorSettingKey, ReturnType<typeof text>>)
  .defined();
