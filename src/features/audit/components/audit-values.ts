// How an audit record's values read in the panel: a secret's AUDIT_CHANGED as the localised
// "changed", objects and lists as compact JSON, nothing as an empty cell.
import { AUDIT_CHANGED } from '@/contract';

export type Translate = (id: string) => string;

/**
 * A recorded word (an action, a target type) in the page's language, or as recorded when this
 * panel has no name for it yet (a route added after it was built).
 */
export function labelOf(
  kind: 'actionNames' | 'targetTypes',
  value: string,
  intl: { messages: Record<string, unknown>; formatMessage: (d: { id: string }) => string },
): string {
  const id = `audit.${kind}.${value}`;
  return id in intl.messages ? intl.formatMessage({ id }) : value;
}

export function showValue(value: unknown, t: Translate): string {
  if (value === AUDIT_CHANGED) return t('audit.changed');
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'boolean') return t(value ? 'common.yes' : 'common.no');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Every field named on either side, in a stable order. */
export const changedFields = (before: Record<string, unknown> | null, after: Record<string, unknown> | null): string[] =>
  [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort();

/**
 * The target as one line: its type, then its name and id. The name (a host, an IP, `C++`) keeps its
 * own order in an isolate, and a numeric id is formatted in the page's digits.
 */
export function targetText(
  row: { targetType: string | null; targetId: string | null; targetName: string | null },
  typeName: Translate,
  formatNumber: (n: number) => string,
): string {
  if (!row.targetType) return '';
  const type = typeName(row.targetType);
  const name = row.targetName ? ` \u2068${row.targetName}\u2069` : '';
  const id = row.targetId === null ? '' : /^\d+$/.test(row.targetId) ? formatNumber(Number(row.targetId)) : `\u2068${row.targetId}\u2069`;
  return `${type}${name}${id ? ` (#${id})` : ''}`;
}
