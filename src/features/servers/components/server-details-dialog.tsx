// A server's details popup: every field the list carries (never the password itself).
import Stack from '@mui/material/Stack';
import { useIntl } from 'react-intl';
import { DetailsDialog } from '@/components/dialogs';
import { Ltr } from '@/components/ltr';
import { countryName, formatNameList } from '@/lib/i18n';
import { selectLocale, useAppSelector } from '@/lib/state';
import type { Server } from '../types';
import { Flag } from '@/components/country';

export function ServerDetailsDialog({ open, server, onClose }: { open: boolean; server: Server; onClose: () => void }) {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  return (
    <DetailsDialog
      open={open}
      onClose={onClose}
      titleId="servers.details.title"
      empty={intl.formatMessage({ id: 'servers.details.none' })}
      items={[
        { labelId: 'servers.fields.ip', value: server.ip, ltr: true },
        {
          labelId: 'servers.fields.apps',
          value: formatNameList(
            server.apps.map((a) => a.app.name),
            locale,
          ),
        },
        {
          labelId: 'servers.fields.location',
          value: (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} component="span">
              <Flag url={server.flagUrl} />
              <span>{countryName(server.location, locale)}</span>
              <Ltr>({server.location.code})</Ltr>
            </Stack>
          ),
        },
        { labelId: 'servers.fields.username', value: server.username, ltr: true },
        {
          labelId: 'servers.fields.password',
          value: intl.formatMessage({ id: server.hasPassword ? 'servers.details.passwordSet' : 'servers.details.passwordNotSet' }),
        },
        { labelId: 'servers.fields.port', value: server.port != null ? String(server.port) : null, ltr: true },
        { labelId: 'servers.fields.provider', value: server.provider },
        { labelId: 'servers.fields.profileCount', value: intl.formatNumber(server.profileCount) },
      ]}
    />
  );
}
