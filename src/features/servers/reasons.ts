// Texts of the server's failure reasons: share-link (shareLink.*) and CSV (csv.*) message ids are
// kept in this feature's catalogue as `servers.reason.<id>`; validation.* ids are the shell's.
import type { IntlShape } from 'react-intl';
import { translate } from '@/lib/i18n';

export function reasonText(intl: IntlShape, id: string | undefined): string {
  if (!id) return '';
  const own = `servers.reason.${id}`;
  return intl.messages[own] !== undefined ? intl.formatMessage({ id: own }) : translate(intl, id);
}
