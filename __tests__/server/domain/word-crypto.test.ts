// Word encryption must equal `openssl enc -aes-256-cbc -K <hex key> -iv <hex iv> -base64 -A`
// (docs/architecture.md §7), so the mobile apps and app developers can reproduce it.
import { spawnSync } from 'node:child_process';
import { SOURCE_HOSTS } from '../../../src/contract';
import {
  WordCryptoError,
  decryptWord,
  encryptSourceHosts,
  encryptWord,
  generateApiKey,
  generateCoreIv,
  generateCoreKey,
  hashApiKey,
  sourceHostUrls,
} from '../../../server/src/domain/word-crypto';

const KEY = 'Xk3p9Qz7Lm2Vb8Nw4Rt6Yh1Jd5Fs0Ga2'; // 32 characters
const IV = 'Pq8Lm3Zx7Cv1Bn4K'; // 16 characters

function openssl(args: string[], input: string): string {
  const r = spawnSync('openssl', args, { input: Buffer.from(input, 'utf8') });
  if (r.status !== 0) throw new Error(`openssl failed: ${r.stderr.toString()}`);
  return r.stdout.toString('utf8').trim();
}
const hex = (s: string) => Buffer.from(s, 'utf8').toString('hex');
const opensslEncrypt = (word: string, key = KEY, iv = IV) => openssl(['enc', '-aes-256-cbc', '-K', hex(key), '-iv', hex(iv), '-base64', '-A'], word);
const opensslDecrypt = (b64: string, key = KEY, iv = IV) => openssl(['enc', '-d', '-aes-256-cbc', '-K', hex(key), '-iv', hex(iv), '-base64', '-A'], b64);

const WORDS: [string, string][] = [
  ['a domain', 'api.example.com'],
  ['a repository URL', 'https://github.com/acme/vpn-config'],
  ['Persian text', 'سلام دنیا، این یک آزمایش است'],
  ['emoji', 'مسیر 🚀 route'],
  ['exactly 16 bytes (a whole block, so a full padding block follows)', 'abcdefghijklmnop'],
  ['exactly 32 bytes', '0123456789abcdef0123456789ABCDEF'],
  ['one character', 'x'],
  ['the empty string', ''],
];

describe('encryptWord / decryptWord against the openssl CLI', () => {
  test.each(WORDS)('%s', (_label, word) => {
    const ours = encryptWord(word, KEY, IV);
    expect(ours).toBe(opensslEncrypt(word));
    expect(ours).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(Buffer.from(ours, 'base64').length % 16).toBe(0);
    expect(decryptWord(ours, KEY, IV)).toBe(word);
    if (word !== '') expect(opensslDecrypt(ours)).toBe(word);
  });

  test('a 16-byte word gives two blocks (PKCS#7 adds a whole block)', () => {
    expect(Buffer.from(encryptWord('abcdefghijklmnop', KEY, IV), 'base64')).toHaveLength(32);
    expect(Buffer.from(encryptWord('abcdefghijklmno', KEY, IV), 'base64')).toHaveLength(16);
  });

  test('a different key or IV gives a different ciphertext', () => {
    const base = encryptWord('api.example.com', KEY, IV);
    expect(encryptWord('api.example.com', KEY.replace('X', 'Y'), IV)).not.toBe(base);
    expect(encryptWord('api.example.com', KEY, IV.replace('P', 'Q'))).not.toBe(base);
  });

  test('decrypting openssl output generated with a freshly generated key', () => {
    const key = generateCoreKey();
    const iv = generateCoreIv();
    expect(decryptWord(opensslEncrypt('fresh.example.org', key, iv), key, iv)).toBe('fresh.example.org');
  });

  test('keys and IVs of the wrong size are refused', () => {
    expect(() => encryptWord('w', KEY.slice(1), IV)).toThrow(
      expect.objectContaining({ name: 'WordCryptoError', reason: 'badKey', message: expect.stringMatching(/^newCoreKey must be 32 bytes/) }),
    );
    expect(() => encryptWord('w', KEY, IV + 'x')).toThrow(expect.objectContaining({ reason: 'badIv' }));
    // 32 characters but more than 32 bytes once encoded.
    expect(() => encryptWord('w', 'ک'.repeat(32), IV)).toThrow(WordCryptoError);
  });

  test('garbage and ciphertext under another key fail with badCiphertext', () => {
    const other = 'Zk3p9Qz7Lm2Vb8Nw4Rt6Yh1Jd5Fs0Ga9';
    const sealed = encryptWord('api.example.com', KEY, IV);
    expect(() => decryptWord(sealed, other, IV)).toThrow(expect.objectContaining({ reason: 'badCiphertext' }));
    expect(() => decryptWord('not base64!', KEY, IV)).toThrow(expect.objectContaining({ reason: 'badCiphertext' }));
    expect(() => decryptWord('', KEY, IV)).toThrow(expect.objectContaining({ reason: 'badCiphertext' }));
    expect(() => decryptWord('AAAA', KEY, IV)).toThrow(expect.objectContaining({ reason: 'badCiphertext' }));
  });
});

describe('source hosts', () => {
  test('the five repository URLs, keyed as SOURCE_HOSTS', () => {
    const urls = sourceHostUrls('acme/vpn-config');
    expect(Object.keys(urls).sort()).toEqual([...SOURCE_HOSTS].sort());
    expect(urls).toEqual({
      github: 'https://github.com/acme/vpn-config',
      gitlab: 'https://gitlab.com/acme/vpn-config',
      gitea: 'https://gitea.com/acme/vpn-config',
      codeberg: 'https://codeberg.org/acme/vpn-config',
      bitbucket: 'https://bitbucket.org/acme/vpn-config',
    });
    expect(sourceHostUrls(' /acme/vpn-config/ ').github).toBe('https://github.com/acme/vpn-config');
  });

  test('encryptSourceHosts decrypts back to the URLs (the decryptDomain round trip)', () => {
    const enc = encryptSourceHosts('acme/vpn-config', KEY, IV);
    const back = Object.fromEntries(Object.entries(enc).map(([h, v]) => [h, decryptWord(v, KEY, IV)]));
    expect(back).toEqual(sourceHostUrls('acme/vpn-config'));
    expect(enc.gitlab).toBe(opensslEncrypt('https://gitlab.com/acme/vpn-config'));
  });
});

describe('generated keys', () => {
  test('newCoreKey: 32 alphanumeric characters, newCoreIv: 16, different each time', () => {
    const keys = new Set(Array.from({ length: 50 }, generateCoreKey));
    expect(keys.size).toBe(50);
    for (const k of keys) expect(k).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(generateCoreIv()).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(generateCoreIv()).not.toBe(generateCoreIv());
  });

  test('the alphabet is used in full (no character class missing from 2,000 draws)', () => {
    const seen = new Set(Array.from({ length: 100 }, generateCoreKey).join(''));
    expect(seen.size).toBe(62);
  });

  test('API keys are 256-bit hex', () => {
    const k = generateApiKey();
    expect(k).toMatch(/^[0-9a-f]{64}$/);
    expect(generateApiKey()).not.toBe(k);
  });

  test('hashApiKey is SHA-256 hex', () => {
    expect(hashApiKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const k = generateApiKey();
    expect(hashApiKey(k)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(k)).not.toBe(k);
  });
});
