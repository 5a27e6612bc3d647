// docs/product.md §5 text rules: English-only by default, Persian-only where a field says so, and the
// password strength rule. The same patterns drive the panel's input fields and the server's yup schemas.
import { PASSWORD_MIN_LENGTH } from './limits';

/** English letters, digits, whitespace and the printable ASCII special characters. */
export const ENGLISH_TEXT = /^[A-Za-z0-9\s!-/:-@[-`{-~]*$/;
/** Persian letters (with Arabic forms in common use), Persian, Arabic-Indic or Latin digits, whitespace, ZWNJ and punctuation. */
export const PERSIAN_TEXT = /^[\u0600-\u06FF\uFB8A\u067E\u0686\u06AF\u200C\u200F\s0-9\u06F0-\u06F9\u0660-\u0669.,;:!?()«»\-_"'،؛؟]*$/;

export const isEnglishText = (v: string): boolean => ENGLISH_TEXT.test(v);
export const isPersianText = (v: string): boolean => PERSIAN_TEXT.test(v);

export function isStrongPassword(v: string): boolean {
  return (
    v.length >= PASSWORD_MIN_LENGTH &&
    /[A-Z]/.test(v) &&
    /[a-z]/.test(v) &&
    /[0-9]/.test(v) &&
    /[^A-Za-z0-9]/.test(v)
  );
}
