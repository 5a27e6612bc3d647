// Which catalogue message a message ref reads (contract messageRef, `validation.tooLong?max=100`),
// shared by react-intl's translate and the sign-in page's plain texts: the ref's id, or the
// variant of it that names the values when the ref carries them, with those values.
import { V, parseMessageRef, type MessageValuesOf } from '@/contract/errors';

/** Ids whose message, given its values, reads a text that names them. */
const WITH_VALUES: Record<string, string> = { [V.tooLong]: 'validation.tooLongMax' };

export function refMessage(messages: Readonly<Record<string, unknown>>, ref: string): { id: string; values?: MessageValuesOf } | undefined {
  if (messages[ref] !== undefined) return { id: ref };
  const parsed = parseMessageRef(ref);
  const detailed = parsed.values && WITH_VALUES[parsed.id];
  if (detailed && messages[detailed] !== undefined) return { id: detailed, values: parsed.values };
  return messages[parsed.id] !== undefined ? parsed : undefined;
}
