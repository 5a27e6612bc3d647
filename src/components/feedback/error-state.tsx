// The full error view: used for a failed list load (SPEC §4 "Lists") and, with its own buttons,
// by the generic error page.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { FormattedMessage } from 'react-intl';

export interface ErrorStateProps {
  titleId?: string;
  descriptionId?: string;
  onRetry?: () => void;
  /** Extra buttons (the error page adds dashboard and reload). */
  actions?: ReactNode;
  minHeight?: number | string;
}

export function ErrorState({
  titleId = 'common.error.loadFailed',
  descriptionId = 'common.error.loadFailedHint',
  onRetry,
  actions,
  minHeight = 240,
}: ErrorStateProps) {
  return (
    <Box role="alert" sx={{ display: 'grid', placeItems: 'center', minHeight, textAlign: 'center', p: 3 }}>
      <Stack spacing={1.5} sx={{ alignItems: 'center', maxWidth: 420 }}>
        <ErrorOutlineIcon color="error" sx={{ fontSize: 56 }} />
        <Typography variant="h6" component="h2">
          <FormattedMessage id={titleId} />
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage id={descriptionId} />
        </Typography>
        <Stack direction="row" spacing={1} sx={{ pt: 1 }}>
          {onRetry && (
            <Button variant="contained" onClick={onRetry}>
              <FormattedMessage id="common.retry" />
            </Button>
          )}
          {actions}
        </Stack>
      </Stack>
    </Box>
  );
}
