// Secrets at rest: AES-256-GCM tokens that open only unaltered, under the same key and context.
import { randomBytes } from 'node:crypto';
import { SecretBoxError, createSecretBox, parseSecretsKey } from '../../../server/src/domain/secret-box';

const key = randomBytes(32);
const box = createSecretBox(key);
const LINK = 'vless://3f1c9a6e-2b4d-4c8e-9f7a-1d2e3f4a5b6c@cdn.example.com:443?type=ws#سرور 🚀';

function reasonOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(SecretBoxError);
    expect(e).toMatchObject({ name: 'SecretBoxError' });
    return (e as SecretBoxError).reason;
  }
  return undefined;
}

/** Flips one bit of the decoded token at `index` and re-encodes it. */
function flip(token: string, index: number): string {
  const raw = Buffer.from(token, 'base64url');
  raw[index] ^= 0x01;
  return raw.toString('base64url');
}

describe('createSecretBox', () => {
  test('round trip, including Persian text, emoji and the empty string', () => {
    for (const plain of [LINK, 'P@ssw0rd!', '', 'x'.repeat(10_000)]) expect(box.open(box.seal(plain))).toBe(plain);
  });

  test('the token is opaque base64url and differs on every seal (random IV)', () => {
    const a = box.seal(LINK);
    const b = box.seal(LINK);
    expect(a).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('cdn.example.com');
    expect(Buffer.from(a, 'base64url')[0]).toBe(1); // version byte
  });

  test('tampering anywhere (IV, tag or ciphertext) is detected', () => {
    const token = box.seal(LINK);
    const len = Buffer.from(token, 'base64url').length;
    for (const i of [1, 12, 13, 28, 29, len - 1]) expect(reasonOf(() => box.open(flip(token, i)))).toBe('authFailed');
  });

  test('a token from another key fails', () => {
    const other = createSecretBox(randomBytes(32));
    expect(reasonOf(() => other.open(box.seal(LINK)))).toBe('authFailed');
  });

  test('a context binds the token to its purpose', () => {
    const token = box.seal('secret', 'server.password');
    expect(box.open(token, 'server.password')).toBe('secret');
    expect(reasonOf(() => box.open(token, 'profile.address'))).toBe('authFailed');
    expect(reasonOf(() => box.open(token))).toBe('authFailed');
  });

  test('malformed tokens and unknown versions', () => {
    const token = box.seal(LINK);
    expect(reasonOf(() => box.open(''))).toBe('malformed');
    expect(reasonOf(() => box.open('abc$def'))).toBe('malformed');
    expect(reasonOf(() => box.open(token.slice(0, 20)))).toBe('malformed');
    expect(reasonOf(() => box.open(null as unknown as string))).toBe('malformed');
    const raw = Buffer.from(token, 'base64url');
    raw[0] = 2;
    expect(reasonOf(() => box.open(raw.toString('base64url')))).toBe('unsupportedVersion');
  });

  test('the key must be 32 bytes, and later changes to the caller buffer do not matter', () => {
    expect(reasonOf(() => createSecretBox(randomBytes(16)))).toBe('badKey');
    const k = randomBytes(32);
    const b = createSecretBox(k);
    const token = b.seal('x');
    k.fill(0);
    expect(b.open(token)).toBe('x');
  });
});

describe('parseSecretsKey', () => {
  test('hex, base64 and base64url forms of 32 bytes', () => {
    const k = randomBytes(32);
    expect(parseSecretsKey(k.toString('hex')).equals(k)).toBe(true);
    expect(parseSecretsKey(k.toString('base64')).equals(k)).toBe(true);
    expect(parseSecretsKey(` ${k.toString('base64url')}\n`).equals(k)).toBe(true);
    expect(reasonOf(() => parseSecretsKey('abcd'))).toBe('badKey');
  });
});
