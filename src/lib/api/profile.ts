// The signed-in user as the account pages show them: display name by locale, role label and joined
// date, worked out once so the dashboard greeting and the profile page never disagree.
import { useIntl } from 'react-intl';
import { formatDate, fullName, roleLabel } from '../i18n';
import { useAppSelector } from '../state/hooks';
import { selectLocale } from '../state/settings-slice';
import { useCurrentUser } from './session';

/** undefined until the user is known. */
export function useProfileSummary() {
  const { user } = useCurrentUser();
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  if (!user) return undefined;
  return { user, name: fullName(user, locale), role: roleLabel(intl, user.role), joined: formatDate(user.createdAt, locale) };
}
