// A profile's details popup: name, operator, protocol and type; role_id 1 also gets "reveal
// address": this profile's sealed token (GET apps/profileAddress/{id}; the list carries none), then
// POST apps/convertProfile with it, which shows the readable link (left to right, copyable) and its
// parsed fields; also a QR code of the link and a client config to download for current Xray-core
// or for v2ray 4 (apps/exportProfile, by profile id), so staff can try the profile in a standard
// client. Which of these the profile has comes from apps/exportFormats: a format it lacks is not
// offered, and the popup says why (the reason and the link's field, e.g. v2ray 4 has no REALITY).
// Every reveal and export is audited on the server. Role_id 1 can also open the subscription links of
// the profile's server (made, listed and revoked there: SubscriptionPanel), loaded only when opened.
// The QR code and the downloads are drawn by profile-export.tsx.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { FormattedMessage, useIntl } from 'react-intl';
import { DetailList, DetailsDialog } from '@/components/dialogs';
import { errorMessageId } from '@/lib/api';
import { useCopy } from '@/lib/clipboard';
import { useNotify } from '@/lib/state';
import { useConvertProfileMutation, useLazyGetProfileAddressQuery } from '@/features/servers/api';
import { SubscriptionPanel } from '../subscriptions/subscription-panel';
import { ProfileHealthSection } from '../health/profile-health-section';
import type { Profile, RevealedProfile } from '@/features/servers/types';
import { ProfileExportOptions, ProfileQr, useProfileExport } from './profile-export';

export function ProfileDetailsDialog({ open, profile, canReveal, onClose }: { open: boolean; profile: Profile; canReveal: boolean; onClose: () => void }) {
  const intl = useIntl();
  const { revealed, isLoading, reveal, copy } = useProfileReveal(profile);
  const exports = useProfileExport(profile, open && canReveal);
  const [subscriptions, setSubscriptions] = useState(false);
  const dash = intl.formatMessage({ id: 'servers.details.none' });

  return (
    <DetailsDialog
      open={open}
      onClose={onClose}
      titleId="servers.profiles.details.title"
      empty={dash}
      items={[
        { labelId: 'servers.profile.fields.name', value: profile.name, ltr: true },
        { labelId: 'servers.profile.fields.operator', value: intl.formatMessage({ id: `servers.operator.${profile.operator}` }) },
        { labelId: 'servers.profile.fields.protocol', value: profile.protocol, ltr: true },
        { labelId: 'servers.profile.fields.type', value: intl.formatMessage({ id: `servers.profileType.${profile.type}` }) },
      ]}
    >
      <ProfileHealthSection profile={profile} />
      {canReveal && <ProfileExportOptions exports={exports} />}
      {exports.qr && <ProfileQr qr={exports.qr} name={profile.name} />}
      {canReveal && !revealed && (
        <Box sx={{ mt: 2 }}>
          <Link component="button" type="button" onClick={reveal} disabled={isLoading} underline="hover">
            <FormattedMessage id={isLoading ? 'common.inProgress' : 'servers.profiles.reveal'} />
          </Link>
        </Box>
      )}
      {canReveal && !subscriptions && (
        <Box sx={{ mt: 1 }}>
          <Link component="button" type="button" onClick={() => setSubscriptions(true)} underline="hover">
            <FormattedMessage id="servers.subscriptions.show" />
          </Link>
        </Box>
      )}
      {subscriptions && (
        <Box sx={{ mt: 2 }}>
          <Divider sx={{ mb: 2 }} />
          <SubscriptionPanel scope={{ serverId: profile.serverId }} />
        </Box>
      )}
      {revealed && <RevealedProfileDetails revealed={revealed} empty={dash} onCopy={copy} />}
    </DetailsDialog>
  );
}

/** "Reveal address": this profile's sealed token (the list carries none), then the readable link it converts to. */
function useProfileReveal(profile: Profile) {
  const notify = useNotify();
  const [fetchAddress, { isFetching }] = useLazyGetProfileAddressQuery();
  const [convert, { isLoading: converting }] = useConvertProfileMutation();
  const isLoading = isFetching || converting;
  const [revealed, setRevealed] = useState<RevealedProfile | null>(null);

  const reveal = async () => {
    try {
      const address = await fetchAddress(profile.id).unwrap();
      setRevealed(await convert(address).unwrap());
    } catch (error) {
      notify.error(errorMessageId(error, 'servers.profiles.revealError'));
    }
  };
  const copyLink = useCopy({ success: 'servers.profiles.copied' });
  const copy = () => revealed && copyLink(revealed.link);
  return { revealed, isLoading, reveal, copy };
}

const tech = (v: string | number | null) => (v === null || v === '' ? null : String(v));

/** The revealed link (left to right, copyable) and its parsed fields. */
function RevealedProfileDetails({ revealed, empty, onCopy }: { revealed: RevealedProfile; empty: string; onCopy: () => void }) {
  const intl = useIntl();
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Divider />
      <Alert
        severity="info"
        icon={false}
        action={
          <Tooltip title={intl.formatMessage({ id: 'servers.profiles.copy' })}>
            <IconButton size="small" aria-label={intl.formatMessage({ id: 'servers.profiles.copy' })} onClick={onCopy}>
              <ContentCopyIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        }
      >
        <Box dir="ltr" data-testid="revealed-link" sx={{ fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere', textAlign: 'start' }}>
          {revealed.link}
        </Box>
      </Alert>
      <DetailList
        empty={empty}
        items={[
          { labelId: 'servers.profiles.parsed.host', value: tech(revealed.host), ltr: true },
          { labelId: 'servers.profiles.parsed.port', value: tech(revealed.port), ltr: true },
          { labelId: 'servers.profiles.parsed.id', value: tech(revealed.id), ltr: true },
          { labelId: 'servers.profiles.parsed.transport', value: tech(revealed.transport), ltr: true },
          { labelId: 'servers.profiles.parsed.security', value: tech(revealed.security), ltr: true },
          { labelId: 'servers.profiles.parsed.sni', value: tech(revealed.sni), ltr: true },
          { labelId: 'servers.profiles.parsed.path', value: tech(revealed.path), ltr: true },
          { labelId: 'servers.profiles.parsed.remark', value: revealed.remark ? <bdi>{revealed.remark}</bdi> : null },
        ]}
      />
    </Stack>
  );
}
