// The store: setup, types, persistence layout and DevTools sanitizers.
export { setupStore, type AppStore, type RootState, type AppDispatch, type SetupStoreOptions } from './store';
export { createRootReducer, PERSIST_KEY } from './root-reducer';
export { createPanelStorage, readPersisted, writePersisted, tableStorageKey, TOKEN_KEY, LOCALE_KEY, TABLE_FIELDS } from './persist-storage';
export { actionSanitizer, stateSanitizer, redactSecrets, devToolsOptions, REDACTED } from './devtools';
export { syncAcrossTabs } from './cross-tab';
export { dispatchWhenRehydrated, whenRehydrated } from './rehydrated-dispatch';
export { RehydrationGate } from './rehydration-gate';
export { useAppDispatch, useAppSelector } from '@/lib/state';
