// The ad form's values from GET apps/adsSettings ({key, value} entries) and the body of
// POST apps/updateSettingsAdmob for a role (docs/product.md §6: only the role named admin sends the ad text
// fields; role_id 5 neither sees nor sends the smart section).
import {
  AD_MASTER_KEY,
  AD_SLOTS,
  AD_TEXT_FIELDS,
  SMART_AD_FIELDS,
  SMART_AD_SLOTS,
  type AdSettingEntry,
  type AdSettingsBody,
  type AdSettingsField,
  type AdSlot,
} from '@/contract';

export type AdFormValues = AdSettingsBody;

export const REGULAR_SLOTS = AD_SLOTS.filter((s) => !SMART_AD_SLOTS.includes(s));
export const activeKey = (slot: AdSlot) => `${slot}Active` as const;
export const intervalKey = (slot: AdSlot) => `${slot}Interval` as const;

export function fromEntries(entries: readonly AdSettingEntry[]): { adMob: boolean; values: AdFormValues } {
  const map = new Map(entries.map((e) => [e.key, e.value]));
  const values: Record<string, unknown> = { IDApp: String(map.get('IDApp') ?? '') };
  for (const slot of AD_SLOTS) {
    values[slot] = String(map.get(slot) ?? '');
    values[activeKey(slot)] = map.get(activeKey(slot)) === true;
    values[intervalKey(slot)] = Number(map.get(intervalKey(slot)) ?? 0);
  }
  values.gdprActive = map.get('gdprActive') === true;
  values.smartActive = map.get('smartActive') === true;
  return { adMob: map.get(AD_MASTER_KEY) === true, values: values as AdFormValues };
}

export function toAdBody(values: AdFormValues, adMob: boolean, rights: { textFields: boolean; smart: boolean }): Partial<AdSettingsBody> {
  const body: Record<string, unknown> = { ...values, gdprActive: adMob };
  const drop = (fields: readonly AdSettingsField[]) => fields.forEach((f) => delete body[f]);
  if (!rights.textFields) drop(AD_TEXT_FIELDS);
  if (!rights.smart) drop(SMART_AD_FIELDS);
  return body as Partial<AdSettingsBody>;
}

/** The panel's id of an `ads.*` refusal (feature message ids carry the feature prefix). */
export const adMessageId = (id: string) => `apps.${id}`;
