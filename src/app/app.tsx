// The panel: providers around the router.
import type { Persistor } from 'redux-persist';
import { AppProviders } from './providers';
import { AppRouter, type AppBrowserRouter } from './router';
import type { AppStore } from './store';

export function App({ store, persistor, router }: { store: AppStore; persistor: Persistor; router?: AppBrowserRouter }) {
  return (
    <AppProviders store={store} persistor={persistor}>
      <AppRouter router={router} />
    </AppProviders>
  );
}
