// The "back to the list" button of a detail page: a link whose arrow points toward the start side,
// so it is mirrored in right-to-left layouts (the theme's direction decides, not the locale code).
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';

export function BackButton({ to, labelId }: { to: string; labelId: string }) {
  return (
    <Button
      component={RouterLink}
      to={to}
      startIcon={<ArrowBackIcon data-testid="back-arrow" sx={(theme) => ({ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined })} />}
    >
      <FormattedMessage id={labelId} />
    </Button>
  );
}
