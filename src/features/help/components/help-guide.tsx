// A written guide as data: each section (in the order given) has a title and a few points, all
// message ids (`<prefix>.<section>.title`, `<prefix>.<section>.1` …), so both languages hold the
// same guide.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';

/** Each section's key and how many points it has, e.g. `{ signIn: 4, menu: 4 }`. */
export type GuideSections = Readonly<Record<string, number>>;

const bold = (chunks: React.ReactNode[]) => <strong>{chunks}</strong>;

export function HelpGuide({ prefix, sections }: { prefix: string; sections: GuideSections }) {
  return (
    <Stack spacing={2}>
      {Object.entries(sections).map(([key, points]) => (
        <Paper key={key} variant="outlined" component="section" aria-labelledby={`${prefix}-${key}`} sx={{ p: { xs: 2, md: 3 } }}>
          <Typography variant="h6" component="h2" id={`${prefix}-${key}`} sx={{ mb: 1 }}>
            <FormattedMessage id={`${prefix}.${key}.title`} />
          </Typography>
          <Box component="ul" sx={{ m: 0, paddingInlineStart: 3, '& li': { mb: 0.75, lineHeight: 1.9 } }}>
            {Array.from({ length: points }, (_, i) => (
              <Typography key={i} component="li" variant="body1">
                <FormattedMessage id={`${prefix}.${key}.${i + 1}`} values={{ b: bold }} />
              </Typography>
            ))}
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}
