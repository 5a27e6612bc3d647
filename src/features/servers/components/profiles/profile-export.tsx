// The export part of the profile details popup (ProfileDetailsDialog), for role_id 1: a QR code of the
// profile's link and a client config to download for current Xray-core or for v2ray 4
// (apps/exportProfile, by profile id). Which of these the profile has comes from apps/exportFormats: a
// format it lacks is not offered, and the popup says why (the reason and the link's field, e.g. v2ray 4
// has no REALITY). The state lives in the popup (useProfileExport), these parts only draw it.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import { FormattedMessage, useIntl } from 'react-intl';
import { downloadText } from '@/components/data-table';
import { errorMessageId } from '@/lib/api';
import { useNotify } from '@/lib/state';
import type { ConfigCore, ProfileExportFormatDto } from '@/contract';
import { useExportProfileMutation, useGetExportFormatsQuery } from '@/features/servers/api';
import { reasonText } from '@/features/servers/reasons';
import type { Profile } from '@/features/servers/types';

const CORE_BUTTON: Record<ConfigCore, string> = { xray: 'servers.profiles.downloadXray', v2ray: 'servers.profiles.downloadV2ray' };

/** The profile's export formats (asked for only while `enabled`), the QR code once shown, and the export calls. */
export function useProfileExport(profile: Profile, enabled: boolean) {
  const notify = useNotify();
  const [exportProfile, { isLoading: exporting }] = useExportProfileMutation();
  const [qr, setQr] = useState<string | null>(null);
  const { data: formats, isFetching: checkingFormats, error: formatsError } = useGetExportFormatsQuery(profile.id, { skip: !enabled });

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
  return { formats, checkingFormats, formatsError, qr, exporting, showQr, downloadConfig };
}

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

/** The formats' loading and error lines, the QR and download buttons of the formats the profile has, and why the others are missing. */
export function ProfileExportOptions({ exports }: { exports: ReturnType<typeof useProfileExport> }) {
  const { formats, checkingFormats, formatsError, qr, exporting, showQr, downloadConfig } = exports;
  const has = (format: ProfileExportFormatDto['format']) => formats?.find((f) => f.format === format)?.available === true;
  const missing = (formats ?? []).filter((f) => !f.available);
  return (
    <>
      {checkingFormats && !formats && (
        <Typography variant="caption" component="div" color="text.secondary" sx={{ mt: 2 }}>
          <FormattedMessage id="servers.profiles.formatsLoading" />
        </Typography>
      )}
      {formatsError !== undefined && !formats && (
        <Typography variant="caption" component="div" color="error" sx={{ mt: 2 }}>
          <FormattedMessage id={errorMessageId(formatsError, 'servers.profiles.exportError')} />
        </Typography>
      )}
      {formats && (
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
      {missing.length > 0 && (
        <Stack spacing={0.5} sx={{ mt: 1 }}>
          {missing.map((f) => (
            <MissingFormat key={f.format} format={f} />
          ))}
        </Stack>
      )}
    </>
  );
}

/** The profile's link as a QR code. */
export function ProfileQr({ qr, name }: { qr: string; name: string }) {
  const intl = useIntl();
  return (
    <Box sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}>
      {/* As an image: an SVG in <img> runs no script, whatever it holds. */}
      <Box
        component="img"
        data-testid="profile-qr"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr)}`}
        alt={intl.formatMessage({ id: 'servers.profiles.qrAlt' }, { name })}
        sx={{ width: 240, maxWidth: '100%', height: 'auto', bgcolor: '#fff' }}
      />
    </Box>
  );
}
