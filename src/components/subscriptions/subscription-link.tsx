// A subscription link made a moment ago, shown this once (only its hash is kept on the server): the
// URL left to right with a copy button, and its QR code for a phone's client to scan. The QR is
// drawn here with the library the server draws profile QR codes with, loaded only when needed.
// Feature-free: its texts are `<ns>.shownOnce`, `.copy`, `.qrAlt` and `.howTo` of the
// feature that shows it (servers.subscriptions, apps.subscriptions).
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { FormattedMessage, useIntl } from 'react-intl';
import { UserText } from '../user-text';
import { apiUrl } from '@/lib/api';
import { useCopy } from '@/lib/clipboard';

/** The absolute URL a client fetches: the API base, else this page's origin. */
export function subscriptionUrl(path: string): string {
  const url = apiUrl(path);
  return /^https?:\/\//.test(url) ? url : `${window.location.origin}${url}`;
}

export function SubscriptionLink({ ns, label, path }: { ns: string; label: string; path: string }) {
  const intl = useIntl();
  const url = subscriptionUrl(path);
  const [svg, setSvg] = useState<string | null>(null);
  const copy = useCopy();
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((QRCode) => QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
      .then((text) => live && setSvg(text))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [url]);
  const copyLabel = intl.formatMessage({ id: `${ns}.copy` });
  return (
    <Box data-testid="subscription-created" sx={{ mt: 2 }}>
      <Alert severity="warning" sx={{ mb: 1 }}>
        <FormattedMessage id={`${ns}.shownOnce`} values={{ label: <UserText>{label}</UserText> }} />
      </Alert>
      <Alert
        severity="info"
        icon={false}
        action={
          <Tooltip title={copyLabel}>
            <IconButton size="small" aria-label={copyLabel} onClick={() => copy(url)}>
              <ContentCopyIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        }
      >
        <Box dir="ltr" data-testid="subscription-url" sx={{ fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere', textAlign: 'start' }}>
          {url}
        </Box>
      </Alert>
      {svg && (
        <Box sx={{ mt: 1, display: 'flex', justifyContent: 'center' }}>
          {/* As an image: an SVG in <img> runs no script. */}
          <Box
            component="img"
            data-testid="subscription-qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
            alt={intl.formatMessage({ id: `${ns}.qrAlt` }, { label })}
            sx={{ width: 220, maxWidth: '100%', height: 'auto', bgcolor: '#fff' }}
          />
        </Box>
      )}
      <Typography variant="caption" color="text.secondary" component="div">
        <FormattedMessage id={`${ns}.howTo`} />
      </Typography>
    </Box>
  );
}
