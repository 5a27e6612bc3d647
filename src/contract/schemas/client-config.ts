// Query of the mobile apps' config call, GET apps/client/config (docs/product.md §7 "Mobile apps"), of its privacy page,
// and of the top admin's profile exports (docs/product.md §7 "Profiles"). The app is picked by the `appapikey` header
// (APP_API_KEY_HEADER), as on apps/addDevice.
import * as yup from 'yup';
import { V } from '../errors';
import { OPERATORS } from '../enums';
import { LOCALES } from '../limits';
import { INT_MAX, TEXT_MAX, num, str, trimmedStr, body } from './common';

/** GET apps/client/config?versionCode&operator&lang&deviceId */
export const clientConfigQuerySchema = body({
  /** The build the caller runs (Android versionCode): a whole number. */
  versionCode: num().required(V.required).integer(V.integer).min(0, V.min).max(INT_MAX, V.max),
  /** Only this operator's profiles; all when absent. */
  operator: str().oneOf(OPERATORS, V.oneOf).optional(),
  lang: str().oneOf(LOCALES, V.oneOf).default('fa'),
  /** The uniqueDeviceId sent to apps/addDevice; when given, that device's lastSeenAt moves. */
  deviceId: trimmedStr().max(TEXT_MAX.medium, V.tooLong).optional(),
});
export type ClientConfigQuery = yup.InferType<typeof clientConfigQuerySchema>;

/** GET apps/clientConfigPreview/{appId}?operator&lang: the panel's "what the app receives" tab. */
export const clientConfigPreviewQuerySchema = body({
  operator: str().oneOf(OPERATORS, V.oneOf).optional(),
  lang: str().oneOf(LOCALES, V.oneOf).default('fa'),
});
export type ClientConfigPreviewQuery = yup.InferType<typeof clientConfigPreviewQuerySchema>;

/** GET apps/client/privacy?lang */
export const clientPrivacyQuerySchema = body({ lang: str().oneOf(LOCALES, V.oneOf).default('fa') });
export type ClientPrivacyQuery = yup.InferType<typeof clientPrivacyQuerySchema>;

export const PROFILE_EXPORT_FORMATS = ['link', 'qr', 'v2ray'] as const;
export type ProfileExportFormat = (typeof PROFILE_EXPORT_FORMATS)[number];
export const SUBSCRIPTION_FORMATS = ['links', 'base64'] as const;
export type SubscriptionFormat = (typeof SUBSCRIPTION_FORMATS)[number];

/** GET apps/exportProfile/{id}?format */
export const profileExportQuerySchema = body({ format: str().oneOf(PROFILE_EXPORT_FORMATS, V.oneOf).default('link') });
export type ProfileExportQuery = yup.InferType<typeof profileExportQuerySchema>;

/** GET apps/exportProfiles/{serverId}?format */
export const subscriptionExportQuerySchema = body({ format: str().oneOf(SUBSCRIPTION_FORMATS, V.oneOf).default('links') });
export type SubscriptionExportQuery = yup.InferType<typeof subscriptionExportQuerySchema>;
