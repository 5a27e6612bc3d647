// The version representation (a number ≥ 0 with at most two decimals) and the block-version body.
import { V, appSettingsSchema, blockVersionSchema, deviceRegisterSchema, isAppVersion, normalizeAppVersion } from '../../../src/contract';
import { errorsOf, valid } from './validate-helper';

describe('isAppVersion / normalizeAppVersion', () => {
  test.each([0, 1, 1.2, 1.23, 10.01, 0.29, 0.1 + 0.2, 99_999_999.99])('%p is a version', (v) => {
    expect(isAppVersion(v)).toBe(true);
  });

  test.each([-0.01, 1.234, 2.675, 0.001, Number.NaN, Number.POSITIVE_INFINITY, 100_000_000])('%p is not', (v) => {
    expect(isAppVersion(v)).toBe(false);
  });

  test('floating-point noise is removed, so equal versions compare equal', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(normalizeAppVersion(0.1 + 0.2)).toBe(0.3);
    expect(normalizeAppVersion(1.1 * 3)).toBe(3.3);
  });
});

describe('blockVersionSchema', () => {
  test('valid, and numeric text is cast to the number', async () => {
    expect(await valid(blockVersionSchema, { appId: 4, appVersion: 1.23 })).toEqual({ appId: 4, appVersion: 1.23 });
    expect(await valid(blockVersionSchema, { appId: '4', appVersion: '1.20' })).toEqual({ appId: 4, appVersion: 1.2 });
  });

  test.each([
    ['no version chosen gives checkInput (docs/product.md §5)', { appVersion: undefined }, 'appVersion', V.checkInput],
    ['an empty select gives checkInput', { appVersion: '' }, 'appVersion', V.checkInput],
    ['dotted text is refused', { appVersion: '1.2.3' }, 'appVersion', V.number],
    ['three decimals', { appVersion: 1.234 }, 'appVersion', V.step],
    ['negative', { appVersion: -1 }, 'appVersion', V.min],
    ['appId missing', { appId: undefined }, 'appId', V.required],
    ['appId zero', { appId: 0 }, 'appId', V.min],
  ])('%s', async (_label, patch, field, messageId) => {
    expect(await errorsOf(blockVersionSchema, { appId: 4, appVersion: 1, ...patch })).toEqual({ [field]: messageId });
  });

  test('the same rule applies to the appVersion setting and a device appVersionCode', async () => {
    for (const schema of [blockVersionSchema, appSettingsSchema]) {
      expect(await errorsOf(schema, { appId: 1, appVersion: 3.001 })).toEqual({ appVersion: V.step });
    }
    expect(await errorsOf(deviceRegisterSchema, { fcmToken: 't', uniqueDeviceId: 'd', appVersionCode: 3.001 })).toEqual({
      appVersionCode: V.step,
    });
  });
});
