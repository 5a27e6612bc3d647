// Message catalogue types and the translation of validation message ids. Field errors carry a
// message id (the `V` ids of src/contract/errors.ts, from yup or from the server's 400 body).
import type { IntlShape } from 'react-intl';
import { refMessage } from './message-ref';

export type Messages = Record<string, string>;
export type MessageValues = Record<string, string | number>;

/**
 * Translates an id, or a message ref carrying values (contract messageRef), when the catalogue has
 * it; anything else is shown as given. The ref's own values win over the caller's.
 */
export function translate(intl: IntlShape, idOrText: string | undefined, values?: MessageValues): string {
  if (!idOrText) return '';
  const found = refMessage(intl.messages, idOrText);
  return found ? intl.formatMessage({ id: found.id }, { ...values, ...found.values }) : idOrText;
}

/** A role as it is named: its English name (the seeded roles' keys) and its Persian name, if any. */
export interface NamedRole {
  name: string;
  pName?: string | null;
}

const persianUi = (intl: IntlShape) => intl.locale.startsWith('fa');

/**
 * The label of a role in the UI language: in Persian its Persian name; else (and for a
 * role without one) the seeded roles' own label (`common.role.<name>`), or its English name as it is.
 */
export function roleLabel(intl: IntlShape, role: NamedRole | string): string {
  const { name, pName } = typeof role === 'string' ? { name: role, pName: undefined } : role;
  if (persianUi(intl) && pName?.trim()) return pName;
  const id = `common.role.${name}`;
  return intl.messages[id] !== undefined ? intl.formatMessage({ id }) : name;
}

/** A role's description in the UI language, or the other language's when it has only that one. */
export function roleDescription(intl: IntlShape, role: { description?: string | null; pDescription?: string | null }): string {
  const [first, second] = persianUi(intl) ? [role.pDescription, role.description] : [role.description, role.pDescription];
  return first?.trim() || second?.trim() || '';
}
