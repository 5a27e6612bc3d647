// What redux-persist's PersistGate does (its children only once the persisted state is back), without
// its cost on a phone: PersistGate always renders nothing first and then sets its state in
// componentDidMount, so the whole app rendered a second time as synchronous work inside the first
// commit's task (bench:page-profile: 143 ms at 4x CPU on /dashboard). This gate renders its children
// in the first render when the state is already back, and otherwise waits for it outside the commit,
// revealing the app in a transition React can slice.
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import type { Persistor } from 'redux-persist';

const bootstrapped = (persistor: Persistor) => persistor.getState().bootstrapped;

export function RehydrationGate({ persistor, children }: { persistor: Persistor; children: ReactNode }) {
  const [ready, setReady] = useState(() => bootstrapped(persistor));
  useEffect(() => {
    if (ready) return;
    const check = () => {
      if (bootstrapped(persistor)) startTransition(() => setReady(true));
    };
    const unsubscribe = persistor.subscribe(check);
    check();
    return unsubscribe;
  }, [persistor, ready]);
  return ready ? children : null;
}
