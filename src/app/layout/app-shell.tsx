// The frame of every signed-in page (docs/product.md §2 "Layout shell"): header, sidebar and content.
// The sidebar is open by default above 800 px and follows resizes; on a narrow screen it closes
// after each navigation.
// Each width has its own open state. With one shared state, shrinking below 800 px rendered the
// temporary drawer once with the wide sidebar's `open: true` before an effect closed it: its Modal
// mounted open and closed before its slide had entered, never reported the exit, and its invisible
// root stayed over the page, swallowing every click until reload (docs/product.md §2). The narrow drawer now
// starts closed whenever the width crosses the breakpoint, so it never mounts open by itself.
import { Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Outlet, useLocation } from 'react-router-dom';
import { SIDEBAR_BREAKPOINT_PX } from '@/contract';
import { LoadingState } from '@/components/feedback/loading-state';
import { SIDEBAR_WIDTH } from '../theme/palette';
import { Header } from './header';
import { InShellContext } from './shell-context';
import { Sidebar } from './sidebar';
import { useRemoveShellPaint } from '@/boot/shell-paint';

export const WIDE_SCREEN_QUERY = `(min-width:${SIDEBAR_BREAKPOINT_PX + 1}px)`;

export default function AppShell() {
  useRemoveShellPaint();
  const wide = useMediaQuery(WIDE_SCREEN_QUERY, { noSsr: true });
  const [wideOpen, setWideOpen] = useState(true);
  const [narrow, setNarrow] = useState({ open: false, pathname: '' });
  const { pathname } = useLocation();
  // The narrow drawer is open only for the page it was opened on (it closes after each navigation).
  const narrowOpen = narrow.open && narrow.pathname === pathname;
  const open = wide ? wideOpen : narrowOpen;
  const setOpen = (next: boolean) => (wide ? setWideOpen(next) : setNarrow({ open: next, pathname }));

  // Crossing the breakpoint: the wide sidebar shows again, the narrow drawer starts closed (set while
  // rendering, so the first frame at the new width already has it).
  const [seenWide, setSeenWide] = useState(wide);
  if (seenWide !== wide) {
    setSeenWide(wide);
    setWideOpen(true);
    setNarrow({ open: false, pathname: '' });
  }

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Header sidebarOpen={open} onToggleSidebar={() => setOpen(!open)} overSidebar={wide} />
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
        <InShellContext.Provider value>
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </InShellContext.Provider>
      </Box>
    </Box>
  );
}
