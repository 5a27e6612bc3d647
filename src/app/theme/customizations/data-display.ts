// Chips, avatars and dividers.
import type { Components, Theme } from '@mui/material/styles';

export const dataDisplayCustomizations: Components<Theme> = {
  MuiChip: {
    styleOverrides: { root: { fontWeight: 600 } },
  },
  MuiAvatar: {
    styleOverrides: { root: ({ theme }) => ({ backgroundColor: theme.palette.primary.light }) },
  },
};
