// The details popup of a user row: every field of the record, technical values left to right.
import { FormattedMessage, useIntl } from 'react-intl';
import type { StaffUser } from '@/contract';
import { DetailsDialog, type DetailItem } from '@/components/dialogs';
import { formatDate, roleLabel } from '@/lib/i18n';
import { selectLocale, useAppSelector } from '@/lib/state';

interface Props {
  user: StaffUser | null;
  appCount: number;
  onClose: () => void;
}

export function UserDetailsDialog({ user, appCount, onClose }: Props) {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const date = (value: string | null | undefined) => (value ? formatDate(value, locale) : null);

  const items: DetailItem[] = user
    ? [
        { labelId: 'users.fields.username', value: user.username, ltr: true },
        { labelId: 'users.fields.email', value: user.email, ltr: true },
        { labelId: 'users.fields.name', value: user.name },
        { labelId: 'users.fields.family', value: user.family },
        { labelId: 'users.fields.eName', value: user.eName },
        { labelId: 'users.fields.eFamily', value: user.eFamily },
        { labelId: 'users.fields.role', value: user.role ? roleLabel(intl, user.role) : '' },
        { labelId: 'users.fields.status', value: <FormattedMessage id={user.active ? 'users.status.active' : 'users.status.inactive'} /> },
        { labelId: 'users.fields.appCount', value: intl.formatNumber(appCount) },
        { labelId: 'users.fields.mobile', value: user.mobile, ltr: true },
        { labelId: 'users.fields.website', value: user.website, ltr: true },
        { labelId: 'users.fields.sex', value: <FormattedMessage id={user.sex === 0 ? 'users.sex.female' : 'users.sex.male'} /> },
        { labelId: 'users.fields.birthdate', value: date(user.birthdate) },
        { labelId: 'users.fields.address', value: user.address },
        { labelId: 'users.fields.about', value: user.about },
        { labelId: 'users.fields.mustChangePassword', value: <FormattedMessage id={user.needToChangePass ? 'common.yes' : 'common.no'} /> },
        { labelId: 'users.fields.createdAt', value: date(user.createdAt) },
        { labelId: 'users.fields.updatedAt', value: date(user.updatedAt) },
      ]
    : [];

  return <DetailsDialog open={!!user} onClose={onClose} titleId="users.details.title" items={items} layout="grid" />;
}
