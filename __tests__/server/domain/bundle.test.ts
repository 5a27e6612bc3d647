// The signed bundle's pure parts (server/src/domain/bundle.ts): the canonical bytes and their fixed
// key order, the signed text, the issue window, the raw public key, and the cache that encrypts once
// per config version and signs once per issue period.
import { createPublicKey, createPrivateKey, verify } from 'node:crypto';
import {
  BundleCache,
  canonicalBundleBytes,
  canonicalBundleText,
  issueWindow,
  newSigningKeyPair,
  rawPublicKey,
  signBundle,
  type BundleSource,
  type UnsignedBundle,
} from '../../../server/src/domain/bundle';

const DAY = 86_400_000;
const doc: UnsignedBundle = {
  v: 1,
  app: 'com.example.vpn',
  version: 42,
  issuedAt: '2026-11-28T00:00:00.000Z',
  expiresAt: '2026-12-05T00:00:00.000Z',
  apiBases: ['https://api2.example.com/api/v1', 'http://203.0.113.9:8080/api/v1'],
  payload: 'QUJD+/==',
};
const EXPECTED =
  '{"v":1,"app":"com.example.vpn","version":42,"issuedAt":"2026-11-28T00:00:00.000Z","expiresAt":"2026-12-05T00:00:00.000Z",' +
  '"apiBases":["https://api2.example.com/api/v1","http://203.0.113.9:8080/api/v1"],"payload":"QUJD+/=="}';

describe('canonical bytes', () => {
  it('are the fields in the fixed order, JSON, no whitespace, whatever order the object holds them in', () => {
    expect(canonicalBundleText(doc)).toBe(EXPECTED);
    const scrambled = {
      payload: doc.payload,
      apiBases: doc.apiBases,
      version: doc.version,
      expiresAt: doc.expiresAt,
      app: doc.app,
      issuedAt: doc.issuedAt,
      v: 1,
    } as UnsignedBundle;
    expect(Object.keys(scrambled)[0]).toBe('payload');
    expect(canonicalBundleText(scrambled)).toBe(EXPECTED);
    expect(canonicalBundleBytes(scrambled).equals(Buffer.from(EXPECTED, 'utf8'))).toBe(true);
    // Anything else on the object is not signed.
    expect(canonicalBundleText({ ...doc, sig: 'x', extra: 1 } as UnsignedBundle)).toBe(EXPECTED);
  });

  it('refuse text an app could not rebuild by concatenation, and versions that are not whole numbers', () => {
    for (const bad of [
      { ...doc, apiBases: ['https://a.example.com/"x'] },
      { ...doc, apiBases: ['https://a.example.com/\\x'] },
      { ...doc, apiBases: ['https://a.example.com/ x'] },
      { ...doc, app: 'com.exämple' },
      { ...doc, payload: 'a\u2028b' },
      { ...doc, version: 1.5 },
      { ...doc, version: -1 },
      { ...doc, v: 2 },
    ]) {
      expect(() => canonicalBundleText(bad as UnsignedBundle)).toThrow(/canonical form/);
    }
  });
});

describe('signing', () => {
  const pair = newSigningKeyPair();
  const privateKey = createPrivateKey(pair.privateKeyPem);

  it('answers the canonical text with sig last, an Ed25519 signature of exactly those bytes, the same every time', () => {
    const signed = signBundle(doc, privateKey);
    const parsed = JSON.parse(signed) as { sig: string };
    expect(Object.keys(parsed)).toEqual(['v', 'app', 'version', 'issuedAt', 'expiresAt', 'apiBases', 'payload', 'sig']);
    expect(signed).toBe(`${EXPECTED.slice(0, -1)},"sig":"${parsed.sig}"}`);
    const sig = Buffer.from(parsed.sig, 'base64');
    expect(verify(null, Buffer.from(EXPECTED), createPublicKey(pair.publicKeyPem), sig)).toBe(true);
    expect(verify(null, Buffer.from(EXPECTED.replace('42', '43')), createPublicKey(pair.publicKeyPem), sig)).toBe(false);
    expect(signBundle(doc, privateKey)).toBe(signed);
  });

  it('gives the raw public key as the last 32 bytes of the SPKI, base64', () => {
    const der = createPublicKey(pair.publicKeyPem).export({ format: 'der', type: 'spki' });
    expect(rawPublicKey(pair.publicKeyPem)).toBe(der.subarray(der.length - 32).toString('base64'));
    expect(Buffer.from(rawPublicKey(pair.publicKeyPem), 'base64')).toHaveLength(32);
    expect(newSigningKeyPair().publicKeyPem).not.toBe(pair.publicKeyPem);
  });
});

describe('issue window', () => {
  it('starts at the UTC day and lasts 7 days', () => {
    const now = Date.parse('2026-11-28T15:53:51.123Z');
    expect(issueWindow(now)).toEqual({ issuedAt: '2026-11-28T00:00:00.000Z', expiresAt: '2026-12-05T00:00:00.000Z' });
    expect(issueWindow(Date.parse('2026-11-28T00:00:00.000Z')).issuedAt).toBe('2026-11-28T00:00:00.000Z');
    expect(issueWindow(Date.parse('2026-11-28T23:59:59.999Z')).issuedAt).toBe('2026-11-28T00:00:00.000Z');
  });
});

describe('BundleCache', () => {
  const pair = newSigningKeyPair();
  const source = (): BundleSource => ({
    packageName: 'com.example.vpn',
    apiBases: [],
    payload: 'cGF5bG9hZA==',
    signer: { keyId: 1, privateKey: createPrivateKey(pair.privateKeyPem) },
  });

  it('builds once per version, signs once per issue period, and never lets an older version replace a newer one', async () => {
    let now = Date.parse('2026-11-28T10:00:00Z');
    const loads: number[] = [];
    const cache = new BundleCache(
      async (_app, version) => {
        loads.push(version);
        return source();
      },
      () => now,
    );
    const a = await cache.bundle(1, 5);
    const b = await cache.bundle(1, 5);
    expect(b).toBe(a);
    expect([cache.builds, cache.signings]).toEqual([1, 1]);
    expect(JSON.parse(a === 'keysMissing' ? '{}' : a.body.toString()).version).toBe(5);
    // The next day: the same source, signed again with the new dates.
    now += DAY;
    const c = await cache.bundle(1, 5);
    expect([cache.builds, cache.signings]).toEqual([1, 2]);
    expect(c === 'keysMissing' ? '' : JSON.parse(c.body.toString()).issuedAt).toBe('2026-11-29T00:00:00.000Z');
    // A new version is built; a call that read an older version gets its own, uncached answer.
    await cache.bundle(1, 6);
    await cache.bundle(1, 5);
    await cache.bundle(1, 6);
    expect(loads).toEqual([5, 6, 5]);
  });

  it('answers keysMissing as it was loaded, and forgets a failed build', async () => {
    let fail = true;
    const cache = new BundleCache(async () => {
      if (fail) throw new Error('down');
      return 'keysMissing';
    });
    await expect(cache.bundle(1, 1)).rejects.toThrow('down');
    fail = false;
    await expect(cache.bundle(1, 1)).resolves.toBe('keysMissing');
  });
});
