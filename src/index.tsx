// Entry: fonts, the store (with its persisted state), cross-tab sync, the router (which starts
// loading the first route's chunks at once), then the app.
import '@fontsource/vazirmatn/400.css';
import '@fontsource/vazirmatn/500.css';
import '@fontsource/vazirmatn/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { dispatchWhenRehydrated, setupStore, syncAcrossTabs } from './app/store';

const { store, persistor } = setupStore();
syncAcrossTabs(store);
const router = createAppRouter(dispatchWhenRehydrated(store, persistor));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={store} persistor={persistor} router={router} />
  </StrictMode>,
);
