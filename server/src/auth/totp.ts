// TOTP (RFC 6238) for staff sign-in, with the otpauth library: SHA-1, 6 digits, 30-second steps,
// the defaults every authenticator app reads. A code is accepted one step either side of now (clock
// drift), and only for a step later than the last one accepted, so a code seen over a shoulder
// cannot be replayed. Recovery codes are 10 random characters (50 bits) shown once and kept as
// SHA-256; being random, they need no slow hash.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import * as OTPAuth from 'otpauth';

export const TOTP_ISSUER = 'VPN Admin';
export const TOTP_PERIOD_S = 30;
export const RECOVERY_CODE_COUNT = 10;
/** The secret's sealing context (domain/secret-box.ts): a token sealed for TOTP opens nowhere else. */
export const TOTP_SECRET_CONTEXT = 'user.totp';

function totp(secretBase32: string, label = 'staff'): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_S,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

/** A new 160-bit secret (RFC 4226's recommended size) and the URL to enrol it. */
export function newTotpSecret(label: string): { secret: string; otpauthUrl: string } {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  return { secret, otpauthUrl: totp(secret, label).toString() };
}

/**
 * The 30-second step `code` belongs to (within one step of now), or null when it is not a valid
 * code or its step is not after `lastStep`.
 */
export function acceptedTotpStep(secretBase32: string, code: string, lastStep: number | null, now = Date.now()): number | null {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totp(secretBase32).validate({ token, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / TOTP_PERIOD_S) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'; // no look-alikes (i/l/1, o/0)

/** Ten fresh recovery codes, `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const c = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${c.slice(0, 5)}-${c.slice(5)}`;
  });
}

/** The stored form of a recovery code: case, spaces and dashes do not matter when typing it. */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');
}

/** A sign-in challenge: the client keeps the token, the database its SHA-256. */
export function newChallenge(): { token: string; id: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, id: challengeId(token) };
}

export const challengeId = (token: string) => createHash('sha256').update(token).digest('hex');
