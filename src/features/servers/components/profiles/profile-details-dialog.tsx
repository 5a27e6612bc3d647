// A profile's details popup: name, operator, protocol and type; role_id 1 also gets "reveal
// address" (POST apps/convertProfile with the sealed token), which shows the readable link (left to
// right, copyable) and its parsed fields. Every reveal is audited on the server.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { FormattedMessage, useIntl } from 'react-intl';
import { Ltr } from '../../../../components/ltr';
import { errorMessageId } from '../../../../lib/api';
import { useNotify } from '../../../../lib/state';
import { useConvertProfileMutation } from '../../api';
import type { Profile, RevealedProfile } from '../../types';
import { DetailRows } from '../detail-rows';

async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // SPEC §8: copying falls back to the legacy method
    const area = document.createElement('textarea');
    area.value = text;
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    if (!ok) throw new Error('copy failed');
  }
}

export function ProfileDetailsDialog({ open, profile, canReveal, onClose }: { open: boolean; profile: Profile; canReveal: boolean; onClose: () => void }) {
  const intl = useIntl();
  const notify = useNotify();
  const [convert, { isLoading }] = useConvertProfileMutation();
  const [revealed, setRevealed] = useState<RevealedProfile | null>(null);

  const reveal = async () => {
    try {
      setRevealed(await convert(profile.address).unwrap());
    } catch (error) {
      notify.error(errorMessageId(error, 'servers.profiles.revealError'));
    }
  };
  const copy = () =>
    copyText(revealed!.link).then(
      () => notify.success('servers.profiles.copied'),
      () => notify.error('servers.profiles.copyError'),
    );
  const dash = intl.formatMessage({ id: 'servers.details.none' });
  const tech = (v: string | number | null) => (v === null || v === '' ? dash : <Ltr>{String(v)}</Ltr>);

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="profile-details-title">
      <DialogTitle id="profile-details-title">
        <FormattedMessage id="servers.profiles.details.title" />
      </DialogTitle>
      <DialogContent>
        <DetailRows
          rows={[
            ['servers.profile.fields.name', <Ltr key="n">{profile.name}</Ltr>],
            ['servers.profile.fields.operator', intl.formatMessage({ id: `servers.operator.${profile.operator}` })],
            ['servers.profile.fields.protocol', <Ltr key="p">{profile.protocol}</Ltr>],
            ['servers.profile.fields.type', intl.formatMessage({ id: `servers.profileType.${profile.type}` })],
          ]}
        />
        {canReveal && !revealed && (
          <Box sx={{ mt: 2 }}>
            <Link component="button" type="button" onClick={reveal} disabled={isLoading} underline="hover">
              <FormattedMessage id={isLoading ? 'common.inProgress' : 'servers.profiles.reveal'} />
            </Link>
          </Box>
        )}
        {revealed && (
          <Stack spacing={2} sx={{ mt: 2 }}>
            <Divider />
            <Alert
              severity="info"
              icon={false}
              action={
                <Tooltip title={intl.formatMessage({ id: 'servers.profiles.copy' })}>
                  <IconButton size="small" aria-label={intl.formatMessage({ id: 'servers.profiles.copy' })} onClick={copy}>
                    <ContentCopyIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              }
            >
              <Box dir="ltr" data-testid="revealed-link" sx={{ fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere', textAlign: 'start' }}>
                {revealed.link}
              </Box>
            </Alert>
            <DetailRows
              rows={[
                ['servers.profiles.parsed.host', tech(revealed.host)],
                ['servers.profiles.parsed.port', tech(revealed.port)],
                ['servers.profiles.parsed.id', tech(revealed.id)],
                ['servers.profiles.parsed.transport', tech(revealed.transport)],
                ['servers.profiles.parsed.security', tech(revealed.security)],
                ['servers.profiles.parsed.sni', tech(revealed.sni)],
                ['servers.profiles.parsed.path', tech(revealed.path)],
                ['servers.profiles.parsed.remark', revealed.remark ? <bdi key="r">{revealed.remark}</bdi> : dash],
              ]}
            />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="common.close" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
