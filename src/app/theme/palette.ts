// Colours, shape and type scale of the panel, shared by every customization file.
import type { ThemeOptions } from '@mui/material/styles';

/** Vazirmatn carries Persian and (Roboto-derived) Latin, so both languages look the same everywhere. */
export const FONT_FAMILY = 'Vazirmatn, Tahoma, "Segoe UI", Roboto, Arial, sans-serif';

export const SIDEBAR_WIDTH = 280;

export const baseOptions: ThemeOptions = {
  palette: {
    mode: 'light',
    primary: { main: '#1f4e9c', light: '#4f77c4', dark: '#143772', contrastText: '#fff' },
    secondary: { main: '#0e7c6b', contrastText: '#fff' },
    // success and warning are dark enough for white text at 4.5:1 (axe color-contrast: the green
    // 'Active' chip and the orange 'Block' button)
    success: { main: '#177a41' },
    error: { main: '#c62828' },
    warning: { main: '#995a00' },
    // info too (the filled notice after a redirect, any 'Notify' toast): MUI's default #0288d1 gives
    // white text 3.9:1
    info: { main: '#01579b' },
    background: { default: '#f4f6fb', paper: '#ffffff' },
    divider: 'rgba(20, 40, 80, 0.10)',
    text: { primary: '#16213a', secondary: '#5a6478' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: FONT_FAMILY,
    h5: { fontWeight: 700 },
    h6: { fontWeight: 700 },
    subtitle1: { fontWeight: 600 },
    button: { fontWeight: 600, textTransform: 'none' },
  },
};
