// Replays an action log through a fresh root reducer, the way a tester reproduces a session from
// Redux DevTools. Accepts a plain array of actions or DevTools' exported file ({payload: "<lifted
// state JSON>"}), whose lifted state lists actionsById in stagedActionIds order. redux-persist's
// PERSIST and FLUSH actions carry callbacks that an export cannot hold; they are replaced by inert ones,
// and the replay reducer writes to a throwaway storage, never to localStorage.
import type { UnknownAction } from '@reduxjs/toolkit';
import type { Storage as PersistStorage } from 'redux-persist';
import { createRootReducer } from '../../../src/app/store';

interface LiftedState {
  actionsById: Record<string, { action: UnknownAction }>;
  stagedActionIds: number[];
}
export type ActionLog = UnknownAction[] | { payload: string } | LiftedState;

const inertStorage: PersistStorage = {
  getItem: () => new Promise(() => undefined),
  setItem: async () => undefined,
  removeItem: async () => undefined,
};

export function actionsOf(log: ActionLog): UnknownAction[] {
  if (Array.isArray(log)) return log;
  const lifted: LiftedState = 'payload' in log ? JSON.parse(log.payload) : log;
  return lifted.stagedActionIds.map((id) => lifted.actionsById[id].action).filter((a) => a.type !== '@@INIT');
}

function withInertCallbacks(action: UnknownAction): UnknownAction {
  if (action.type === 'persist/PERSIST') return { ...action, register: () => undefined, rehydrate: () => undefined };
  if (action.type === 'persist/FLUSH') return { ...action, result: () => undefined };
  return action;
}

export function replayActionLog(log: ActionLog) {
  const reducer = createRootReducer(inertStorage);
  return actionsOf(log).reduce((state, action) => reducer(state, withInertCallbacks(action)), reducer(undefined, { type: '@@replay/INIT' }));
}
