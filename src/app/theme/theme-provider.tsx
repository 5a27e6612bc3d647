// Applies the locale's direction in the one place it is set: <html dir lang> (and the page title),
// the emotion cache and the MUI theme (which follows the system's reduced-motion setting).
import { useLayoutEffect, useMemo, type ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useIntl } from 'react-intl';
import { directionOf, selectLocale, useAppSelector } from '@/lib/state';
import { createAppTheme } from './create-app-theme';
import { emotionCacheFor } from './emotion-cache';

export function AppThemeProvider({ children }: { children: ReactNode }) {
  const locale = useAppSelector(selectLocale);
  const intl = useIntl();
  const direction = directionOf(locale);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const theme = useMemo(() => createAppTheme(locale, { reducedMotion }), [locale, reducedMotion]);

  useLayoutEffect(() => {
    document.documentElement.dir = direction;
    document.documentElement.lang = locale;
    document.title = intl.formatMessage({ id: 'app.title' });
  }, [direction, locale, intl]);

  return (
    <CacheProvider value={emotionCacheFor(direction)}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
