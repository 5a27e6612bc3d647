// Subscriptions (docs/product.md §7 "Profiles"): a revocable link that standard clients import and refresh
// without a staff token, GET /api/v1/sub/{token}, made and revoked by role_id 1 (apps/subscriptions).
import * as yup from 'yup';
import { TOO_LONG, V } from '../errors';
import { OPERATORS } from '../enums';
import { body, optionalId, str, trimmedStr, visibleText } from './common';

/** What a fetch answers: share links a line, that text in base64, or a JSON array of Xray client configs. */
export const SUB_FORMATS = ['links', 'base64', 'xray'] as const;
export type SubFormat = (typeof SUB_FORMATS)[number];
/** `?format=` of a fetch also takes `html`: the page with the links and their QR codes that a browser gets. */
export const SUB_FETCH_FORMATS = [...SUB_FORMATS, 'html'] as const;
export type SubFetchFormat = (typeof SUB_FETCH_FORMATS)[number];
export const SUB_LABEL_MAX = 60;
/** Hours a client waits between refreshes (the `profile-update-interval` header). */
export const SUB_UPDATE_INTERVAL_HOURS = 12;
/** The public path of a subscription under the API base. */
export const subscriptionPath = (token: string) => `sub/${token}`;
/** A token: 32 random bytes, base64url. */
export const SUB_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** No control character (C0, DEL, C1): a label goes into response headers and file names. */
const noControl = (v: string | undefined | null) =>
  v == null || ![...v].some((ch) => ch.charCodeAt(0) < 0x20 || (ch.charCodeAt(0) >= 0x7f && ch.charCodeAt(0) <= 0x9f));

/** POST apps/subscriptions: one server's profiles or one app's, maybe one operator's, with a label. */
export const subscriptionCreateSchema = body({
  serverId: optionalId(),
  appId: optionalId(),
  operator: str().oneOf(OPERATORS, V.oneOf).nullable().optional(),
  format: str().oneOf(SUB_FORMATS, V.oneOf).nullable().optional(),
  label: visibleText(trimmedStr()).required(V.required).max(SUB_LABEL_MAX, TOO_LONG).test('visible', V.checkInput, noControl),
}).test('one-scope', V.checkInput, function oneScope(v) {
  if (!v || (v.serverId == null) !== (v.appId == null)) return true;
  return this.createError({ path: v.serverId == null ? 'serverId' : 'appId', message: V.required });
});
export type SubscriptionCreateBody = yup.InferType<typeof subscriptionCreateSchema>;

/** GET apps/subscriptions?serverId&appId: all, or one server's, or one app's. */
export const subscriptionListQuerySchema = body({ serverId: optionalId(), appId: optionalId() });
export type SubscriptionListQuery = yup.InferType<typeof subscriptionListQuerySchema>;

/** GET /api/v1/sub/{token}?format */
export const subscriptionFetchParamsSchema = body({ token: str().required(V.required).matches(SUB_TOKEN, V.checkInput) });
export const subscriptionFetchQuerySchema = body({ format: str().oneOf(SUB_FETCH_FORMATS, V.oneOf).optional() });
export type SubscriptionFetchQuery = yup.InferType<typeof subscriptionFetchQuerySchema>;
export type { SubscriptionCreatedDto, SubscriptionDto } from '../responses-subscriptions';
