// The frame of every signed-in page (SPEC §2 "Layout shell"): header, sidebar and content.
// The sidebar is open by default above 800 px and follows resizes; on a narrow screen it closes
// after each navigation.
import { Suspense, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Outlet, useLocation } from 'react-router-dom';
import { SIDEBAR_BREAKPOINT_PX } from '../../contract';
import { LoadingState } from '../../components/feedback/loading-state';
import { SIDEBAR_WIDTH } from '../theme/palette';
import { Header } from './header';
import { Sidebar } from './sidebar';

export const WIDE_SCREEN_QUERY = `(min-width:${SIDEBAR_BREAKPOINT_PX + 1}px)`;

export default function AppShell() {
  const wide = useMediaQuery(WIDE_SCREEN_QUERY, { noSsr: true });
  const [open, setOpen] = useState(wide);
  const { pathname } = useLocation();

  useEffect(() => setOpen(wide), [wide]);
  useEffect(() => {
    if (!wide) setOpen(false);
    // only on navigation
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Header sidebarOpen={open} onToggleSidebar={() => setOpen((o) => !o)} overSidebar={wide} />
      <Sidebar open={open} persistent={wide} onClose={() => setOpen(false)} />
      <Box
        component="main"
        sx={(theme) => ({
          flexGrow: 1,
          minWidth: 0,
          px: { xs: 2, sm: 3 },
          pb: 4,
          marginInlineStart: wide && !open ? `-${SIDEBAR_WIDTH}px` : 0,
          transition: theme.transitions.create('margin', { duration: theme.transitions.duration.leavingScreen }),
        })}
      >
        <Toolbar sx={{ mb: 3 }} />
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
