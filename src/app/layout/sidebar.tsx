// The sidebar: persistent beside the content on wide screens, a temporary drawer on narrow ones.
// Its anchor is the start side, which MUI puts on the right in RTL. The paper is a labelled
// complementary landmark, so the user card above the menu sits in one (axe `region`).
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import { SidebarMenu } from '@/features/layout-menu';
import { useCurrentUser } from '@/lib/api';
import { selectLocale, useAppSelector } from '@/lib/state';
import { SIDEBAR_WIDTH } from '../theme/palette';
import { useIntl } from 'react-intl';
import { UserCard } from './user-card';

interface SidebarProps {
  open: boolean;
  persistent: boolean;
  onClose: () => void;
}

export function Sidebar({ open, persistent, onClose }: SidebarProps) {
  const { user } = useCurrentUser();
  const locale = useAppSelector(selectLocale);
  const intl = useIntl();
  return (
    <Drawer
      variant={persistent ? 'persistent' : 'temporary'}
      anchor="left"
      open={open}
      onClose={onClose}
      sx={{ width: persistent ? SIDEBAR_WIDTH : undefined, flexShrink: 0, '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, boxSizing: 'border-box' } }}
      slotProps={{ paper: { component: 'aside', 'aria-label': intl.formatMessage({ id: 'shell.sidebar' }), 'data-testid': 'sidebar' } as object }}
    >
      {persistent && <Toolbar />}
      <Box sx={{ overflowY: 'auto', pb: 2 }}>
        {user && <UserCard user={user} locale={locale} />}
        <Divider sx={{ mb: 1 }} />
        <SidebarMenu permissions={user?.permissions} role={user?.role} locale={locale} />
      </Box>
    </Drawer>
  );
}
