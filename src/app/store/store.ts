// configureStore for the panel: root reducer, RTK Query middleware, serializability checks (only
// redux-persist's own bookkeeping actions are exempt) and DevTools with sanitizers in every build.
import { configureStore, type Middleware } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistStore, type Storage as PersistStorage } from 'redux-persist';
import { baseApi } from '@/lib/api';
import type { PanelState } from '@/lib/state';
import { devToolsOptions } from './devtools';
import { createRootReducer } from './root-reducer';

export interface SetupStoreOptions {
  storage?: PersistStorage;
  /** An extra middleware, last in line: it sees exactly the actions the reducer gets (tests record logs with it). */
  middleware?: Middleware;
}

const passThrough: Middleware = () => (next) => (action) => next(action);

export function setupStore(options: SetupStoreOptions = {}) {
  const store = configureStore({
    reducer: createRootReducer(options.storage),
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        // dev-only checks; large lists (thousands of profiles) make them slow, not wrong
        immutableCheck: { warnAfter: 200 },
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER], warnAfter: 200 },
      })
        .concat(baseApi.middleware)
        .concat(options.middleware ?? passThrough),
    devTools: devToolsOptions,
  });
  const persistor = persistStore(store);
  return { store, persistor };
}

export type AppStore = ReturnType<typeof setupStore>['store'];
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

type Assert<T extends true> = T;
/** Compile-time check: the typed hooks of lib/state fit this store. */
export type RootStateFitsPanelState = Assert<RootState extends PanelState ? true : false>;
