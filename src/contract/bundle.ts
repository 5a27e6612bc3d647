// The signed bundle (so an app can trust a config read from a mirror while the API is blocked; docs/product.md §7 "Mobile apps"): what GET apps/client/bundle answers, the
// app's signing keys (GET apps/bundleKeys/{appId}, POST apps/bundleKeys/{appId}/rotate) and its bundle
// settings (GET/POST apps/bundleSettings/{appId}). Read by the server (validation, response schemas,
// the canonical form it signs) and by the panel (the key section of the app settings, the help page).
//
// The canonical bytes an app verifies are the UTF-8 of JSON.stringify of the document without `sig`,
// its keys in BUNDLE_FIELDS order, no whitespace. Every string the document holds is printable ASCII
// without a quote or a backslash (a package name, ISO 8601 times, base64, API bases checked by
// isBundleText), so any language rebuilds those bytes by plain concatenation, with no JSON escaping
// rule to agree on.
import * as yup from 'yup';
import { TOO_LONG, V } from './errors';
import { bool, int, isoTime, text } from './response-fields';
import { body, positiveId, trimmedStr } from './schemas/common';
import { isHttpUrl } from './schemas/formats';

/** The document format, `v`; a new format gets a new number and apps refuse numbers they do not know. */
export const BUNDLE_FORMAT = 1;

/** The document's fields in their signed order (`sig` is not signed and comes last). */
export const BUNDLE_FIELDS = ['v', 'app', 'version', 'issuedAt', 'expiresAt', 'apiBases', 'payload'] as const;

/** How long a bundle is accepted after it was issued. */
export const BUNDLE_LIFETIME_DAYS = 7;

/** At most this many API bases per app. */
export const API_BASES_MAX = 10;
/** The longest API base URL. */
export const API_BASE_MAX_LENGTH = 300;

/** Printable ASCII without space, `"` or `\`: text JSON writes as it is in every language. */
export const isBundleText = (v: string): boolean => /^[\x21\x23-\x5b\x5d-\x7e]+$/.test(v);

/** The document an app receives: the signed fields, then `sig`. */
export interface SignedBundle {
  v: typeof BUNDLE_FORMAT;
  /** The app's package name. */
  app: string;
  /** The app's config version: a higher one is newer. */
  version: number;
  issuedAt: string;
  expiresAt: string;
  apiBases: string[];
  /** The config, encrypted like apps/wordEncryption (AES-256-CBC under newCoreKey/newCoreIv, base64). */
  payload: string;
  /** Ed25519 signature of the canonical bytes, standard base64. */
  sig: string;
}

/**
 * The check from a shell, with the answer saved as bundle.json and the app's public key as pub.pem
 * in the current folder: the help page shows it, and the server tests run it as written. The body is
 * the canonical text with `,"sig":"…"` before its closing brace, so cutting that out gives the signed bytes.
 */
export const BUNDLE_SHELL_CHECK = [
  `sed -E 's/,"sig":"[^"]*"}$/}/' bundle.json | tr -d '\\n' > canonical.bin`,
  `sed -E 's/.*,"sig":"([^"]*)"}$/\\1/' bundle.json | base64 -d > sig.bin`,
  'openssl pkeyutl -verify -pubin -inkey pub.pem -rawin -in canonical.bin -sigfile sig.bin',
] as const;

/** The reference verifier (scripts/verify-bundle.mjs), as the help page shows it. */
export const BUNDLE_VERIFIER_COMMAND = 'node scripts/verify-bundle.mjs bundle.json --key pub.pem --app <package name> --held <version you hold>';

/** What the payload decrypts to (JSON). */
export interface BundlePayload<Config = unknown> {
  /** What GET apps/client/config answers as `data` for lang=fa, every operator and a build that is not blocked. */
  data: Config;
  /** The blocked builds (versionCode, as text): an app whose build is listed is blocked. */
  blockedVersions: string[];
  /** The update text in each language (`data.update.text` is the Persian one). */
  updateText: { fa: string | null; en: string | null };
}

/** Path params of the per-app bundle calls. */
export const appIdParamsSchema = body({ appId: positiveId() });
export type AppIdParams = yup.InferType<typeof appIdParamsSchema>;

/** One API base: an http(s) URL of printable ASCII (no space, quote or backslash). */
export const apiBaseSchema = () =>
  trimmedStr()
    .required(V.required)
    .max(API_BASE_MAX_LENGTH, TOO_LONG)
    .test('url', V.url, (v) => v == null || (isBundleText(v) && isHttpUrl(v)));

/** POST apps/bundleSettings/{appId}: the whole list (an empty list clears it). */
export const bundleSettingsSchema = body({
  apiBases: yup
    .array()
    .typeError(V.checkInput)
    .of(apiBaseSchema())
    .required(V.required)
    .max(API_BASES_MAX, V.max)
    .test('unique', V.duplicate, (v) => !v || new Set(v).size === v.length),
});
export type BundleSettingsBody = yup.InferType<typeof bundleSettingsSchema>;

// ---- answers

/** One signing key as the panel and the app developers see it: never the private key. */
export const bundleKeySchema = yup
  .object({
    id: int(),
    publicKeyPem: text().meta({ description: 'The Ed25519 public key, SPKI PEM (openssl pkeyutl -pubin -inkey)' }),
    publicKey: text().meta({ description: 'The raw 32-byte Ed25519 public key, standard base64' }),
    createdAt: isoTime(),
    active: bool().meta({ description: 'Signs the bundles now; inactive keys signed earlier ones' }),
  })
  .defined();
export type BundleKeyDto = yup.InferType<typeof bundleKeySchema>;

export const bundleKeyListSchema = yup.array(bundleKeySchema).defined();

export const bundleSettingsDtoSchema = yup.object({ apiBases: yup.array(text()).defined() }).defined();
export type BundleSettingsDto = yup.InferType<typeof bundleSettingsDtoSchema>;

/** GET apps/client/bundle, for the documentation (the server sends the signed bytes as they are). */
export const signedBundleSchema = yup
  .object({
    v: int().meta({ description: `The document format, ${BUNDLE_FORMAT}` }),
    app: text().meta({ description: 'The package name' }),
    version: int().meta({ description: 'The config version; accept only a higher one than you hold' }),
    issuedAt: isoTime(),
    expiresAt: isoTime(`Refuse the bundle after this time (issuedAt + ${BUNDLE_LIFETIME_DAYS} days)`),
    apiBases: yup.array(text()).defined(),
    payload: text().meta({ description: 'JSON {data, blockedVersions, updateText} encrypted like apps/wordEncryption' }),
    sig: text().meta({ description: 'Ed25519 signature of the canonical bytes (the other fields in this order, JSON, no whitespace), base64' }),
  })
  .defined();
