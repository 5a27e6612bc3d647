// Message texts without react-intl, for the sign-in page before the app has loaded (src/boot): its
// messages are plain texts, so a lookup in the catalogue is all it needs, and the page saves
// react-intl's formatter set-up on the phone's first load. The catalogue holds strings
// (tests, the dev server) or, in the production build, each message pre-parsed into ICU parts
// (webpack.config.ts); a literal's parts are joined, an argument takes its value. Components read
// texts through `useText`; the bootstrap provides `plainText`, the app react-intl's formatMessage.
import { createContext, useContext } from 'react';
import type { MessageValues } from './messages';
import { refMessage } from './message-ref';

export type TextLookup = (id: string, values?: MessageValues) => string;

const TextContext = createContext<TextLookup>((id) => id);

export const TextProvider = TextContext.Provider;

/** The message of an id in the current language (the id itself when the catalogue lacks it). */
export const useText = (): TextLookup => useContext(TextContext);

type Part = { type: number; value?: unknown };

/** ICU part types: a literal, a plain argument, a number argument. */
const LITERAL = 0;
const ARGUMENT = 1;
const NUMBER = 2;

/**
 * A catalogue message as text: the plain string, or its pre-parsed literal and argument parts
 * joined; a message ref (`validation.tooLong?max=255`) reads the message that names its values. A
 * number argument is written in the digits of `locale` (Persian digits in fa).
 */
export function plainText(messages: Readonly<Record<string, unknown>>, ref: string, values?: MessageValues, locale?: string): string {
  const found = refMessage(messages, ref);
  if (!found) return ref;
  const all: MessageValues = { ...values, ...found.values };
  const number = (v: unknown) => (typeof v === 'number' ? new Intl.NumberFormat(locale).format(v) : String(v ?? ''));
  const message = messages[found.id];
  if (typeof message === 'string') {
    return message.replace(/\{(\w+)(, number)?\}/g, (whole, name: string, asNumber?: string) =>
      all[name] === undefined ? whole : asNumber ? number(all[name]) : String(all[name]),
    );
  }
  if (!Array.isArray(message)) return ref;
  return (message as Part[])
    .map((part) => {
      if (part.type === LITERAL) return String(part.value);
      const value = all[String(part.value)];
      if (part.type === ARGUMENT) return String(value ?? '');
      return part.type === NUMBER ? number(value) : '';
    })
    .join('');
}
