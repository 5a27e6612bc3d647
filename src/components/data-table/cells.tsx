// What a cell shows, for the grid and the phone's table alike: a column's own rendering; a
// technical value left to right in its own isolate (LtrCell); counts in the locale's digits without
// grouping; any other text isolated (UserText), so it takes the direction of its own first letter
// ("Beta C++ VPN" in a Persian page) and is cut at its own end.
import type { ReactNode } from 'react';
import type { IntlShape } from 'react-intl';
import { UserText } from '../user-text';
import { LtrCell } from './ltr-cell';
import { cellValue } from './rows';
import type { DataTableColumn } from './types';

/** A cell's value as shown: numbers of a non-technical numeric column in the locale's digits. */
export function formattedCell<R>(column: DataTableColumn<R>, value: unknown, intl: IntlShape): unknown {
  return column.numeric && !column.ltr && typeof value === 'number' ? intl.formatNumber(value, { useGrouping: false }) : value;
}

export function cellContent<R>(column: DataTableColumn<R>, row: R, intl: IntlShape): ReactNode {
  if (column.render) return column.render(row);
  const shown = formattedCell(column, cellValue(column, row), intl) as ReactNode;
  // Text in its own direction, cut at its own end when the column is too narrow.
  return column.ltr ? (
    <LtrCell value={shown} />
  ) : (
    <UserText truncate block>
      {shown}
    </UserText>
  );
}
