// Entry: fonts, the store (with its persisted state), cross-tab sync, then the app.
import '@fontsource/vazirmatn/400.css';
import '@fontsource/vazirmatn/500.css';
import '@fontsource/vazirmatn/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { setupStore, syncAcrossTabs } from './app/store';

const { store, persistor } = setupStore();
syncAcrossTabs(store);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={store} persistor={persistor} />
  </StrictMode>,
);
