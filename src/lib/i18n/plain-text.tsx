// Message texts without react-intl, for the sign-in page before the app has loaded (src/boot): its
// messages are plain texts, so a lookup in the catalogue is all it needs, and the page saves
// react-intl's formatter set-up on the phone's first load. The catalogue holds strings
// (tests, the dev server) or, in the production build, each message pre-parsed into ICU parts
// (webpack.config.ts); a literal's parts are joined, an argument takes its value. Components read
// texts through `useText`; the bootstrap provides `plainText`, the app react-intl's formatMessage.
import { createContext, useContext } from 'react';
import type { MessageValues } from './messages';

export type TextLookup = (id: string, values?: MessageValues) => string;

const TextContext = createContext<TextLookup>((id) => id);

export const TextProvider = TextContext.Provider;

/** The message of an id in the current language (the id itself when the catalogue lacks it). */
export const useText = (): TextLookup => useContext(TextContext);

type Part = { type: number; value?: unknown };

/** A catalogue message as text: the plain string, or its pre-parsed literal and argument parts joined. */
export function plainText(messages: Readonly<Record<string, unknown>>, id: string, values?: MessageValues): string {
  const message = messages[id];
  if (typeof message === 'string') return message.replace(/\{(\w+)\}/g, (whole, name: string) => String(values?.[name] ?? whole));
  if (!Array.isArray(message)) return id;
  return (message as Part[]).map((part) => (part.type === 0 ? String(part.value) : part.type === 1 ? String(values?.[String(part.value)] ?? '') : '')).join('');
}
