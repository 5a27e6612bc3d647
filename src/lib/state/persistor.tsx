// The store's persistor, for the two moments that must not wait for redux-persist's deferred write:
// signing in and signing out. A full page load (reload, a link opened by hand) right after either
// would otherwise read the old `token` from localStorage and undo it.
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import type { Persistor } from 'redux-persist';

const PersistorContext = createContext<Persistor | null>(null);

export function PersistorProvider({ persistor, children }: { persistor: Persistor; children: ReactNode }) {
  return <PersistorContext.Provider value={persistor}>{children}</PersistorContext.Provider>;
}

/** Writes what is staged for localStorage now; resolves once it is written. */
export function useFlushPersisted(): () => Promise<void> {
  const persistor = useContext(PersistorContext);
  return useCallback(async () => {
    await persistor?.flush();
  }, [persistor]);
}
