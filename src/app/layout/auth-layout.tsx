// The frame of the signed-out pages: a centred card with the product name and the language switch.
import { Suspense } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ShieldOutlinedIcon from '@mui/icons-material/ShieldOutlined';
import { FormattedMessage } from 'react-intl';
import { Outlet } from 'react-router-dom';
import { LoadingState } from '../../components/feedback/loading-state';
import { LanguageSwitch } from './language-switch';

export function AuthLayout() {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        background: (theme) => `linear-gradient(160deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 45%, ${theme.palette.background.default} 45.1%)`,
      }}
    >
      <Paper elevation={6} sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 }, borderRadius: 4 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 4 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <ShieldOutlinedIcon color="primary" sx={{ fontSize: 36 }} />
            <Stack>
              <Typography variant="subtitle1" component="div" sx={{ fontWeight: 800, lineHeight: 1.2 }}>
                <FormattedMessage id="app.title" />
              </Typography>
              <Typography variant="caption" color="text.secondary">
                <FormattedMessage id="app.subtitle" />
              </Typography>
            </Stack>
          </Stack>
          <LanguageSwitch tone="onPaper" />
        </Stack>
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </Paper>
    </Box>
  );
}
