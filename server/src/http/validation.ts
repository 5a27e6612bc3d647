// Request validation with the contract's yup schemas (docs/architecture.md §5: the form and the server
// use the same schema), plus the JSON Schema that OpenAPI needs for /api/docs.
//
// A route declares `schema: { body: yupSchema(signInSchema) }`. `yupSchema` returns a JSON Schema
// derived from the yup schema (for the docs) and remembers which yup schema it came from; the
// validator compiler then validates with yup, so yup stays the single source of truth. A body that
// is not JSON (multipart) is documented with `docsOnly(jsonSchema)`. A plain JSON Schema is refused
// at startup, so no route can silently skip validation.
//
// A JSON body is checked for types first (contract jsonTypeErrors): `{"privacy": 123}` or
// `{"name": true}` is a 400, not text. The schemas' casts (`"5"` → 5) stay for the query string and
// the path params, which are always text, and for the panel's forms, whose inputs hold text.
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import * as yup from 'yup';
import { V, jsonTypeErrors } from '../../../src/contract';
import { HttpError } from './errors';

type JsonSchema = Record<string, unknown>;
type AnyYupSchema = yup.Schema;

const yupOf = new WeakMap<object, AnyYupSchema>();
const documentationOnly = new WeakSet<object>();

/** JSON Schema for the docs, bound to `schema` for validation. */
export function yupSchema(schema: AnyYupSchema): JsonSchema {
  const json = toJsonSchema(schema.describe());
  yupOf.set(json, schema);
  return json;
}

/**
 * The JSON Schema of a response body, from its yup schema in src/contract/responses.ts: what the
 * serializer writes and the OpenAPI page shows (docs/architecture.md §5).
 */
export function responseSchema(schema: AnyYupSchema | yup.Lazy<unknown>): JsonSchema & { properties?: Record<string, JsonSchema> } {
  return toJsonSchema(schema.describe());
}

/** A schema that only documents (multipart bodies); the handler validates the content itself. */
export function docsOnly<T extends JsonSchema>(json: T): T {
  documentationOnly.add(json);
  return json;
}

export const validatorCompiler: FastifySchemaCompiler<JsonSchema> = ({ schema, method, url, httpPart }) => {
  const ySchema = yupOf.get(schema);
  if (ySchema) {
    const jsonBody = httpPart === 'body';
    return (data: unknown) => {
      const wrongTypes = jsonBody ? jsonTypeErrors(ySchema, data) : {};
      let failure: yup.ValidationError;
      try {
        // Unknown keys are dropped so handlers only ever see declared fields. An absent body or
        // query is checked as `{}`, which names each required field instead of failing as a whole.
        const value = ySchema.validateSync(data ?? {}, { abortEarly: false, stripUnknown: true });
        if (!Object.keys(wrongTypes).length) return { value };
        failure = new yup.ValidationError([]);
      } catch (err) {
        // A transform that meets an unexpected type (yup's trim() on an object, say) throws a plain
        // error. That is still bad input, so it becomes a 400 naming the fields that caused it.
        failure = err instanceof yup.ValidationError ? err : castFailure(ySchema, data);
      }
      if (!Object.keys(wrongTypes).length) return { error: failure };
      // A wrongly typed field is named as such; the other fields keep their own failures.
      const others = (failure.inner.length ? failure.inner : failure.path ? [failure] : []).filter(
        (e) => !e.path || !Object.prototype.hasOwnProperty.call(wrongTypes, e.path),
      );
      const typed = Object.entries(wrongTypes).map(([path, id]) => new yup.ValidationError(id, undefined, path));
      return { error: new yup.ValidationError([...typed, ...others]) };
    };
  }
  if (documentationOnly.has(schema)) return () => true;
  throw new Error(`${method} ${url}: the ${httpPart} schema must come from yupSchema() or docsOnly()`);
};

function castFailure(schema: AnyYupSchema, data: unknown): yup.ValidationError {
  const fields = schema instanceof yup.ObjectSchema ? Object.keys(schema.fields) : [];
  const failing = fields.filter((field) => {
    try {
      schema.validateSyncAt(field, data ?? {});
      return false;
    } catch (err) {
      return !(err instanceof yup.ValidationError);
    }
  });
  return new yup.ValidationError(failing.length ? failing.map((f) => new yup.ValidationError(V.checkInput, undefined, f)) : V.checkInput);
}

/** A field's first pattern is its `pattern`; each further one (an English name that must also be visible) goes in `allOf`. */
function addPattern(out: JsonSchema, source: string): void {
  if (out.pattern === undefined || out.pattern === source) out.pattern = source;
  else out.allOf = [...((out.allOf as JsonSchema[] | undefined) ?? []), { pattern: source }];
}

/**
 * yup's description → the JSON Schema subset OpenAPI shows: types, required, enums, lengths, bounds.
 * A lazy schema with `ref` in its meta is a reference to a shared schema registered under that id
 * (http/schemas.ts), which is how a tree (the menu) refers to itself.
 */
