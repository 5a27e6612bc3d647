// Field builders and format checks shared by the request schemas of docs/product.md §7. Every builder sets
// explicit message ids (V) for type, null and range failures, so no yup default text ever reaches
// a response or a form. Pure TypeScript: runs in the browser and in Node.
import * as yup from 'yup';
import { TOO_LONG, V } from '../errors';
import { ENGLISH_TEXT, PERSIAN_TEXT, VISIBLE_TEXT, hasInvisibleControls, isEnglishText, isPersianText } from '../text-rules';
import { TEXT_MAX } from '../limits';

/** PostgreSQL `integer` upper bound: larger numbers are refused as input instead of failing in the database. */
export const INT_MAX = 2_147_483_647;

// TEXT_MAX lives in ../limits (yup-free, for the sign-in page's rules); the schemas take it from here.
export { TEXT_MAX } from '../limits';

// yup's built-in coercion calls `toString`/`valueOf` on whatever arrives, and a JSON body can carry
// an object whose own `toString` key is not a function (`{"email": {"toString": 1}}`): yup then
// throws a TypeError, which would turn bad input into a 500. (`spec.coerce: false` does not help:
// the built-in transform reads the flag of the schema it was created on.) The builders below drop
// that transform and coerce plain scalars themselves; anything else fails with a message id.

/** A copy of `schema` without yup's built-in coercion transform (and any other transform). */
export function withoutCoercion<S extends yup.Schema>(schema: S): S {
  const next = schema.clone();
  next.transforms = [];
  return next;
}

/**
 * A string field: a number or boolean sent by a client is cast to its text, an object or array is
 * refused, and null is refused unless `.nullable()` follows. Every string field has a maximum
 * length, checked before any database work: TEXT_MAX.medium unless the field sets its own
 * `.max()` (yup keeps only the last one). No text is unbounded, so no text can overflow an index.
 */
export const str = () =>
  withoutCoercion(yup.string())
    .transform((v: unknown) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v))
    .typeError(V.checkInput)
    .nonNullable(V.checkInput)
    .max(TEXT_MAX.medium, TOO_LONG);

/**
 * A trimmed string field. (yup's own `.trim()` calls `.trim()` on whatever arrives and throws a
 * TypeError for an object or array, which would turn bad input into a 500; this transform does not.)
 */
export const trimmedStr = () => str().transform((v: unknown) => (typeof v === 'string' ? v.trim() : v));

/** Required, trimmed, non-blank text. */
export const nonBlank = (max: number = TEXT_MAX.medium) => trimmedStr().required(V.required).max(max, TOO_LONG);

/** Optional text: blank or missing becomes null (docs/product.md §5: optional fields are sent as null when empty). */
export const optionalText = (max: number = TEXT_MAX.medium) =>
  trimmedStr()
    .nullable()
    .transform((v: unknown) => (v === '' ? null : v))
    .max(max, TOO_LONG);

/**
 * A number: numeric text is cast (whitespace ignored), and an empty string (an untouched form
 * input) counts as missing rather than as a type error. Booleans, objects and arrays are refused.
 */
/** Numeric text a number field accepts: plain decimal notation (no `0x1`, `1e20`, `Infinity`). */
const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * A number: numeric text in plain decimal notation is cast (whitespace ignored), and an empty
 * string (an untouched form input) counts as missing rather than as a type error. Booleans,
 * objects and arrays are refused. Every number fits PostgreSQL's `integer` range (±INT_MAX)
 * whatever bounds the field adds, so no number can overflow a column or a parameter.
 */
export const num = () =>
  withoutCoercion(yup.number())
    .transform((v: unknown) => {
      if (typeof v !== 'string') return v;
      const s = v.replace(/\s/g, '');
      if (s === '') return undefined;
      return DECIMAL_TEXT.test(s) ? Number(s) : Number.NaN;
    })
    .typeError(V.number)
    .nonNullable(V.number)
    .test('int4-range', V.max, function (v) {
      if (v == null || Math.abs(v) <= INT_MAX) return true;
      return this.createError({ message: v < 0 ? V.min : V.max });
    });

/** An id as text: plain decimal digits without a leading zero (no spaces, signs, `0x1`, `1.0`, `06`). */
export const ID_TEXT = /^[1-9][0-9]*$/;

/**
 * Ids sent as text (a path, a query, a multipart field) are plain digits only: `%206` (` 6`),
 * `06`, `0x1`, `1.0` and `+1` are refused, so that one id has exactly one spelling.
 */
function decimalDigitsOnly(this: yup.TestContext, v: unknown): boolean {
  const sent: unknown = this.originalValue;
  return v == null || typeof sent !== 'string' || ID_TEXT.test(sent);
}

/** A required positive integer id (database serial). */
export const positiveId = () => num().required(V.required).integer(V.integer).min(1, V.min).max(INT_MAX, V.max).test('digits', V.integer, decimalDigitsOnly);

/** An optional id filter of a query (`appId`): empty or `null` means none. */
export const optionalId = () =>
  num()
    .transform((v: unknown, orig: unknown) => (orig === 'null' || orig === '' ? undefined : v))
    .integer(V.integer)
    .min(1, V.min)
    .max(INT_MAX, V.max)
    .test('digits', V.integer, decimalDigitsOnly)
    .optional();

/** An optional integer ≥ 0 (delays, pings, intervals in seconds). Null is refused. */
export const nonNegativeInt = () => num().integer(V.integer).min(0, V.min).max(INT_MAX, V.max).nonNullable(V.required);

/** An optional boolean; `true`/`false`/`1`/`0` (text or number) are cast. Null is refused. */
export const bool = () =>
  withoutCoercion(yup.boolean())
    .transform((v: unknown) => {
      if (typeof v !== 'string' && typeof v !== 'number') return v;
      if (/^(true|1)$/i.test(String(v))) return true;
      if (/^(false|0)$/i.test(String(v))) return false;
      return v;
    })
    .typeError(V.checkInput)
    .nonNullable(V.required);

