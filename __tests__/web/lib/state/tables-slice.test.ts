// Table state rules of docs/product.md §4: the sort cycle, and page 1 after a filter, page-size or sort change.
import {
  DEFAULT_TABLE_STATE,
  selectTable,
  tableFilterChanged,
  tablePageChanged,
  tablePageSizeChanged,
  tableSortCycled,
  tablesSlice,
} from '../../../../src/lib/state';
import type { TablesState } from '../../../../src/lib/state';

const reduce = (state: TablesState, ...actions: Parameters<typeof tablesSlice.reducer>[1][]) => actions.reduce(tablesSlice.reducer, state);
const table = (state: TablesState) => selectTable({ tables: state }, 't');

describe('tables slice', () => {
  it('starts every table at page 1 of 30, unsorted', () => {
    expect(table({})).toEqual({ filter: {}, page: 1, pageSize: 30, sortKey: null, ascending: true });
    expect(table({})).toBe(DEFAULT_TABLE_STATE);
  });

  it('cycles sorting ascending → descending → none', () => {
    const cycle = tableSortCycled({ table: 't', key: 'name' });
    const asc = reduce({}, cycle);
    expect(table(asc)).toMatchObject({ sortKey: 'name', ascending: true });
    const desc = reduce(asc, cycle);
    expect(table(desc)).toMatchObject({ sortKey: 'name', ascending: false });
    const none = reduce(desc, cycle);
    expect(table(none)).toMatchObject({ sortKey: null, ascending: true });
  });

  it('starts a new column ascending', () => {
    const state = reduce(
      {},
      tableSortCycled({ table: 't', key: 'name' }),
      tableSortCycled({ table: 't', key: 'name' }),
      tableSortCycled({ table: 't', key: 'ip' }),
    );
    expect(table(state)).toMatchObject({ sortKey: 'ip', ascending: true });
  });

  it('goes back to page 1 when a filter changes, not when it is set to the same value', () => {
    const onPage3 = reduce({}, tableFilterChanged({ table: 't', key: 'q', value: 'a' }), tablePageChanged({ table: 't', page: 3 }));
    expect(table(reduce(onPage3, tableFilterChanged({ table: 't', key: 'q', value: 'a' }))).page).toBe(3);
    const changed = reduce(onPage3, tableFilterChanged({ table: 't', key: 'q', value: 'ab' }));
    expect(table(changed)).toMatchObject({ page: 1, filter: { q: 'ab' } });
  });

  it('goes back to page 1 when the page size changes, and accepts only 30, 50 or 100', () => {
    const onPage4 = reduce({}, tablePageChanged({ table: 't', page: 4 }));
    expect(table(reduce(onPage4, tablePageSizeChanged({ table: 't', pageSize: 50 })))).toMatchObject({ page: 1, pageSize: 50 });
    expect(table(reduce(onPage4, tablePageSizeChanged({ table: 't', pageSize: 30 }))).page).toBe(4);
    expect(table(reduce({}, tablePageSizeChanged({ table: 't', pageSize: 75 }))).pageSize).toBe(30);
  });

  it('goes back to page 1 whenever the sort changes, the step back to unsorted included', () => {
    const onPage5 = reduce({}, tablePageChanged({ table: 't', page: 5 }));
    const cycle = tableSortCycled({ table: 't', key: 'model' });
    expect(table(reduce(onPage5, cycle))).toMatchObject({ page: 1, sortKey: 'model', ascending: true });
    const descOnPage4 = reduce(onPage5, cycle, tablePageChanged({ table: 't', page: 4 }), cycle);
    expect(table(descOnPage4)).toMatchObject({ page: 1, sortKey: 'model', ascending: false });
    const noneOnPage2 = reduce(descOnPage4, tablePageChanged({ table: 't', page: 2 }), cycle);
    expect(table(noneOnPage2)).toMatchObject({ page: 1, sortKey: null });
  });

  it('keeps tables apart', () => {
    const state = reduce({}, tablePageChanged({ table: 'a', page: 2 }));
    expect(selectTable({ tables: state }, 'b').page).toBe(1);
  });
});
