// A dispatch for work that starts before the first render (a route's prefetch): it waits until
// redux-persist has put the persisted state back, since a request sent earlier would go out
// without the session token, and its 401 would sign the user out.
import type { Persistor } from 'redux-persist';
import type { AppStore } from './store';

/** Resolves once redux-persist has put the persisted state back (at once if it already has). */
export function whenRehydrated(persistor: Persistor): Promise<void> {
  return new Promise<void>((resolve) => {
    const check = () => {
      if (!persistor.getState().bootstrapped) return;
      unsubscribe();
      resolve();
    };
    const unsubscribe = persistor.subscribe(check);
    check();
  });
}

export function dispatchWhenRehydrated(store: AppStore, persistor: Persistor): (action: unknown) => void {
  const rehydrated = whenRehydrated(persistor);
  return (action) => {
    void rehydrated.then(() => store.dispatch(action as Parameters<AppStore['dispatch']>[0]));
  };
}
