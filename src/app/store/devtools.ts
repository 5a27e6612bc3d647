// Redux DevTools stays on in every build so testers can export an action log; these sanitizers
// make sure the export never holds a secret: the token and every password value become '***'.
import type { Action } from '@reduxjs/toolkit';

export const REDACTED = '***';
const SECRET_KEY = /^(token|authorization)$|password$/i;

/** A copy of `value` with secret fields redacted; untouched branches are shared, not copied. */
export function redactSecrets<T>(value: T): T {
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((item) => {
      const redacted = redactSecrets(item);
      changed ||= redacted !== item;
      return redacted;
    });
    return (changed ? next : value) as T;
  }
  if (!value || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  let changed = false;
  const next: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const redacted = SECRET_KEY.test(key) && item !== null && item !== undefined && item !== '' ? REDACTED : redactSecrets(item);
    changed ||= redacted !== item;
    next[key] = redacted;
  }
  return (changed ? next : value) as T;
}

export const actionSanitizer = <A extends Action>(action: A): A => redactSecrets(action);
export const stateSanitizer = <S>(state: S): S => redactSecrets(state);

export const devToolsOptions = {
  name: 'Admin panel',
  actionSanitizer,
  stateSanitizer,
};
