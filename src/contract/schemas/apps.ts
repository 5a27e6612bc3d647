// Request bodies of the application calls (docs/product.md §7 "Applications and settings"): the app record,
// its status, and the application settings with their docs/product.md §3 grouping and docs/product.md §6 edit rights.
import * as yup from 'yup';
import { V } from '../errors';
import { TEXT_MAX, bool, englishOnly, nonBlank, optionalEmail, optionalText, positiveId, str, body, visibleText } from './common';

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
  state: str()
    .oneOf(['appAdmin'] as const, V.oneOf)
    .optional(),
  search: optionalText(TEXT_MAX.medium),
  active: str().oneOf(APP_STATUS_FILTERS, V.oneOf).optional(),
});
export type AppsQuery = yup.InferType<typeof appsQuerySchema>;
