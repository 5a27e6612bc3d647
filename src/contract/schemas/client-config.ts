// Query of the mobile apps' config call, GET apps/client/config (docs/product.md §7 "Mobile apps"), of its privacy page,
// and of the top admin's profile exports (docs/product.md §7 "Profiles"). The app is picked by the `appapikey` header
// (APP_API_KEY_HEADER), as on apps/addDevice.
import * as yup from 'yup';
import { TOO_LONG, V, messageIds } from '../errors';
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
  deviceId: trimmedStr().max(TEXT_MAX.medium, TOO_LONG).optional(),
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

/**
 * The cores a client-config export is written for, each to what it accepts: `xray`, current
 * Xray-core (the apps' cores follow it), and `v2ray`, v2ray 4.x (Debian's 4.34). A profile a core
 * cannot carry as written is refused (409 UNSUPPORTED_BY_CORE naming the field), never exported
 * with a setting dropped.
 */
export const CONFIG_CORES = ['xray', 'v2ray'] as const;
export type ConfigCore = (typeof CONFIG_CORES)[number];
/** `link` (default), `qr`, and one client config per core (CONFIG_CORES). */
export const PROFILE_EXPORT_FORMATS = ['link', 'qr', ...CONFIG_CORES] as const;
export type ProfileExportFormat = (typeof PROFILE_EXPORT_FORMATS)[number];
export const SUBSCRIPTION_FORMATS = ['links', 'base64'] as const;
export type SubscriptionFormat = (typeof SUBSCRIPTION_FORMATS)[number];

/** GET apps/exportProfile/{id}?format */
export const profileExportQuerySchema = body({ format: str().oneOf(PROFILE_EXPORT_FORMATS, V.oneOf).default('link') });
export type ProfileExportQuery = yup.InferType<typeof profileExportQuerySchema>;

/** GET apps/exportProfiles/{serverId}?format */
export const subscriptionExportQuerySchema = body({ format: str().oneOf(SUBSCRIPTION_FORMATS, V.oneOf).default('links') });
export type SubscriptionExportQuery = yup.InferType<typeof subscriptionExportQuerySchema>;

/**
 * Why a profile cannot be exported in a format: the `errors` values of a 409 UNSUPPORTED_BY_CORE
 * (keyed by the link's field) and of a 413 TOO_LONG_FOR_QR, and the reasons of
 * GET apps/exportFormats/{id}.
 */
export const EXPORT_MESSAGES = messageIds('export', [
  /** security=reality for v2ray 4, which ignores it and would send the VLESS/VMess header in the clear. */
  'realityNotInV2ray',
  /** grpc, httpupgrade, xhttp/splithttp for v2ray 4 (`unknown transport protocol`). */
  'transportNotInV2ray',
  /** h2/http and quic: removed from Xray-core. */
  'transportNotInXray',
  /** h2 without TLS: no core connects with it. */
  'h2NeedsTls',
  /** A TLS or user setting v2ray 4 does not have (fp, ech, pcs, vcn, flow, VLESS encryption, finalmask, heartbeatPeriod). */
  'settingNotInV2ray',
  /** allowInsecure: removed from Xray-core (pcs or vcn replace it). */
  'insecureNotInXray',
  /** A legacy XTLS flow (xtls-rprx-direct, -splice, -origin): removed from Xray-core. */
  'flowNotInXray',
  /** REALITY over a transport other than RAW (tcp), XHTTP or gRPC: Xray-core refuses it. */
  'realityTransport',
  /** A value the core refuses (an unknown xhttp mode or kcp header type). */
  'valueNotInCore',
  /** A field that should hold JSON (xhttp `extra`, `fm`) and does not. */
  'notJson',
  /** The link is longer than a QR code holds (version 40, error correction L: 2,953 bytes). */
  'tooLongForQr',
]);
export type ExportMessageId = (typeof EXPORT_MESSAGES)[keyof typeof EXPORT_MESSAGES];

export type { ProfileExportFormatDto, ProfileExportFormatsDto } from '../responses-exports';