type StringField = yup.StringSchema<string | null | undefined, yup.AnyObject, unknown, '' | 'd'>;

/** `schema` with the docs/product.md §5 default text rule: English letters, digits, whitespace and ASCII punctuation only. */
export function englishOnly<S extends StringField>(schema: S): S {
  return schema.test({ name: 'english', message: V.englishOnly, params: { pattern: ENGLISH_TEXT }, test: (v) => v == null || isEnglishText(v) }) as S;
}

/**
 * `schema` refusing bidi controls and zero-width characters (text-rules.ts hasInvisibleControls),
 * for the names the phones show: app, operator, profile and server names.
 */
export function visibleText<S extends StringField>(schema: S): S {
  return schema.test({
    name: 'visible',
    message: V.invisibleCharacters,
    params: { pattern: VISIBLE_TEXT },
    test: (v) => v == null || !hasInvisibleControls(v),
  }) as S;
}

/** Persian-only text (docs/product.md §5). */
export const persianText = () =>
  trimmedStr().test({ name: 'persian', message: V.persianOnly, params: { pattern: PERSIAN_TEXT }, test: (v) => v == null || isPersianText(v) });

/** English-only text (docs/product.md §5 default text rule). */
export const englishText = () => englishOnly(trimmedStr());

/** Email check used where the field is optional (yup's own `.email()` is used for required emails too). */
export const optionalEmail = () => optionalText(TEXT_MAX.medium).email(V.email);

/** An array of positive ids: at least one, no duplicates. */
export const idList = (max = 100_000) =>
  yup
    .array()
    .typeError(V.checkInput)
    .of(positiveId())
    .required(V.required)
    .min(1, V.required)
    .max(max, V.max)
    .test('unique', V.duplicate, (v) => !v || new Set(v).size === v.length);

/**
 * Object transform: removes keys that name Object.prototype members (`toString`, `constructor`,
 * `__proto__`, ...). yup looks fields up with a plain `fields[key]`, so such a key in a body
 * resolves to the inherited function and crashes the validation; no request field has such a name.
 */
export function dropPrototypeKeys(v: unknown): unknown {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
  let out: Record<string, unknown> | undefined;
  for (const k of Object.keys(v)) {
    if (k in Object.prototype) {
      out ??= { ...(v as Record<string, unknown>) };
      delete out[k];
    }
  }
  return out ?? v;
}

/**
 * A request body, query or params object (docs/architecture.md §5): keys naming Object.prototype members
 * dropped, and anything but an object (an array, a string, null) refused with checkInput. Every
 * request schema of the contract is built with it.
 */
export const body = <T extends yup.ObjectShape>(shape: T) => yup.object(shape).transform(dropPrototypeKeys).typeError(V.checkInput).nonNullable(V.checkInput);

/**
 * The fields of a JSON body whose value has the wrong JSON type: a string field must hold a
 * string, a number field a number, a boolean field a boolean, at any depth (objects and arrays
 * of the schema are walked). null and absent values are left to the schema. `{}` when none.
 *
 * The schemas themselves cast (`"5"` → 5, `1` → `"1"`), which the panel's forms rely on: an input
 * holds text. A JSON body has real types, so the server checks them first (http/validation.ts);
 * query strings, path params and multipart fields are text and keep the casts. One documented
 * exception: a number field marked numericTextInJson (the app version, versions.ts) also takes
 * numeric text in JSON, which the phones send.
 */
export function jsonTypeErrors(schema: yup.Schema, value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const stack: Array<[yup.Schema, unknown, string]> = [[schema, value, '']];
  while (stack.length) {
    const [s, v, path] = stack.pop()!;
    if (v === null || v === undefined) continue;
    switch (s.type) {
      case 'string':
        if (typeof v !== 'string') out[path] = V.checkInput;
        break;
      case 'number':
        if (typeof v !== 'number' && !(typeof v === 'string' && takesNumericText(s))) out[path] = V.number;
        break;
      case 'boolean':
        if (typeof v !== 'boolean') out[path] = V.checkInput;
        break;
      case 'object':
        // Not an object: the schema's own type check answers.
        if (typeof v === 'object' && !Array.isArray(v) && s instanceof yup.ObjectSchema) {
          for (const [key, field] of Object.entries(s.fields as Record<string, unknown>)) {
            if (!(field instanceof yup.Schema) || !Object.prototype.hasOwnProperty.call(v, key)) continue;
            stack.push([field, (v as Record<string, unknown>)[key], path ? `${path}.${key}` : key]);
          }
        }
        break;
      case 'array': {
        const inner = s instanceof yup.ArraySchema ? (s.innerType as unknown) : undefined;
        if (Array.isArray(v) && inner instanceof yup.Schema) v.forEach((item, i) => stack.push([inner, item, `${path}[${i}]`]));
        break;
      }
      default:
        break; // mixed, lazy: any JSON value
    }
  }
  return out;
}

/**
 * A number field that a JSON body may also send as numeric text (`"1.20"`), cast as in a query;
 * jsonTypeErrors lets such text through. Only for a representation documented as taking text.
 */
export function numericTextInJson<S extends yup.Schema>(schema: S): S {
  return schema.meta({ numericTextInJson: true }) as S;
}

const takesNumericText = (schema: yup.Schema): boolean => (schema.spec.meta as { numericTextInJson?: boolean } | undefined)?.numericTextInJson === true;

/** Route params `{id}` of every `/{id}` path. */
export const idParamsSchema = body({ id: positiveId() });
export type IdParams = yup.InferType<typeof idParamsSchema>;
