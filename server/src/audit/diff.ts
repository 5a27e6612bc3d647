// The before/after of an audit record (docs/architecture.md §6 "Audit log"): only the fields that changed,
// and no secret value ever: passwords and their hashes, server passwords, profile addresses, the
// app keys (newCoreKey/Iv, cppKey/Iv, API and robot keys), TOTP secrets and push tokens appear as
// AUDIT_CHANGED, which says that they changed and nothing else.
import { AUDIT_CHANGED } from '../../../src/contract';

type Fields = Record<string, unknown>;

const SECRET_KEYS = new Set([
  'password',
  'passwordHash',
  'passwordEnc',
  'addressEnc',
  'address_enc',
  'newCoreKey',
  'newCoreIv',
  'cppKey',
  'cppIv',
  'apiKey',
  'robotApiKey',
  'robotApiKeyHash',
  'totpSecretEnc',
  'totpPendingEnc',
  'fcmToken',
  'config',
  'token',
]);
/** Any other key that names a secret by its shape (a safety net for columns added later). */
const SECRET_SHAPE = /password|hash|secret|token|(Key|Iv|Enc)$/i;

export const isSecretKey = (key: string): boolean => SECRET_KEYS.has(key) || SECRET_SHAPE.test(key);

/** Dates as ISO text, so a value compares and stores the same way from either driver. */
function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  return value ?? null;
}

/** A secret's value as AUDIT_CHANGED; an absent one (null) is no secret and shows as null. */
const shown = (key: string, value: unknown) => (isSecretKey(key) && value !== null && value !== undefined ? AUDIT_CHANGED : plain(value));

const same = (a: unknown, b: unknown) => JSON.stringify(plain(a)) === JSON.stringify(plain(b));

/**
 * The fields that differ between two snapshots, each side with its own value (a secret as
 * AUDIT_CHANGED). A create has no `before`, a delete no `after`; both null when nothing changed.
 */
export function diffFields(before: Fields | undefined, after: Fields | undefined): { before: Fields | null; after: Fields | null } {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const b: Fields = {};
  const a: Fields = {};
  for (const key of keys) {
    const from = before?.[key];
    const to = after?.[key];
    if (before && after && same(from, to)) continue;
    if (!before && (to === null || to === undefined)) continue;
    if (!after && (from === null || from === undefined)) continue;
    if (before) b[key] = shown(key, from);
    if (after) a[key] = shown(key, to);
  }
  return {
    before: before && Object.keys(b).length ? b : null,
    after: after && Object.keys(a).length ? a : null,
  };
}

/** A free-form detail with every secret key's value replaced (reveals, imports, exports). */
export function redact(detail: Fields): Fields {
  return Object.fromEntries(Object.entries(detail).map(([k, v]) => [k, shown(k, v)]));
}
