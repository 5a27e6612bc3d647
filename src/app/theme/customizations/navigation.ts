// The sidebar drawer, the menu list and its items.
import type { Components, Theme } from '@mui/material/styles';

export const navigationCustomizations: Components<Theme> = {
  MuiDrawer: {
    styleOverrides: {
      paper: ({ theme }) => ({ borderColor: theme.palette.divider, backgroundColor: theme.palette.background.paper }),
    },
  },
  MuiListItemButton: {
    styleOverrides: {
      root: ({ theme }) => ({
        borderRadius: 8,
        marginBlock: 2,
        '&.Mui-selected': {
          backgroundColor: theme.palette.primary.main,
          color: theme.palette.primary.contrastText,
          '& .MuiListItemIcon-root': { color: 'inherit' },
          '&:hover': { backgroundColor: theme.palette.primary.dark },
        },
      }),
    },
  },
  MuiListItemIcon: {
    styleOverrides: { root: { minWidth: 36 } },
  },
};
