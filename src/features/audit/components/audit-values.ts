// How an audit record's values read in the panel: a secret's AUDIT_CHANGED as the localised
// "changed", objects and lists as compact JSON, nothing as an empty cell.
import { AUDIT_CHANGED } from '../../../contract';

export type Translate = (id: string) => string;

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

/** The target as one line: its type, then its name and id. */
export function targetText(row: { targetType: string | null; targetId: string | null; targetName: string | null }, t: Translate): string {
  if (!row.targetType) return '';
  const type = t(`audit.targetTypes.${row.targetType}`);
  const name = row.targetName ? ` ${row.targetName}` : '';
  return `${type}${name}${row.targetId ? ` (#${row.targetId})` : ''}`;
}
