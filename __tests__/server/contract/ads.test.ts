// Ad settings: the request schemas and the docs/product.md §4 slot rules (one test per rule).
import {
  AD_MESSAGES,
  AD_SLOTS,
  AD_TEXT_FIELDS,
  SMART_AD_FIELDS,
  V,
  adSettingsSchema,
  adToggleRefusal,
  checkAdRules,
  showAdsSchema,
} from '../../../src/contract';
import { errorsOf, valid } from './validate-helper';

/** A full ad form with every slot off. */
function allOff(): Record<string, unknown> {
  const v: Record<string, unknown> = { IDApp: 'ca-app-pub-1~2', gdprActive: true, smartActive: false };
  for (const s of AD_SLOTS) {
    v[s] = `ca-app-pub-1/${s}`;
    v[`${s}Active`] = false;
    v[`${s}Interval`] = 30;
  }
  return v;
}

describe('adSettingsSchema', () => {
  test('a full form passes; every slot has id, Active and Interval', async () => {
    const v = await valid(adSettingsSchema, allOff());
    for (const s of AD_SLOTS) expect(v).toMatchObject({ [s]: `ca-app-pub-1/${s}`, [`${s}Active`]: false, [`${s}Interval`]: 30 });
    expect(Object.keys(adSettingsSchema.fields)).toHaveLength(1 + AD_SLOTS.length * 3 + 2);
  });

  test('a subset passes, and slot ids may be empty', async () => {
    await valid(adSettingsSchema, { rewActive: true });
    await valid(adSettingsSchema, { intCon: '', IDApp: '' });
  });

  test.each([
    ['interval negative', { intConInterval: -1 }, 'intConInterval', V.min],
    ['interval fractional', { rewInterval: 1.5 }, 'rewInterval', V.integer],
    ['interval text', { appOpenInterval: 'often' }, 'appOpenInterval', V.number],
    ['Active not boolean', { rew2Active: 'on' }, 'rew2Active', V.checkInput],
    ['gdprActive not boolean', { gdprActive: 'x' }, 'gdprActive', V.checkInput],
    ['slot id too long', { smartIntCon: 'x'.repeat(256) }, 'smartIntCon', V.tooLong],
    ['slot id an object', { intDis: { a: 1 } }, 'intDis', V.checkInput],
  ])('%s', async (_label, patch, field, messageId) => {
    expect(await errorsOf(adSettingsSchema, patch)).toEqual({ [field]: messageId });
  });

  test('showAdsSchema: key adMob and a boolean state', async () => {
    await valid(showAdsSchema, { key: 'adMob', state: false });
    expect(await errorsOf(showAdsSchema, { key: 'admob', state: true })).toEqual({ key: V.oneOf });
    expect(await errorsOf(showAdsSchema, { key: 'adMob' })).toEqual({ state: V.required });
  });

  test('field groups of docs/product.md §6', () => {
    expect(AD_TEXT_FIELDS).toEqual(['IDApp', ...AD_SLOTS]);
    expect([...SMART_AD_FIELDS].sort()).toEqual(
      ['smartActive', 'smartIntCon', 'smartIntConActive', 'smartIntConInterval', 'smartIntDis', 'smartIntDisActive', 'smartIntDisInterval'].sort(),
    );
    for (const f of [...AD_TEXT_FIELDS, ...SMART_AD_FIELDS]) expect(adSettingsSchema.fields).toHaveProperty(f);
  });
});

