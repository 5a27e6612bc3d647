// Response bodies of the settings calls, described once like ./responses.ts: an application's
// settings (GET apps/getApp's `settings`), its ad settings, the privacy policy and the operator names.
import * as yup from 'yup';
import { OPERATOR_SETTING_KEYS } from './schemas/servers';
import { isoTime, text } from './response-fields';
import { appSettingsAnswerShape } from './schemas/app-settings';
import { appListItemSchema } from './responses';

/** GET apps/getApp's `settings`: every settings field by its contract name (schemas/app-settings.ts). */
export const appSettingsDtoSchema = yup.object(appSettingsAnswerShape()).defined();

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
