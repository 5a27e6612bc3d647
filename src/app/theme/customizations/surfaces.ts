// Header bar, papers and cards.
import type { Components, Theme } from '@mui/material/styles';

export const surfacesCustomizations: Components<Theme> = {
  MuiAppBar: {
    defaultProps: { elevation: 0, color: 'primary' },
  },
  MuiPaper: {
    styleOverrides: {
      outlined: ({ theme }) => ({ borderColor: theme.palette.divider }),
    },
  },
  MuiCard: {
    styleOverrides: { root: { borderRadius: 12 } },
  },
};
