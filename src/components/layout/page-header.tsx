// A page's title row: the heading on the start side, page-level actions on the end side.
import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';

export function PageHeader({ titleId, subtitle, actions }: { titleId: string; subtitle?: ReactNode; actions?: ReactNode }) {
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
      {actions && (
        <Stack direction="row" spacing={1}>
          {actions}
        </Stack>
      )}
    </Stack>
  );
}
