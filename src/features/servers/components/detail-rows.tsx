// A label/value list for the details popups.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';

export function DetailRows({ rows }: { rows: [labelId: string, value: ReactNode][] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1.25, m: 0 }}>
      {rows.map(([labelId, value]) => (
        <Box key={labelId} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            <FormattedMessage id={labelId} />
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
