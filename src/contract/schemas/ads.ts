// Ad settings of an application (docs/product.md §3 "Ad settings", §4 "Ads master", §6 ad rights, §7
// `apps/showAds`, `apps/updateSettingsAdmob`): the request schemas and the docs/product.md §4 slot rules as a
// pure function, which the ad form uses to refuse a toggle and the server uses to refuse a payload.
import * as yup from 'yup';
import { TOO_LONG, V } from '../errors';
import { AD_SLOTS, AD_SLOTS_CLEARED_BY_MASTER, AD_SLOT_PAIRS, SMART_AD_SLOTS, type AdSlot } from '../enums';
import { TEXT_MAX, bool, englishOnly, nonNegativeInt, str, trimmedStr, body } from './common';

/** Message ids of the docs/product.md §4 ad refusals (Persian texts: ads off, paired slots, smart off). */
export const AD_MESSAGES = {
  adsOff: 'ads.adsOff',
  pairConflict: 'ads.pairConflict',
  smartOff: 'ads.smartOff',
} as const;
export type AdMessageId = (typeof AD_MESSAGES)[keyof typeof AD_MESSAGES];

/** The key of the ads master toggle in the ad settings list. */
export const AD_MASTER_KEY = 'adMob';

/** An ad unit id (and IDApp): English text, as the form's inputs take it. */
const adUnitId = () => englishOnly(trimmedStr()).max(TEXT_MAX.medium, TOO_LONG).nonNullable(V.checkInput);

type AdShape = { IDApp: ReturnType<typeof adUnitId> } & { [K in AdSlot]: ReturnType<typeof adUnitId> } & {
  [K in AdSlot as `${K}Active`]: ReturnType<typeof bool>;
} & { [K in AdSlot as `${K}Interval`]: ReturnType<typeof nonNegativeInt> } & {
  gdprActive: ReturnType<typeof bool>;
  smartActive: ReturnType<typeof bool>;
};

function adShape(): AdShape {
  const shape: Record<string, yup.Schema> = { IDApp: adUnitId() };
  for (const slot of AD_SLOTS) {
    shape[slot] = adUnitId();
    shape[`${slot}Active`] = bool();
    shape[`${slot}Interval`] = nonNegativeInt();
  }
  shape.gdprActive = bool();
  shape.smartActive = bool();
  return shape as AdShape;
}

/**
 * POST apps/updateSettingsAdmob/{id}. Every field is optional: a role that may not touch some
 * fields (AD_TEXT_FIELDS, SMART_AD_FIELDS) leaves them out. Slot ids may be empty; intervals are
 * integer seconds ≥ 0. The server runs checkAdRules on the stored values merged with the payload.
 */
export const adSettingsSchema = body(adShape());
export type AdSettingsBody = yup.InferType<typeof adSettingsSchema>;
export type AdSettingsField = keyof AdSettingsBody;

/** POST apps/showAds/{id}: switches the ads master. */
export const showAdsSchema = body({
  key: str()
    .required(V.required)
    .oneOf([AD_MASTER_KEY] as const, V.oneOf),
  state: bool().required(V.required),
});
export type ShowAdsBody = yup.InferType<typeof showAdsSchema>;

/** The ad-unit id strings and IDApp: only the role NAMED admin may change them (docs/product.md §6). */
export const AD_TEXT_FIELDS: readonly AdSettingsField[] = ['IDApp', ...AD_SLOTS];

/** The smart section: role_id 5 neither sees nor changes it (docs/product.md §6). */
export const SMART_AD_FIELDS: readonly AdSettingsField[] = [
  'smartActive',
  ...SMART_AD_SLOTS.flatMap((s) => [s, `${s}Active`, `${s}Interval`] as AdSettingsField[]),
];

export interface AdRuleViolation {
  field: AdSettingsField;
  messageId: AdMessageId;
}

type ActiveFlags = Partial<Record<`${AdSlot}Active` | 'smartActive', boolean | null | undefined>>;

/**
 * The docs/product.md §4 ad rules. `values` is the complete intended state (the server merges the stored
 * values with the payload first); `adMobOn` is the master; `previous` is the state before the change.
 *
 * - Master off (`ads.adsOff`): the slots the master clears (AD_SLOTS_CLEARED_BY_MASTER) may not be
 *   active, and no other slot may be switched ON. The other slots (rew2, the smart slots) may stay on
 *   when they already were, because docs/product.md §4 has the master clear only those seven; without `previous`
 *   every active slot is refused.
 * - Pairs (`ads.pairConflict`): intCon and rewIntCon are never both active, nor intDis and rewIntDis.
 *   Both fields of the pair are reported.
 * - Smart (`ads.smartOff`): smartIntCon and smartIntDis may be active only while smartActive is on.
 */
export function checkAdRules(values: ActiveFlags, adMobOn: boolean, previous?: ActiveFlags): AdRuleViolation[] {
  const out: AdRuleViolation[] = [];
  const on = (k: keyof ActiveFlags, from: ActiveFlags = values) => from[k] === true;

  if (!adMobOn) {
    for (const slot of AD_SLOTS) {
      const key = `${slot}Active` as const;
      if (!on(key)) continue;
      const keptFromBefore = previous !== undefined && on(key, previous) && !AD_SLOTS_CLEARED_BY_MASTER.includes(slot);
      if (!keptFromBefore) out.push({ field: key, messageId: AD_MESSAGES.adsOff });
    }
  }
  for (const [a, b] of AD_SLOT_PAIRS) {
    if (on(`${a}Active`) && on(`${b}Active`)) {
      out.push({ field: `${a}Active`, messageId: AD_MESSAGES.pairConflict });
      out.push({ field: `${b}Active`, messageId: AD_MESSAGES.pairConflict });
    }
  }
  if (!on('smartActive')) {
    for (const slot of SMART_AD_SLOTS) {
      if (on(`${slot}Active`)) out.push({ field: `${slot}Active`, messageId: AD_MESSAGES.smartOff });
    }
  }
  return out;
}

/**
 * The form-side helper of docs/product.md §4: may `field` be switched to `next` given the current values?
 * Returns the refusal's message id, or null when allowed. Switching off is always allowed.
 */
export function adToggleRefusal(values: ActiveFlags, adMobOn: boolean, field: `${AdSlot}Active`, next: boolean): AdMessageId | null {
  if (!next) return null;
  const violation = checkAdRules({ ...values, [field]: true }, adMobOn, values).find((v) => v.field === field);
  return violation ? violation.messageId : null;
}
