// How each docs/product.md §3 settings field is edited (kind, number step) and what the form sends: every
// field, minus the role_id 1-only ones for anyone else (the server 403s on them), minus the
// values the form never had (secret keys are answered to role_id 1 only).
import {
  SETTINGS_GROUPS,
  isTopAdminOnlySetting,
  type AppSettingsBody,
  type AppSettingsDto,
  type AppSettingsField,
  type AppSettingsFormValues,
} from '../../../contract';

export type FieldKind = 'link' | 'text' | 'persianText' | 'englishText' | 'switch' | 'int' | 'version' | 'time' | 'select' | 'countries';

export const FIELD_KINDS: Record<Exclude<AppSettingsField, 'robotApiKey'>, FieldKind> = {
  aboutLink: 'link',
  policyLink: 'link',
  googlePlayLink: 'link',
  instagram: 'link',
  telegram: 'link',
  youtube: 'link',
  updateText: 'persianText',
  englishUpdateText: 'englishText',
  email: 'link',
  appVersion: 'version',
  forceUpdate: 'switch',
  blockVersion: 'version',
  activeBlockVersion: 'switch',
  adsForceByVPN: 'switch',
  adsForceByVPNInForeign: 'switch',
  adsForceByVPNInIran: 'switch',
  autoConnect: 'switch',
  configsActive: 'switch',
  connectDelay: 'int',
  disconnectDelay: 'int',
  UserConnectionLimit: 'time',
  detectLocationBy: 'select',
  activeEncryptSetting: 'switch',
  repoName: 'text',
  smartActive: 'switch',
  autoConnectPing: 'int',
  connectionPing: 'int',
  dnsServer: 'text',
  clickToContinue: 'switch',
  foreignSmart: 'switch',
  delaySmart: 'int',
  loadSmartTogether: 'switch',
  restartTimeLimit: 'int',
  restartTimeLimitEnabled: 'switch',
  selectedCountries: 'countries',
  blockedCountries: 'countries',
  newCoreKey: 'text',
  newCoreIv: 'text',
  staticConfigDelay: 'int',
  cppKey: 'text',
  cppIv: 'text',
  robotIp: 'text',
};

export const SETTINGS_FIELDS = Object.values(SETTINGS_GROUPS).flat() as Exclude<AppSettingsField, 'robotApiKey'>[];

/**
 * The form's starting values. Text nulls become '' (an input shows nothing); optional numbers that
 * are null (the two pings) become '' too, which the schema reads as "not given", so an untouched
 * empty ping is left out of the body rather than refused.
 */
export function toFormValues(settings: AppSettingsDto): AppSettingsFormValues {
  const values: Record<string, unknown> = {};
  for (const field of SETTINGS_FIELDS) {
    const v = (settings as unknown as Record<string, unknown>)[field];
    if (v === undefined) continue;
    const kind = FIELD_KINDS[field];
    if (v === null) values[field] = kind === 'version' ? null : '';
    else values[field] = v;
  }
  return values as AppSettingsFormValues;
}

/** The body of POST apps/updateSettings for this role. */
export function toSettingsBody(values: AppSettingsFormValues, topAdmin: boolean): Partial<AppSettingsBody> {
  const body: Record<string, unknown> = {};
  for (const field of SETTINGS_FIELDS) {
    if (!topAdmin && isTopAdminOnlySetting(field)) continue;
    const v = (values as Record<string, unknown>)[field];
    if (v === undefined) continue;
    body[field] = v;
  }
  return body as Partial<AppSettingsBody>;
}
