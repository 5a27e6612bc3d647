// Everything a page needs around it: the store (rehydrated first), messages, theme and direction,
// the error boundary and the notifications host. Tests render through this too.
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { ErrorBoundary } from './error/error-boundary';
import { I18nProvider } from './i18n/i18n-provider';
import { NotificationsHost } from './layout/notifications-host';
import type { AppStore } from './store';
import { RehydrationGate } from './store';
import { PersistorProvider } from '../lib/state';
import { AppThemeProvider } from './theme/theme-provider';

export function AppProviders({ store, persistor, children }: { store: AppStore; persistor: Persistor; children: ReactNode }) {
  return (
    <Provider store={store}>
      <RehydrationGate persistor={persistor}>
        <PersistorProvider persistor={persistor}>
          <I18nProvider>
            <AppThemeProvider>
              <ErrorBoundary>{children}</ErrorBoundary>
              <NotificationsHost />
            </AppThemeProvider>
          </I18nProvider>
        </PersistorProvider>
      </RehydrationGate>
    </Provider>
  );
}
