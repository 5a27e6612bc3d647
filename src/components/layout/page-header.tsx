// A page's title row: the heading on the start side, page-level actions on the end side (a link to a
// related page first, as an outlined button).
import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';

export interface PageHeaderProps {
  titleId: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  /** A related page, e.g. the list beside its add-new form. */
  link?: { to: string; labelId: string };
}

export function PageHeader({ titleId, subtitle, actions, link }: PageHeaderProps) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 3, flexWrap: 'wrap', rowGap: 1 }}>
      <Stack spacing={0.5}>
        <Typography variant="h5" component="h1">
          <FormattedMessage id={titleId} />
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary">
            {subtitle}
          </Typography>
        )}
      </Stack>
      {(link || actions) && (
        <Stack direction="row" spacing={1}>
          {link && (
            <Button component={RouterLink} to={link.to} variant="outlined">
              <FormattedMessage id={link.labelId} />
            </Button>
          )}
          {actions}
        </Stack>
      )}
    </Stack>
  );
}
