// The full error view: used for a failed list load (docs/product.md §4 "Lists") and, with its own buttons,
// by the generic error page. Given the failed call's `error`, a refusal (403) says the user has no
// access, with no retry: it is never shown as a connection problem.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { FormattedMessage } from 'react-intl';
import { isApiError } from '@/lib/api/errors';

export interface ErrorStateProps {
  /** The failed call's error: a 403 shows the no-access texts instead of the given ones. */
  error?: unknown;
  titleId?: string;
  descriptionId?: string;
  onRetry?: () => void;
  /** Extra buttons (the error page adds dashboard and reload). */
  actions?: ReactNode;
  minHeight?: number | string;
  /** The title's heading level: h1 when the error is the whole page. */
  titleComponent?: 'h1' | 'h2';
}

export function ErrorState({
  error,
  titleId = 'common.error.loadFailed',
  descriptionId = 'common.error.loadFailedHint',
  onRetry,
  actions,
  minHeight = 240,
  titleComponent = 'h2',
}: ErrorStateProps) {
  if (isApiError(error) && error.status === 403) {
    titleId = 'common.error.noAccess';
    descriptionId = 'common.error.noAccessHint';
    onRetry = undefined;
  }
  return (
    <Box role="alert" sx={{ display: 'grid', placeItems: 'center', minHeight, textAlign: 'center', p: 3 }}>
      <Stack spacing={1.5} sx={{ alignItems: 'center', maxWidth: 420 }}>
        <ErrorOutlineIcon color="error" sx={{ fontSize: 56 }} />
        <Typography variant="h6" component={titleComponent}>
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
