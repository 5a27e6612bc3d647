// redux-persist storage that lays state out under the localStorage names of docs/product.md §9 instead of one
// JSON blob: `token`, `locale`, and per table `<table>.filter`, `<table>.limit`, `<table>.page`,
// `<table>.sort`, `<table>.ascending`. Values read back are checked, so a hand-edited or stale
// key falls back to its default instead of breaking the panel.
import type { Storage as PersistStorage } from 'redux-persist';
import { LOCALES, type Locale } from '@/contract';
import { DEFAULT_TABLE_STATE, isPageSize, type AuthState, type SettingsState, type TableState, type TablesState } from '@/lib/state';
import { LOCALE_KEY, TOKEN_KEY } from './storage-keys';

export { LOCALE_KEY, TOKEN_KEY };
export const TABLE_FIELDS = ['filter', 'limit', 'page', 'sort', 'ascending'] as const;
export type TableField = (typeof TABLE_FIELDS)[number];
export const tableStorageKey = (table: string, field: TableField) => `${table}.${field}`;
const TABLE_KEY = new RegExp(`^(.+)\\.(${TABLE_FIELDS.join('|')})$`);

export interface PersistedSlices {
  auth?: AuthState;
  settings?: SettingsState;
  tables?: TablesState;
}

function parseFilter(raw: string): Record<string, string> | undefined {
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    return Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  } catch {
    return undefined;
  }
}

function readTable(ls: Storage, table: string): TableState {
  const get = (field: TableField) => ls.getItem(tableStorageKey(table, field));
  const page = Number(get('page'));
  const limit = Number(get('limit'));
  const ascending = get('ascending');
  return {
    filter: parseFilter(get('filter') ?? '') ?? {},
    page: Number.isInteger(page) && page >= 1 ? page : DEFAULT_TABLE_STATE.page,
    pageSize: isPageSize(limit) ? limit : DEFAULT_TABLE_STATE.pageSize,
    sortKey: get('sort') || null,
    ascending: ascending === null ? true : ascending !== 'false',
  };
}

export function readPersisted(ls: Storage): PersistedSlices {
  const state: PersistedSlices = {};
  const token = ls.getItem(TOKEN_KEY);
  if (token) state.auth = { token };
  const locale = ls.getItem(LOCALE_KEY);
  if ((LOCALES as readonly string[]).includes(locale ?? '')) state.settings = { locale: locale as Locale };
  const tableNames = new Set<string>();
  for (let i = 0; i < ls.length; i += 1) {
    const match = TABLE_KEY.exec(ls.key(i) ?? '');
    if (match) tableNames.add(match[1]);
  }
  if (tableNames.size) state.tables = Object.fromEntries([...tableNames].map((name) => [name, readTable(ls, name)]));
  return state;
}

function put(ls: Storage, key: string, value: string | null) {
  if (value === null) {
    if (ls.getItem(key) !== null) ls.removeItem(key);
  } else if (ls.getItem(key) !== value) {
    ls.setItem(key, value);
  }
}

export function writePersisted(ls: Storage, state: PersistedSlices): void {
  if (state.auth) put(ls, TOKEN_KEY, state.auth.token);
  if (state.settings) put(ls, LOCALE_KEY, state.settings.locale);
  for (const [name, table] of Object.entries(state.tables ?? {})) {
    put(ls, tableStorageKey(name, 'filter'), Object.keys(table.filter).length ? JSON.stringify(table.filter) : null);
    put(ls, tableStorageKey(name, 'limit'), String(table.pageSize));
    put(ls, tableStorageKey(name, 'page'), String(table.page));
    put(ls, tableStorageKey(name, 'sort'), table.sortKey);
    put(ls, tableStorageKey(name, 'ascending'), String(table.ascending));
  }
}

/** redux-persist storage over the given Web Storage (used with serialize/deserialize off). */
export function createPanelStorage(ls: () => Storage = () => window.localStorage): PersistStorage {
  return {
    getItem: async () => readPersisted(ls()),
    setItem: async (_key: string, value: PersistedSlices) => writePersisted(ls(), value),
    removeItem: async () => {
      const store = ls();
      const { tables } = readPersisted(store);
      [TOKEN_KEY, LOCALE_KEY].forEach((key) => store.removeItem(key));
      Object.keys(tables ?? {}).forEach((name) => TABLE_FIELDS.forEach((field) => store.removeItem(tableStorageKey(name, field))));
    },
  };
}
