// Word encryption of the domain-encryption tools (docs/architecture.md §7, docs/product.md §7 `apps/wordEncryption`,
// `apps/decryptDomain`) and the app's generated keys. The algorithm is what the mobile apps decrypt:
// AES-256-CBC, PKCS#7 padding, key = the app's 32-character newCoreKey as UTF-8 bytes, IV = its
// 16-character newCoreIv as UTF-8 bytes, output standard base64. It equals
//   printf %s "$WORD" | openssl enc -aes-256-cbc -K "$(printf %s "$KEY" | xxd -p -c 256)" -iv "$(printf %s "$IV" | xxd -p)" -base64 -A
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';
import { SOURCE_HOSTS, type SourceHost } from '../../../src/contract';
import { ReasonError } from './reason-error';

export type WordCryptoReason = 'badKey' | 'badIv' | 'badCiphertext';

/** A key/IV of the wrong size, or a ciphertext that does not decrypt under them. */
export class WordCryptoError extends ReasonError<WordCryptoReason> {
  override readonly name = 'WordCryptoError';
}

function keyBytes(key: string, iv: string): [Buffer, Buffer] {
  const k = Buffer.from(key, 'utf8');
  const i = Buffer.from(iv, 'utf8');
  if (k.length !== 32) throw new WordCryptoError('badKey', `newCoreKey must be 32 bytes of UTF-8, got ${k.length}`);
  if (i.length !== 16) throw new WordCryptoError('badIv', `newCoreIv must be 16 bytes of UTF-8, got ${i.length}`);
  return [k, i];
}

/** Encrypts `word` (UTF-8) and answers standard base64 with padding. */
export function encryptWord(word: string, key: string, iv: string): string {
  const [k, i] = keyBytes(key, iv);
  const cipher = createCipheriv('aes-256-cbc', k, i);
  return Buffer.concat([cipher.update(word, 'utf8'), cipher.final()]).toString('base64');
}

/** Decrypts what encryptWord produced. Throws WordCryptoError('badCiphertext') for anything else. */
export function decryptWord(b64: string, key: string, iv: string): string {
  const [k, i] = keyBytes(key, iv);
  const text = b64.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length === 0 || text.length % 4 !== 0) {
    throw new WordCryptoError('badCiphertext', 'not standard base64');
  }
  const data = Buffer.from(text, 'base64');
  if (data.length === 0 || data.length % 16 !== 0) throw new WordCryptoError('badCiphertext', 'not a whole number of AES blocks');
  try {
    const decipher = createDecipheriv('aes-256-cbc', k, i);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    throw new WordCryptoError('badCiphertext', 'does not decrypt under this key and IV');
  }
}

const HOST_URLS: Record<SourceHost, string> = {
  github: 'https://github.com/',
  gitlab: 'https://gitlab.com/',
  gitea: 'https://gitea.com/',
  codeberg: 'https://codeberg.org/',
  bitbucket: 'https://bitbucket.org/',
};

/** The repository URL on each of the five source hosts, keyed as SOURCE_HOSTS. */
export function sourceHostUrls(repoName: string): Record<SourceHost, string> {
  const repo = repoName.trim().replace(/^\/+|\/+$/g, '');
  return Object.fromEntries(SOURCE_HOSTS.map((h) => [h, HOST_URLS[h] + repo])) as Record<SourceHost, string>;
}

/** The five encrypted host URLs stored for an app (recompute when repoName, newCoreKey or newCoreIv changes). */
export function encryptSourceHosts(repoName: string, key: string, iv: string): Record<SourceHost, string> {
  const urls = sourceHostUrls(repoName);
  return Object.fromEntries(SOURCE_HOSTS.map((h) => [h, encryptWord(urls[h], key, iv)])) as Record<SourceHost, string>;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` characters drawn uniformly (crypto.randomInt, no modulo bias) from [A-Za-z0-9]. */
export function randomAlphanumeric(length: number): string {
  let out = '';
  for (let n = 0; n < length; n++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

/** A new app's newCoreKey: 32 alphanumeric characters (= 32 UTF-8 bytes, ~190 bits). */
export const generateCoreKey = (): string => randomAlphanumeric(32);
/** A new app's newCoreIv: 16 alphanumeric characters. */
export const generateCoreIv = (): string => randomAlphanumeric(16);

/** An API key (app apiKey, robot API key): 256 random bits as 64 lower-case hex characters. */
export const generateApiKey = (): string => randomBytes(32).toString('hex');

/** The stored form of a robot API key: SHA-256, hex. (A 256-bit random key needs no salt or slow hash.) */
export const hashApiKey = (apiKey: string): string => createHash('sha256').update(apiKey, 'utf8').digest('hex');
