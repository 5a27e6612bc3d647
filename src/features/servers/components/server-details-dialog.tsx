// A server's details popup: every field the list carries (never the password itself).
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { FormattedMessage, useIntl } from 'react-intl';
import { Ltr } from '../../../components/ltr';
import type { Server } from '../types';
import { DetailRows } from './detail-rows';
import { Flag } from './flag';

export function ServerDetailsDialog({ open, server, onClose }: { open: boolean; server: Server; onClose: () => void }) {
  const intl = useIntl();
  const dash = intl.formatMessage({ id: 'servers.details.none' });
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="server-details-title">
      <DialogTitle id="server-details-title">
        <FormattedMessage id="servers.details.title" />
      </DialogTitle>
      <DialogContent>
        <DetailRows
          rows={[
            ['servers.fields.ip', <Ltr key="ip">{server.ip}</Ltr>],
            ['servers.fields.apps', server.apps.map((a) => a.app.name).join('، ') || dash],
            [
              'servers.fields.location',
              <Stack key="loc" direction="row" spacing={1} sx={{ alignItems: 'center' }} component="span">
                <Flag url={server.flagUrl} />
                <span>{server.location.name}</span>
                <Ltr>({server.location.code})</Ltr>
              </Stack>,
            ],
            ['servers.fields.username', server.username ? <Ltr key="u">{server.username}</Ltr> : dash],
            ['servers.fields.password', intl.formatMessage({ id: server.hasPassword ? 'servers.details.passwordSet' : 'servers.details.passwordNotSet' })],
            ['servers.fields.port', server.port != null ? <Ltr key="p">{String(server.port)}</Ltr> : dash],
            ['servers.fields.provider', server.provider ?? dash],
            ['servers.fields.profileCount', intl.formatNumber(server.profileCount)],
          ]}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="common.close" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
