// The root reducer: the four client slices plus the RTK Query cache, wrapped by redux-persist for
// `auth`, `settings` and `tables` only (the cache is never persisted). A factory, so tests and the
// action-log replay get reducers of their own (redux-persist keeps per-instance state).
import { combineReducers } from '@reduxjs/toolkit';
import { persistReducer, type PersistConfig, type Storage as PersistStorage } from 'redux-persist';
import autoMergeLevel2 from 'redux-persist/lib/stateReconciler/autoMergeLevel2';
import { baseApi } from '@/lib/api';
import { authSlice, notificationsSlice, settingsSlice, tablesSlice } from '@/lib/state';
import { createPanelStorage } from './persist-storage';

const slicesReducer = combineReducers({
  [authSlice.name]: authSlice.reducer,
  [settingsSlice.name]: settingsSlice.reducer,
  [tablesSlice.name]: tablesSlice.reducer,
  [notificationsSlice.name]: notificationsSlice.reducer,
  [baseApi.reducerPath]: baseApi.reducer,
});
export type SlicesState = ReturnType<typeof slicesReducer>;

export const PERSIST_KEY = 'panel';

export function createRootReducer(storage: PersistStorage = createPanelStorage()) {
  const config: PersistConfig<SlicesState> & { deserialize: false } = {
    key: PERSIST_KEY,
    storage,
    whitelist: ['auth', 'settings', 'tables'],
    // the storage maps slices to the docs/product.md §9 keys itself (persist-storage.ts)
    serialize: false,
    deserialize: false,
    stateReconciler: autoMergeLevel2,
    timeout: 0,
  };
  return persistReducer(config, slicesReducer);
}
