// Buttons, icon buttons, text fields and toggles.
import type { Components, Theme } from '@mui/material/styles';

export const inputsCustomizations: Components<Theme> = {
  MuiButton: {
    defaultProps: { disableElevation: true },
    styleOverrides: { root: { borderRadius: 8, paddingInline: 16 } },
  },
  MuiIconButton: {
    styleOverrides: { root: { borderRadius: 10 } },
  },
  MuiTextField: {
    defaultProps: { variant: 'outlined' },
  },
  MuiOutlinedInput: {
    styleOverrides: {
      root: ({ theme }) => ({ backgroundColor: theme.palette.background.paper }),
    },
  },
  MuiToggleButton: {
    styleOverrides: {
      root: ({ theme }) => ({
        paddingBlock: 4,
        paddingInline: 12,
        fontWeight: 600,
        textTransform: 'none',
        color: 'inherit',
        borderColor: 'rgba(255,255,255,0.35)',
        '&.Mui-selected, &.Mui-selected:hover': {
          color: theme.palette.primary.main,
          backgroundColor: theme.palette.common.white,
        },
      }),
    },
  },
};
