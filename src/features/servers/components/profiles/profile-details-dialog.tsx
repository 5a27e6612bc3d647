// A profile's details popup: name, operator, protocol and type; role_id 1 also gets "reveal
// address": this profile's sealed token (GET apps/profileAddress/{id}; the list carries none), then
// POST apps/convertProfile with it, which shows the readable link (left to right, copyable) and its
// parsed fields; also a QR code of the link and a client config to download for current Xray-core
// or for v2ray 4 (apps/exportProfile, by profile id), so staff can try the profile in a standard
// client. Which of these the profile has comes from apps/exportFormats: a format it lacks is not
// offered, and the popup says why (the reason and the link's field, e.g. v2ray 4 has no REALITY).
// Every reveal and export is audited on the server. Role_id 1 can also open the subscription links of
// the profile's server (made, listed and revoked there: SubscriptionPanel), loaded only when opened.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import { FormattedMessage, useIntl } from 'react-intl';
import { downloadText } from '@/components/data-table';
import { DetailList, DetailsDialog } from '@/components/dialogs';
import { errorMessageId } from '@/lib/api';
import { useCopy } from '@/lib/clipboard';
import { useNotify } from '@/lib/state';
import type { ConfigCore, ProfileExportFormatDto } from '@/contract';
import { useConvertProfileMutation, useExportProfileMutation, useGetExportFormatsQuery, useLazyGetProfileAddressQuery } from '@/features/servers/api';
import { reasonText } from '@/features/servers/reasons';
import { SubscriptionPanel } from '../subscriptions/subscription-panel';
import { ProfileHealthSection } from '../health/profile-health-section';
import type { Profile, RevealedProfile } from '@/features/servers/types';

const CORE_BUTTON: Record<ConfigCore, string> = { xray: 'servers.profiles.downloadXray', v2ray: 'servers.profiles.downloadV2ray' };

/** Why a format is not offered: each failing field of the link with the reason, field names left to right. */
function MissingFormat({ format }: { format: ProfileExportFormatDto }) {
  const intl = useIntl();
  return (
    <Typography variant="caption" component="div" color="text.secondary" data-testid={`format-missing-${format.format}`}>
      <FormattedMessage id="servers.profiles.formatMissing" values={{ format: intl.formatMessage({ id: `servers.profiles.format.${format.format}` }) }} />{' '}
      {Object.entries(format.errors ?? {}).map(([field, reason], i) => (
        <span key={field}>
          {i > 0 && '; '}
          {reasonText(intl, reason)} (<bdi dir="ltr">{field}</bdi>)
        </span>
      ))}
    </Typography>
  );
}

export function ProfileDetailsDialog({ open, profile, canReveal, onClose }: { open: boolean; profile: Profile; canReveal: boolean; onClose: () => void }) {
  const intl = useIntl();
  const notify = useNotify();
  const [fetchAddress, { isFetching }] = useLazyGetProfileAddressQuery();
  const [convert, { isLoading: converting }] = useConvertProfileMutation();
  const isLoading = isFetching || converting;
  const [revealed, setRevealed] = useState<RevealedProfile | null>(null);
  const [exportProfile, { isLoading: exporting }] = useExportProfileMutation();
  const [qr, setQr] = useState<string | null>(null);
  const [subscriptions, setSubscriptions] = useState(false);
  const { data: formats, isFetching: checkingFormats, error: formatsError } = useGetExportFormatsQuery(profile.id, { skip: !open || !canReveal });
  const has = (format: ProfileExportFormatDto['format']) => formats?.find((f) => f.format === format)?.available === true;
  const missing = (formats ?? []).filter((f) => !f.available);

  const showQr = async () => {
    try {
      setQr(await exportProfile({ id: profile.id, format: 'qr' }).unwrap());
    } catch (error) {
      notify.error(errorMessageId(error, 'servers.profiles.exportError'));
    }
  };
  const downloadConfig = async (core: ConfigCore) => {
    try {
      const json = await exportProfile({ id: profile.id, format: core }).unwrap();
      const base = profile.name.replace(/[^A-Za-z0-9._-]+/g, '_') || 'profile';
      downloadText(json, `${base}-${profile.id}-${core}.json`, 'application/json;charset=utf-8');
    } catch (error) {
      notify.error(errorMessageId(error, 'servers.profiles.exportError'));
    }
  };

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
  const dash = intl.formatMessage({ id: 'servers.details.none' });
  const tech = (v: string | number | null) => (v === null || v === '' ? null : String(v));

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
      {canReveal && checkingFormats && !formats && (
        <Typography variant="caption" component="div" color="text.secondary" sx={{ mt: 2 }}>
          <FormattedMessage id="servers.profiles.formatsLoading" />
        </Typography>
      )}
      {canReveal && formatsError !== undefined && !formats && (
        <Typography variant="caption" component="div" color="error" sx={{ mt: 2 }}>
          <FormattedMessage id={errorMessageId(formatsError, 'servers.profiles.exportError')} />
        </Typography>
      )}
      {canReveal && formats && (
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }} useFlexGap>
          {!qr && has('qr') && (
            <Button size="small" variant="outlined" startIcon={<QrCode2Icon />} onClick={showQr} disabled={exporting}>
              <FormattedMessage id="servers.profiles.qr" />
            </Button>
          )}
          {(['xray', 'v2ray'] as const).filter(has).map((core) => (
            <Button key={core} size="small" variant="outlined" startIcon={<DownloadIcon />} onClick={() => downloadConfig(core)} disabled={exporting}>
              <FormattedMessage id={CORE_BUTTON[core]} />
            </Button>
          ))}
        </Stack>
      )}
      {canReveal && missing.length > 0 && (
        <Stack spacing={0.5} sx={{ mt: 1 }}>
          {missing.map((f) => (
            <MissingFormat key={f.format} format={f} />
          ))}
        </Stack>
      )}
      {qr && (
        <Box sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}>
          {/* As an image: an SVG in <img> runs no script, whatever it holds. */}
          <Box
            component="img"
            data-testid="profile-qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr)}`}
            alt={intl.formatMessage({ id: 'servers.profiles.qrAlt' }, { name: profile.name })}
            sx={{ width: 240, maxWidth: '100%', height: 'auto', bgcolor: '#fff' }}
          />
        </Box>
      )}
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
          <DetailList
            empty={dash}
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
      )}
    </DetailsDialog>
  );
}