describe('checkAdRules', () => {
  test('a consistent state passes', () => {
    expect(checkAdRules({ intConActive: true, intDisActive: true, rewActive: true, smartActive: true, smartIntConActive: true }, true)).toEqual([]);
    expect(checkAdRules({}, false)).toEqual([]);
  });

  test('rule 1: while the master is off no slot may be active (ads.adsOff)', () => {
    expect(checkAdRules({ rewActive: true, appOpenActive: true, intDisActive: false }, false)).toEqual([
      { field: 'rewActive', messageId: AD_MESSAGES.adsOff },
      { field: 'appOpenActive', messageId: AD_MESSAGES.adsOff },
    ]);
    expect(checkAdRules({ rewActive: true }, true)).toEqual([]);
  });

  test('rule 1 with the previous state: slots the master does not clear may stay on, never be switched on', () => {
    // rew2 and the smart slots are not cleared by the master (docs/product.md §4), so they may remain on ...
    expect(checkAdRules({ rew2Active: true }, false, { rew2Active: true })).toEqual([]);
    // ... but not be switched on while the master is off,
    expect(checkAdRules({ rew2Active: true }, false, { rew2Active: false })).toEqual([{ field: 'rew2Active', messageId: AD_MESSAGES.adsOff }]);
    // and the seven cleared slots may not stay on either.
    expect(checkAdRules({ intConActive: true }, false, { intConActive: true })).toEqual([{ field: 'intConActive', messageId: AD_MESSAGES.adsOff }]);
  });

  test('rule 2: intCon and rewIntCon not both active (ads.pairConflict)', () => {
    expect(checkAdRules({ intConActive: true, rewIntConActive: true }, true)).toEqual([
      { field: 'intConActive', messageId: AD_MESSAGES.pairConflict },
      { field: 'rewIntConActive', messageId: AD_MESSAGES.pairConflict },
    ]);
  });

  test('rule 3: intDis and rewIntDis not both active (ads.pairConflict)', () => {
    expect(checkAdRules({ intDisActive: true, rewIntDisActive: true }, true)).toEqual([
      { field: 'intDisActive', messageId: AD_MESSAGES.pairConflict },
      { field: 'rewIntDisActive', messageId: AD_MESSAGES.pairConflict },
    ]);
    // Crossed pairs are allowed.
    expect(checkAdRules({ intConActive: true, rewIntDisActive: true }, true)).toEqual([]);
  });

  test('rule 4: smartIntCon / smartIntDis need smartActive (ads.smartOff)', () => {
    expect(checkAdRules({ smartIntConActive: true, smartIntDisActive: true, smartActive: false }, true)).toEqual([
      { field: 'smartIntConActive', messageId: AD_MESSAGES.smartOff },
      { field: 'smartIntDisActive', messageId: AD_MESSAGES.smartOff },
    ]);
    expect(checkAdRules({ smartIntConActive: true, smartActive: true }, true)).toEqual([]);
  });

  test('the message ids are the ads.* ids', () => {
    expect(AD_MESSAGES).toEqual({ adsOff: 'ads.adsOff', pairConflict: 'ads.pairConflict', smartOff: 'ads.smartOff' });
  });
});

describe('adToggleRefusal (the form refusing a toggle)', () => {
  test('master off refuses switching any slot on', () => {
    expect(adToggleRefusal({}, false, 'rew2Active', true)).toBe(AD_MESSAGES.adsOff);
    expect(adToggleRefusal({}, true, 'rew2Active', true)).toBeNull();
  });

  test('the pair partner refuses', () => {
    expect(adToggleRefusal({ rewIntConActive: true }, true, 'intConActive', true)).toBe(AD_MESSAGES.pairConflict);
    expect(adToggleRefusal({ intDisActive: true }, true, 'rewIntDisActive', true)).toBe(AD_MESSAGES.pairConflict);
  });

  test('smart off refuses the smart slots', () => {
    expect(adToggleRefusal({ smartActive: false }, true, 'smartIntDisActive', true)).toBe(AD_MESSAGES.smartOff);
    expect(adToggleRefusal({ smartActive: true }, true, 'smartIntDisActive', true)).toBeNull();
  });

  test('switching off is always allowed', () => {
    expect(adToggleRefusal({ intConActive: true, rewIntConActive: true }, false, 'intConActive', false)).toBeNull();
  });
});
