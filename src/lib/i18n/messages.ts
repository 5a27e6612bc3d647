// Message catalogue types and the translation of validation message ids. Field errors carry a
// message id (the `V` ids of src/contract/errors.ts, from yup or from the server's 400 body).
import type { IntlShape } from 'react-intl';

export type Messages = Record<string, string>;
export type MessageValues = Record<string, string | number>;

/** Translates an id when the catalogue has it; anything else is shown as given. */
export function translate(intl: IntlShape, idOrText: string | undefined, values?: MessageValues): string {
  if (!idOrText) return '';
  return intl.messages[idOrText] !== undefined ? intl.formatMessage({ id: idOrText }, values) : idOrText;
}

/** The label of a role by its name; unknown role names are shown as they are. */
export function roleLabel(intl: IntlShape, roleName: string): string {
  const id = `common.role.${roleName}`;
  return intl.messages[id] !== undefined ? intl.formatMessage({ id }) : roleName;
}
