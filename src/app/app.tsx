// The panel: providers around the router.
import type { Persistor } from 'redux-persist';
import { AppProviders } from './providers';
import { AppRouter } from './router';
import type { AppStore } from './store';

export function App({ store, persistor }: { store: AppStore; persistor: Persistor }) {
  return (
    <AppProviders store={store} persistor={persistor}>
      <AppRouter />
    </AppProviders>
  );
}
