// A recorded session (sign-in, locale switch, table changes, a toast) replayed through the root
// reducer gives the same state, from the raw log and from a DevTools-style JSON export.
import { act, screen, waitFor } from '@testing-library/react';
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { renderApp } from '../../support/render';
import { json, useFakeServer } from '../../support/fake-server';
import { makeUser } from '../../support/fixtures';
import { replayActionLog } from '../../support/replay-action-log';
import { notified, tableFilterChanged, tablePageSizeChanged, tableSortCycled } from '../../../../src/lib/state';

const server = useFakeServer();

function recorder() {
  const log: UnknownAction[] = [];
  const middleware: Middleware = () => (next) => (action) => {
    log.push(action as UnknownAction);
    return next(action);
  };
  return { log, middleware };
}

/** A plain JSON copy, to compare states by value. */
const comparable = (state: object) => JSON.parse(JSON.stringify(state));

describe('action-log replay', () => {
  it('reproduces the recorded state', async () => {
    server.on('POST', 'users/signin', json({ token: 'replayed-token' }));
    server.on('GET', 'users/current', json({ data: makeUser() }));
    const { log, middleware } = recorder();
    const { store, user } = await renderApp({ route: '/login', middleware });

    await user.type(screen.getByLabelText('ایمیل یا نام کاربری'), 'admin');
    await user.type(screen.getByLabelText('رمز عبور'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'ورود' }));
    await screen.findByTestId('dashboard-greeting');
    await user.click(screen.getByRole('button', { name: 'English' }));
    await waitFor(() => expect(document.documentElement.dir).toBe('ltr'));
    act(() => {
      store.dispatch(tableFilterChanged({ table: 'servers', key: 'search', value: 'de' }));
      store.dispatch(tableSortCycled({ table: 'servers', key: 'ip' }));
      store.dispatch(tablePageSizeChanged({ table: 'servers', pageSize: 50 }));
      store.dispatch(notified({ message: 'common.save', status: 'Success' }));
    });

    const live = comparable(store.getState());
    expect(live.auth.token).toBe('replayed-token');
    expect(live.settings.locale).toBe('en');

    expect(comparable(replayActionLog(log))).toEqual(live);

    // The same log after a DevTools-style JSON export (functions dropped, ids as keys).
    const lifted = { actionsById: Object.fromEntries(log.map((action, i) => [i, { action }])), stagedActionIds: log.map((_a, i) => i) };
    const exported = { payload: JSON.stringify(lifted) };
    expect(comparable(replayActionLog(exported))).toEqual(live);
  });

  it('detects a log that differs', async () => {
    const { log, middleware } = recorder();
    const { store } = await renderApp({ route: '/login', middleware });
    store.dispatch(tableSortCycled({ table: 'users', key: 'name' }));
    const tampered = log.filter((a) => a.type !== tableSortCycled.type);
    expect(comparable(replayActionLog(tampered))).not.toEqual(comparable(store.getState()));
  });
});
