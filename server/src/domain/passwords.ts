// Password hashing (argon2id, docs/architecture.md §6) and generation of strong first-run passwords.
import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { isStrongPassword } from '../../../src/contract';

// Algorithm.Argon2id; the package declares it as a const enum, which isolatedModules cannot import.
const ARGON2ID = 2;

export const hashPassword = (password: string): Promise<string> => hash(password, { algorithm: ARGON2ID });

/** False for a wrong password and for a malformed stored hash alike. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Spends the same time as a real check when the account does not exist, so response timing
 * does not reveal which accounts exist. Always false.
 */
export async function verifyAgainstNobody(password: string): Promise<false> {
  dummyHash ??= hashPassword(`nobody-${randomInt(1e9)}`);
  await verifyPassword(await dummyHash, password);
  return false;
}

const CLASSES = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '!@#$%^&*-_=+?'];

/** A random password meeting docs/product.md §5's strength rule; look-alike characters are left out. */
export function generatePassword(length = 20): string {
  const all = CLASSES.join('');
  const chars = CLASSES.map((c) => c[randomInt(c.length)]);
  while (chars.length < length) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  const password = chars.join('');
  if (!isStrongPassword(password)) throw new Error('generated password breaks the strength rule');
  return password;
}
