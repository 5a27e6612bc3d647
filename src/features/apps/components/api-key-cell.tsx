// The API key column: the key, shortened and left to right; a click copies the whole key.
import ButtonBase from '@mui/material/ButtonBase';
import Tooltip from '@mui/material/Tooltip';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import { useIntl } from 'react-intl';
import { Ltr } from '@/components/ltr';
import { useCopy } from '@/lib/clipboard';

export const shortKey = (key: string) => (key.length > 16 ? `${key.slice(0, 8)}…${key.slice(-6)}` : key);

export function ApiKeyCell({ apiKey }: { apiKey: string }) {
  const intl = useIntl();
  const copy = useCopy();
  const label = intl.formatMessage({ id: 'apps.copy.apiKey' });
  return (
    <Tooltip title={label}>
      <ButtonBase
        onClick={() => void copy(apiKey)}
        // the visible key starts the accessible name (axe label-content-name-mismatch)
        aria-label={`${shortKey(apiKey)} — ${label}`}
        sx={{ gap: 0.75, px: 1, py: 0.5, borderRadius: 1, fontFamily: 'monospace', fontSize: 13, '&:hover': { bgcolor: 'action.hover' } }}
      >
        <Ltr>{shortKey(apiKey)}</Ltr>
        <ContentCopyIcon sx={{ fontSize: 16, color: 'text.secondary' }} />
      </ButtonBase>
    </Tooltip>
  );
}
