// Secrets at rest (docs/architecture.md §6): profile addresses and server passwords are sealed with
// AES-256-GCM under SECRETS_KEY. A sealed value is one opaque base64url token:
//   byte 0 version (1) | 12-byte IV | 16-byte tag | ciphertext
// The profile list returns this token as `address`; apps/convertProfile opens it. An optional
// `context` is bound as additional authenticated data, so a token sealed for one purpose (say
// 'server.password') does not open under another ('profile.address').
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { ReasonError } from './reason-error';

export const SECRET_BOX_VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES;

export type SecretBoxReason = 'badKey' | 'malformed' | 'unsupportedVersion' | 'authFailed';

/** A token that is not ours, was altered, or was sealed under another key or context. */
export class SecretBoxError extends ReasonError<SecretBoxReason> {
  override readonly name = 'SecretBoxError';
}

export interface SecretBox {
  seal(plain: string, context?: string): string;
  open(token: string, context?: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (!Buffer.isBuffer(key) || key.length !== 32) throw new SecretBoxError('badKey', 'SECRETS_KEY must be 32 bytes');
  const k = Buffer.from(key); // a private copy: later changes to the caller's buffer do not matter

  return {
    seal(plain: string, context?: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', k, iv);
      if (context !== undefined) cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([SECRET_BOX_VERSION]), iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(token: string, context?: string): string {
      if (typeof token !== 'string' || !/^[A-Za-z0-9_-]+$/.test(token)) throw new SecretBoxError('malformed', 'not a base64url token');
      const raw = Buffer.from(token, 'base64url');
      if (raw.length < HEADER_BYTES) throw new SecretBoxError('malformed', 'token too short');
      if (raw[0] !== SECRET_BOX_VERSION) throw new SecretBoxError('unsupportedVersion', `unknown token version ${raw[0]}`);
      const iv = raw.subarray(1, 1 + IV_BYTES);
      const tag = raw.subarray(1 + IV_BYTES, HEADER_BYTES);
      try {
        const decipher = createDecipheriv('aes-256-gcm', k, iv);
        decipher.setAuthTag(tag);
        if (context !== undefined) decipher.setAAD(Buffer.from(context, 'utf8'));
        return Buffer.concat([decipher.update(raw.subarray(HEADER_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError('authFailed', 'token altered, or sealed under another key or context');
      }
    },
  };
}

/** Reads SECRETS_KEY text: 64 hex characters or base64/base64url of 32 bytes. */
export function parseSecretsKey(text: string): Buffer {
  const t = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, /[-_]/.test(t) ? 'base64url' : 'base64');
  if (key.length !== 32) throw new SecretBoxError('badKey', 'SECRETS_KEY must be 32 bytes (64 hex characters or base64)');
  return key;
}
