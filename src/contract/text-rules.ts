// docs/product.md §5 text rules: English-only by default, Persian-only where a field says so, and the
// password strength rule. The same patterns drive the panel's input fields and the server's yup schemas.
import { PASSWORD_MIN_LENGTH } from './limits';

/** English letters, digits, whitespace and the printable ASCII special characters. */
export const ENGLISH_TEXT = /^[A-Za-z0-9\s!-/:-@[-`{-~]*$/;
/** Persian letters (with Arabic forms in common use), Persian, Arabic-Indic or Latin digits, whitespace, ZWNJ and punctuation. */
export const PERSIAN_TEXT = /^[\u0600-\u06FF\uFB8A\u067E\u0686\u06AF\u200C\u200F\s0-9\u06F0-\u06F9\u0660-\u0669.,;:!?()«»\-_"'،؛؟]*$/;

export const isEnglishText = (v: string): boolean => ENGLISH_TEXT.test(v);
export const isPersianText = (v: string): boolean => PERSIAN_TEXT.test(v);

/**
 * Characters that change how a name is shown without being seen: the bidi embeddings, overrides
 * and isolates (U+202A–U+202E, U+2066–U+2069), the direction marks (U+200E, U+200F, U+061C) and
 * the zero-width characters (U+200B, U+200D, U+2060–U+2064, U+FEFF). A name the phones show (app,
 * operator, profile and server names) may not hold them: U+202E then `gnp.exe` reads as `exe.png`.
 */
const INVISIBLE_CONTROLS = /[\u061C\u200B\u200D-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;
/**
 * ZWNJ (U+200C) is part of Persian spelling (وای + ZWNJ + فای, `wi-fi`), so it is allowed between two letters of the
 * Arabic script and nowhere else (a trailing ZWNJ after `apple` looks like `apple`).
 */
const STRAY_ZWNJ = /(^|[^\u0600-\u06FF])\u200C|\u200C(?![\u0600-\u06FF])/;

/** True when `v` holds a bidi control or a zero-width character (a ZWNJ inside a Persian word is fine). */
export const hasInvisibleControls = (v: string): boolean => INVISIBLE_CONTROLS.test(v) || STRAY_ZWNJ.test(v);

/**
 * The same rule as one pattern a whole value must match, for the OpenAPI document (JSON Schema
 * `pattern`, no lookbehind): any character but those above, or a ZWNJ right after an Arabic-script
 * letter (U+061C excepted, it is a control) and before another. `VISIBLE_TEXT.test(v)` is
 * `!hasInvisibleControls(v)` (__tests__/server/contract/text-and-types.test.ts compares them).
 */
export const VISIBLE_TEXT = /^(?:[^\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]|[\u0600-\u061B\u061D-\u06FF]\u200C(?=[\u0600-\u06FF]))*$/;

export function isStrongPassword(v: string): boolean {
  return v.length >= PASSWORD_MIN_LENGTH && /[A-Z]/.test(v) && /[a-z]/.test(v) && /[0-9]/.test(v) && /[^A-Za-z0-9]/.test(v);
}