function toJsonSchema(d: yup.SchemaDescription | yup.SchemaFieldDescription): JsonSchema {
  const out: JsonSchema = {};
  const desc = d as yup.SchemaDescription & { fields?: Record<string, yup.SchemaFieldDescription>; innerType?: yup.SchemaFieldDescription };
  const ref = desc.type === 'lazy' ? (desc.meta as { ref?: string } | undefined)?.ref : undefined;
  if (ref) return { $ref: `${ref}#` };
  switch (desc.type) {
    case 'object': {
      const fields = desc.fields ?? {};
      out.type = 'object';
      out.properties = Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, toJsonSchema(f)]));
      // A field with a default is filled in when absent: the caller need not send it.
      const required = Object.entries(fields)
        .filter(([, f]) => 'optional' in f && !f.optional && (f as { default?: unknown }).default === undefined)
        .map(([k]) => k);
      if (required.length) out.required = required;
      break;
    }
    case 'array':
      out.type = 'array';
      if (desc.innerType) out.items = toJsonSchema(desc.innerType);
      break;
    case 'string':
    case 'number':
    case 'boolean':
      out.type = desc.type;
      break;
    case 'date':
      Object.assign(out, { type: 'string', format: 'date-time' });
      break;
    default:
      break; // mixed, lazy, ref: any value
  }
  if ('nullable' in desc && desc.nullable) out.nullable = true;
  const meta = ('meta' in desc ? desc.meta : undefined) as { description?: string; format?: string; additionalProperties?: boolean | AnyYupSchema } | undefined;
  // A mixed schema with `additionalProperties` in its meta is an object of free keys: any value
  // (true), or each value as the schema given (contract/response-fields.ts `record`).
  const extra = meta?.additionalProperties;
  if (extra !== undefined) Object.assign(out, { type: 'object', additionalProperties: typeof extra === 'boolean' ? extra : toJsonSchema(extra.describe()) });
  if (meta?.format) out.format = meta.format;
  if (meta?.description) out.description = meta.description;
  // null stays in the list when the schema names it (a nullable enum that allows null).
  const values = ('oneOf' in desc ? desc.oneOf : []).filter((v) => v === null || (v !== undefined && typeof v !== 'object'));
  if (values.length) out.enum = values;
  for (const test of 'tests' in desc ? desc.tests : []) {
    const p = (test.params ?? {}) as Record<string, unknown>;
    if (test.name === 'integer') out.type = 'integer';
    else if (test.name === 'email') out.format = 'email';
    else if (test.name === 'min' && typeof p.min === 'number')
      out[desc.type === 'string' ? 'minLength' : desc.type === 'array' ? 'minItems' : 'minimum'] = p.min;
    else if (test.name === 'max' && typeof p.max === 'number')
      out[desc.type === 'string' ? 'maxLength' : desc.type === 'array' ? 'maxItems' : 'maximum'] = p.max;
    // An exact length (newCoreKey, newCoreIv) and a rule a test declares as a pattern (profile names,
    // Persian-only and English-only text, no invisible characters in a name the phones show): the
    // document accepts no body the server would refuse for them.
    if (test.name === 'length' && typeof p.length === 'number') Object.assign(out, { minLength: p.length, maxLength: p.length });
    if (test.name === 'matches' && p.regex instanceof RegExp) addPattern(out, p.regex.source);
    if (p.pattern instanceof RegExp) addPattern(out, p.pattern.source);
  }
  return out;
}

/**
 * The first path (`email`, `items.2.name`, `appapikey`) whose key or text holds a NUL character
 * (`\u0000`), which no text column of PostgreSQL can store; undefined when there is none. Walks
 * without recursion, so a deeply nested body cannot exhaust the stack.
 */
export function findNulCharacter(root: unknown, prefix = ''): string | undefined {
  return findText(root, (s) => s.includes('\u0000'), prefix);
}

/** A UTF-16 surrogate without its pair (JSON's `"\ud800"`): not a character, and no database stores it. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * The first path whose key or text holds a lone surrogate (JSON can escape one: `"\ud800"`), which
 * PostgreSQL would store as U+FFFD, so the text saved is not the text sent; undefined when none.
 */
export function findLoneSurrogate(root: unknown, prefix = ''): string | undefined {
  return findText(root, (s) => LONE_SURROGATE.test(s), prefix);
}

/** The first path whose key or string value `bad` flags, walking without recursion. */
function findText(root: unknown, bad: (s: string) => boolean, prefix: string): string | undefined {
  const stack: Array<[unknown, string]> = [[root, prefix]];
  while (stack.length) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (bad(value)) return path || '_';
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (bad(key)) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return undefined;
}

/**
 * Hooks over every route: a NUL character anywhere in the headers, the path or the query (checked
 * on request, before any route's own onRequest hook reads a header such as `appapikey`) or in a
 * JSON body (checked once it is parsed) is a 400 naming the field, before any schema, handler or
 * database sees it; so is a lone surrogate in a JSON body. (Multipart fields are checked where
 * they are read: http/multipart.ts; they are decoded from UTF-8 bytes, which cannot carry one.)
 */
export async function rejectNulInRequestLine(request: FastifyRequest): Promise<void> {
  nulCheck(findNulCharacter(request.headers) ?? findNulCharacter(request.params) ?? findNulCharacter(request.query));
}

export async function rejectNulInBody(request: FastifyRequest): Promise<void> {
  nulCheck(findNulCharacter(request.body));
  const surrogate = findLoneSurrogate(request.body);
  if (surrogate !== undefined) throw HttpError.validation({ [surrogate]: V.checkInput }, 'Text must not contain a lone surrogate (not valid Unicode)');
}

function nulCheck(path: string | undefined) {
  if (path !== undefined) throw HttpError.validation({ [path]: V.checkInput }, 'Text must not contain NUL characters');
}
