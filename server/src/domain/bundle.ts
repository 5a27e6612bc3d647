// The signed bundle (so an app can trust a config read from a mirror while the API is blocked; docs/product.md §7 "Mobile apps", GET apps/client/bundle): one JSON document an app
// can take from anywhere (its own API, another API base, later a mirror) and trust because it is
// signed with the app's Ed25519 key, whose public half the app ships with.
//
//   { v, app, version, issuedAt, expiresAt, apiBases, payload, sig }
//
// `sig` is the Ed25519 signature of the canonical bytes: the UTF-8 of JSON.stringify of the other
// fields in exactly that order, no whitespace (src/contract/bundle.ts BUNDLE_FIELDS). The answer is
// those bytes with `,"sig":"…"` put before the closing brace, so what an app receives is, byte for
// byte, what was signed plus the signature. `payload` is the config encrypted like
// apps/wordEncryption (AES-256-CBC under newCoreKey/newCoreIv), made from the same prepared config as
// apps/client/config (domain/client-config.ts), so both answers agree for one config version.
//
// The app's rule (the help page, scripts/verify-bundle.mjs): accept a bundle only if the signature
// verifies with a key it trusts, `app` is its package name, it has not expired, and `version` is
// higher than the one it holds.
//
// Speed: per (app, config version) the payload is encrypted once; per issue period (a UTC day) the
// document is signed once. issuedAt is the start of that period, so every instance, signing the same
// bytes with the same key (Ed25519 is deterministic), answers the same body under the same ETag.
import { createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { BUNDLE_FIELDS, BUNDLE_FORMAT, BUNDLE_LIFETIME_DAYS, isBundleText, type SignedBundle } from '../../../src/contract/bundle';
import { strongEtag, type CachedBody } from '../http/cached-body';
import { renderConfig, type PreparedConfig } from './client-config';
import { encryptWord } from './word-crypto';

export type UnsignedBundle = Omit<SignedBundle, 'sig'>;

const DAY_MS = 86_400_000;
/** A bundle is accepted for this long after issuedAt. */
export const BUNDLE_LIFETIME_MS = BUNDLE_LIFETIME_DAYS * DAY_MS;
/** issuedAt is the start of the current period: a bundle fetched at any time has at least lifetime − period left. */
export const BUNDLE_ISSUE_PERIOD_MS = DAY_MS;

/** The secret-box context of an app's signing key: a sealed key copied to another app's row does not open. */
export const signingKeyContext = (appId: number): string => `bundle.signingKey:${appId}`;

/** The document's signed text: its fields in BUNDLE_FIELDS order, JSON, no whitespace. Throws on text an app could not rebuild. */
export function canonicalBundleText(doc: UnsignedBundle): string {
  const strings = [doc.app, doc.issuedAt, doc.expiresAt, doc.payload, ...doc.apiBases];
  if (doc.v !== BUNDLE_FORMAT || !Number.isSafeInteger(doc.version) || doc.version < 0 || !strings.every((s) => typeof s === 'string' && isBundleText(s))) {
    throw new Error('a bundle field is outside the canonical form (printable ASCII without space, quote or backslash; a whole version)');
  }
  const ordered: Record<string, unknown> = {};
  for (const field of BUNDLE_FIELDS) ordered[field] = field === 'apiBases' ? [...doc.apiBases] : doc[field];
  return JSON.stringify(ordered);
}

/** The canonical bytes the signature covers. */
export const canonicalBundleBytes = (doc: UnsignedBundle): Buffer => Buffer.from(canonicalBundleText(doc), 'utf8');

/** The signed document as it is sent: the canonical text with `sig` added last. */
export function signBundle(doc: UnsignedBundle, privateKey: KeyObject): string {
  const canonical = canonicalBundleText(doc);
  const sig = sign(null, Buffer.from(canonical, 'utf8'), privateKey).toString('base64');
  return `${canonical.slice(0, -1)},"sig":"${sig}"}`;
}

/** issuedAt (the start of the period `now` falls in) and expiresAt, as ISO 8601. */
export function issueWindow(now: number, periodMs = BUNDLE_ISSUE_PERIOD_MS, lifetimeMs = BUNDLE_LIFETIME_MS): { issuedAt: string; expiresAt: string } {
  const start = Math.floor(now / periodMs) * periodMs;
  return { issuedAt: new Date(start).toISOString(), expiresAt: new Date(start + lifetimeMs).toISOString() };
}

/** A new Ed25519 key pair: SPKI PEM public key, PKCS#8 PEM private key. */
export function newSigningKeyPair(): { publicKeyPem: string; privateKeyPem: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519', {
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKeyPem: publicKey, privateKeyPem: privateKey };
}

