// redux-persist writes token, locale and each table's state under the docs/product.md §9 localStorage names,
// reads them back on start, and never stores the RTK Query cache.
import { waitFor } from '@testing-library/react';
import { setupStore, tableStorageKey, TOKEN_KEY, LOCALE_KEY } from '../../../../src/app/store';
import { baseApi } from '../../../../src/lib/api';
import { sessionApi } from '../../../../src/lib/api/session';
import { localeChanged, signedIn, signedOut, tableFilterChanged, tablePageChanged, tablePageSizeChanged, tableSortCycled } from '../../../../src/lib/state';
import { json, useFakeServer } from '../../support/fake-server';
import { makeUser } from '../../support/fixtures';

const server = useFakeServer();

async function started() {
  const { store, persistor } = setupStore();
  await waitFor(() => expect(persistor.getState().bootstrapped).toBe(true));
  return { store, persistor };
}

describe('persistence', () => {
  it('writes token, locale and table state under their own keys', async () => {
    const { store, persistor } = await started();
    store.dispatch(signedIn('abc'));
    store.dispatch(localeChanged('en'));
    store.dispatch(tableFilterChanged({ table: 'servers', key: 'search', value: 'ir' }));
    store.dispatch(tablePageSizeChanged({ table: 'servers', pageSize: 100 }));
    store.dispatch(tableSortCycled({ table: 'servers', key: 'ip' }));
    store.dispatch(tableSortCycled({ table: 'servers', key: 'ip' }));
    // after the sort, which goes back to page 1
    store.dispatch(tablePageChanged({ table: 'servers', page: 3 }));
    await persistor.flush();

    expect(localStorage.getItem(TOKEN_KEY)).toBe('abc');
    expect(localStorage.getItem(LOCALE_KEY)).toBe('en');
    expect(JSON.parse(localStorage.getItem(tableStorageKey('servers', 'filter'))!)).toEqual({ search: 'ir' });
    expect(localStorage.getItem(tableStorageKey('servers', 'limit'))).toBe('100');
    expect(localStorage.getItem(tableStorageKey('servers', 'page'))).toBe('3');
    expect(localStorage.getItem(tableStorageKey('servers', 'sort'))).toBe('ip');
    expect(localStorage.getItem(tableStorageKey('servers', 'ascending'))).toBe('false');
  });

  it('reads them back into a new store', async () => {
    localStorage.setItem(TOKEN_KEY, 'kept');
    localStorage.setItem(LOCALE_KEY, 'en');
    localStorage.setItem(tableStorageKey('apps', 'filter'), JSON.stringify({ status: 'inactive' }));
    localStorage.setItem(tableStorageKey('apps', 'limit'), '50');
    localStorage.setItem(tableStorageKey('apps', 'page'), '2');
    localStorage.setItem(tableStorageKey('apps', 'sort'), 'name');
    localStorage.setItem(tableStorageKey('apps', 'ascending'), 'false');
    const { store } = await started();
    const state = store.getState();
    expect(state.auth.token).toBe('kept');
    expect(state.settings.locale).toBe('en');
    expect(state.tables.apps).toEqual({ filter: { status: 'inactive' }, page: 2, pageSize: 50, sortKey: 'name', ascending: false });
  });

  it('falls back to defaults for unusable stored values', async () => {
    localStorage.setItem(LOCALE_KEY, 'de');
    localStorage.setItem(tableStorageKey('apps', 'limit'), '7');
    localStorage.setItem(tableStorageKey('apps', 'page'), '-1');
    localStorage.setItem(tableStorageKey('apps', 'filter'), '{not json');
    const { store } = await started();
    expect(store.getState().settings.locale).toBe('fa');
    expect(store.getState().tables.apps).toEqual({ filter: {}, page: 1, pageSize: 30, sortKey: null, ascending: true });
  });

  it('removes the token key on sign-out', async () => {
    localStorage.setItem(TOKEN_KEY, 'gone-soon');
    const { store, persistor } = await started();
    store.dispatch(signedOut());
    await persistor.flush();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('never stores the RTK Query cache', async () => {
    server.on('GET', 'users/current', json({ data: makeUser() }));
    const { store, persistor } = await started();
    store.dispatch(signedIn('abc'));
    await store.dispatch(sessionApi.endpoints.getCurrentUser.initiate());
    expect(store.getState()[baseApi.reducerPath].queries['getCurrentUser(undefined)']?.status).toBe('fulfilled');
    await persistor.flush();
    expect(Object.keys(localStorage).sort()).toEqual([LOCALE_KEY, TOKEN_KEY]);
    expect(Object.values(localStorage).join()).not.toContain('admin@localhost');
  });
});
