// Application versions (docs/product.md §3 "Version record", §5 "Block version", §7 `apps/versionBlock`).
//
// Representation, used everywhere a version appears (the appVersion and blockVersion settings, a
// device's appVersionCode, version records): a NUMBER ≥ 0 with at most two decimals, i.e. the
// `step 0.01` of docs/product.md §5. Dotted strings such as "1.2.3" are refused. A numeric string ("1.23")
// is accepted and cast to the number, so 1.2, "1.2" and "1.20" are the same version. The server
// stores it as `numeric(10, 2)` (or compares as numbers) and answers it as a JSON number.
import * as yup from 'yup';
import { V } from '../errors';
import { num, numericTextInJson, positiveId, body } from './common';

/** The largest version accepted (fits `numeric(10, 2)`). */
export const APP_VERSION_MAX = 99_999_999.99;

/** True when `v` is a finite number ≥ 0 with at most two decimals. */
export function isAppVersion(v: number): boolean {
  if (!Number.isFinite(v) || v < 0 || v > APP_VERSION_MAX) return false;
  const cents = v * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/** Canonical form of a valid version, for keys and comparisons (1.2 and 1.20 → 1.2). */
export const normalizeAppVersion = (v: number): number => Math.round(v * 100) / 100;

/**
 * The version field: a number ≥ 0 with at most two decimals. Optional unless `.required()` is added.
 * Numeric text is a version too, in a JSON body as well (numericTextInJson): the phones send theirs.
 */
export const appVersionField = () =>
  numericTextInJson(
    num()
      .min(0, V.min)
      .max(APP_VERSION_MAX, V.max)
      .test('step', V.step, (v) => v == null || isAppVersion(v)),
  );

/** POST apps/versionBlock: blocks that version of the app (creating the record when it is new). */
export const blockVersionSchema = body({
  appId: positiveId(),
  appVersion: appVersionField().required(V.checkInput),
});
export type BlockVersionBody = yup.InferType<typeof blockVersionSchema>;