/** The raw 32-byte public key of an SPKI PEM, standard base64 (what an app can embed without a PEM parser). */
export function rawPublicKey(publicKeyPem: string): string {
  const { x } = createPublicKey(publicKeyPem).export({ format: 'jwk' });
  return Buffer.from(x!, 'base64url').toString('base64');
}

/**
 * The payload's plain text: `{"data": …, "blockedVersions": […], "updateText": {fa, en}}`. `data`
 * is what apps/client/config answers for lang=fa, every operator and a build that is not blocked
 * (its exact bytes); the two other fields carry what that call would pick per caller, so one bundle
 * serves every build and language.
 */
export function bundlePayloadText(prepared: Extract<PreparedConfig, { kind: 'ready' }>): string {
  const config = renderConfig(prepared, { lang: 'fa', blocked: false }).body.toString('utf8'); // {"data":…}
  const extra = JSON.stringify({
    blockedVersions: [...prepared.blocked].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })),
    updateText: { fa: prepared.update.updateText, en: prepared.update.englishUpdateText },
  });
  return `${config.slice(0, -1)},${extra.slice(1)}`;
}

/** What one config version's bundle is made of, before it is dated and signed. */
export interface BundleSource {
  packageName: string;
  apiBases: string[];
  /** The payload, encrypted. */
  payload: string;
  signer: { keyId: number; privateKey: KeyObject };
}

/** Builds the source of a version from its prepared config, the app's API bases and its active key. */
export function bundleSource(prepared: Extract<PreparedConfig, { kind: 'ready' }>, apiBases: string[], signer: BundleSource['signer']): BundleSource {
  return {
    packageName: prepared.base.app.packageName,
    apiBases,
    payload: encryptWord(bundlePayloadText(prepared), prepared.coreKeys.key, prepared.coreKeys.iv),
    signer,
  };
}

interface Entry {
  version: number;
  source: Promise<BundleSource | 'keysMissing'>;
  signed?: { issuedAt: string; body: CachedBody };
}

/**
 * Per-instance cache of bundles, one entry per app valid for one config version (the version every
 * call reads, as apps/client/config does): the payload is encrypted once per version and the
 * document signed once per issue period.
 */
export class BundleCache {
  private readonly entries = new Map<number, Entry>();
  /** Sources built so far (tests assert that answers are served from memory). */
  builds = 0;
  /** Documents signed so far. */
  signings = 0;

  constructor(
    private readonly load: (appId: number, version: number) => Promise<BundleSource | 'keysMissing'>,
    private readonly clock: () => number = Date.now,
  ) {}

  async bundle(appId: number, version: number): Promise<CachedBody | 'keysMissing'> {
    let entry = this.entries.get(appId);
    if (!entry || entry.version !== version) {
      // An older version never replaces a newer one (a slow call that read the version earlier).
      if (entry && entry.version > version) entry = { version, source: this.run(appId, version) };
      else {
        const made: Entry = { version, source: this.run(appId, version) };
        this.entries.set(appId, made);
        made.source.catch(() => {
          if (this.entries.get(appId) === made) this.entries.delete(appId);
        });
        entry = made;
      }
    }
    const source = await entry.source;
    if (source === 'keysMissing') return source;
    const window = issueWindow(this.clock());
    if (entry.signed?.issuedAt !== window.issuedAt) {
      this.signings++;
      const body = Buffer.from(
        signBundle(
          { v: BUNDLE_FORMAT, app: source.packageName, version, ...window, apiBases: source.apiBases, payload: source.payload },
          source.signer.privateKey,
        ),
        'utf8',
      );
      entry.signed = { issuedAt: window.issuedAt, body: { etag: strongEtag(body), body } };
    }
    return entry.signed.body;
  }

  /** Drops everything (tests). */
  clear(): void {
    this.entries.clear();
  }

  private async run(appId: number, version: number): Promise<BundleSource | 'keysMissing'> {
    this.builds++;
    return this.load(appId, version);
  }
}
