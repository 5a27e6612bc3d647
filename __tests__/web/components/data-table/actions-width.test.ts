// The grid's actions column is as wide as its widest row's buttons or its header's title, whichever
// is wider: a one-button column (devices, versions, audit) no longer cuts "Actions" / "عملیات".
import { createElement } from 'react';
import { actionsColumnWidth, headerWidth } from '../../../../src/components/data-table/row-actions';
import type { RowAction } from '../../../../src/components/data-table';

const action = (key: string): RowAction<{ id: number }> => ({ key, labelId: 'x', icon: createElement('span'), onClick: () => undefined });

describe('actions column width', () => {
  it('holds the header title of a one-button column', () => {
    const one = [action('details')];
    expect(actionsColumnWidth(one, [{ id: 1 }], 'Actions')).toBeGreaterThanOrEqual(headerWidth('Actions'));
    expect(actionsColumnWidth(one, [{ id: 1 }], 'Actions')).toBeGreaterThan(56);
    expect(actionsColumnWidth(one, [{ id: 1 }], 'عملیات')).toBeGreaterThanOrEqual(headerWidth('عملیات'));
  });

  it('still sizes to the buttons when they are wider than the title', () => {
    const four = ['a', 'b', 'c', 'd'].map(action);
    expect(actionsColumnWidth(four, [{ id: 1 }], 'Actions')).toBe(4 * 34 + 3 * 4 + 20);
  });
});
