// Test helper for the contract schemas: validates like the server does (all errors, unknown keys
// stripped) and answers `{ field: messageId }`, the `errors` map of a 400 body (docs/architecture.md §5):
// a message carrying values (`validation.tooLong?max=100`) as its id, as the server answers it.
import { ValidationError, type Schema } from 'yup';
import { AD_MESSAGES, CSV_MESSAGES, SHARE_LINK_MESSAGES, V, parseMessageRef } from '../../../src/contract';

export async function errorsOf(schema: Schema, value: unknown): Promise<Record<string, string>> {
  try {
    await schema.validate(value, { abortEarly: false, stripUnknown: true });
    return {};
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    const out: Record<string, string> = {};
    const list = e.inner.length ? e.inner : [e];
    for (const err of list) {
      const path = err.path ?? '';
      if (!(path in out)) out[path] = parseMessageRef(String(err.message)).id;
    }
    return out;
  }
}

/** The validated (cast) value; fails the test with the error map when invalid. */
export async function valid<T>(schema: Schema<T>, value: unknown): Promise<T> {
  const errors = await errorsOf(schema, value);
  expect(errors).toEqual({});
  return schema.validate(value, { abortEarly: false, stripUnknown: true });
}

/** Every message id the contract defines; a yup default text is not among them. */
export const KNOWN_MESSAGE_IDS = new Set<string>([
  ...Object.values(V),
  ...Object.values(AD_MESSAGES),
  ...Object.values(SHARE_LINK_MESSAGES),
  ...Object.values(CSV_MESSAGES),
]);
