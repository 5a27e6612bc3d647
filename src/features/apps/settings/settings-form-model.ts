// What the settings form starts from and what it sends: every field of the contract's table, minus the
// role_id 1-only ones for anyone else (the server 403s on them), minus the values the form never had
// (secret keys are answered to role_id 1 only).
import {
  SETTINGS_GROUPS,
  SETTING_FIELDS,
  isTopAdminOnlySetting,
  type AppSettingsBody,
  type AppSettingsDto,
  type AppSettingsFormValues,
  type SettingKey,
} from '@/contract';

/** The form edits every field of the contract's table, in its groups' order. */
export const SETTINGS_FIELDS = Object.values(SETTINGS_GROUPS).flat();
const kindOf = (field: SettingKey) => SETTING_FIELDS[field].kind;

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
    const kind = kindOf(field);
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
