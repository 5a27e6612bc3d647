// Toasts (alerts), dialogs, tooltips and progress.
import type { Components, Theme } from '@mui/material/styles';

export const feedbackCustomizations: Components<Theme> = {
  MuiAlert: {
    styleOverrides: { root: { borderRadius: 10, alignItems: 'center' } },
  },
  MuiDialog: {
    styleOverrides: { paper: { borderRadius: 14 } },
  },
  MuiDialogTitle: {
    styleOverrides: { root: { fontWeight: 700 } },
  },
  MuiTooltip: {
    defaultProps: { arrow: true },
  },
};
