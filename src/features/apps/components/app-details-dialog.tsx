// The details popup of an app row: every field of the record, technical values left to right.
import { FormattedMessage } from 'react-intl';
import { DetailsDialog, type DetailItem } from '@/components/dialogs';
import { formatDate } from '@/lib/i18n';
import { selectLocale, useAppSelector } from '@/lib/state';
import { ApiKeyCell } from './api-key-cell';
import type { AppDto } from '@/contract';

export function AppDetailsDialog({ app, onClose }: { app: AppDto | null; onClose: () => void }) {
  const locale = useAppSelector(selectLocale);
  const items: DetailItem[] = app
    ? [
        { labelId: 'apps.fields.name', value: app.name },
        { labelId: 'apps.fields.packageName', value: app.packageName, ltr: true },
        { labelId: 'apps.fields.admin', value: app.adminName },
        { labelId: 'apps.fields.status', value: <FormattedMessage id={app.active ? 'apps.status.active' : 'apps.status.inactive'} /> },
        { labelId: 'apps.fields.apiKey', value: <ApiKeyCell apiKey={app.apiKey} /> },
        {
          labelId: 'apps.fields.robotApiKey',
          value: <FormattedMessage id={app.hasRobotApiKey ? 'apps.details.robotKeySet' : 'apps.details.robotKeyNone'} />,
        },
        { labelId: 'apps.fields.sign', value: app.sign, ltr: true },
        { labelId: 'apps.fields.cppSign', value: app.cppSign, ltr: true },
        { labelId: 'apps.fields.email', value: app.email, ltr: true },
        { labelId: 'apps.fields.googlePlayLink', value: app.googlePlayLink, ltr: true },
        { labelId: 'apps.fields.repoName', value: app.repoName, ltr: true },
        { labelId: 'apps.fields.firebaseConfig', value: app.firebaseConfig, ltr: true },
        { labelId: 'apps.fields.description', value: app.description },
        { labelId: 'apps.fields.createdAt', value: formatDate(app.createdAt, locale) },
      ]
    : [];
  return <DetailsDialog open={!!app} onClose={onClose} titleId="apps.details.title" values={{ name: app?.name ?? '' }} items={items} layout="rows" />;
}
