// The spinner shown while a page or list loads (docs/product.md §4 "Lists").
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useIntl } from 'react-intl';

export function LoadingState({ minHeight = 240 }: { minHeight?: number | string }) {
  const intl = useIntl();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight }} role="status" aria-live="polite">
      <CircularProgress aria-label={intl.formatMessage({ id: 'common.loading' })} />
    </Box>
  );
}
