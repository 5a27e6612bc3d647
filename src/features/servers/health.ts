// How the panel reads field health verdicts: the worst first (the server's order), a colour per
// verdict, and the worst verdict per operator of a profile (a profile on a server shared by several
// apps has a verdict per app; staff see the worst).
import { OPERATORS, type HealthCellDto, type HealthVerdict, type Locale, type Operator, type ProfileHealthDto } from '@/contract';
import { intlLocale } from '@/lib/i18n';

export const SEVERITY: Record<HealthVerdict, number> = { failing: 0, degraded: 1, working: 2, unknown: 3 };

export const VERDICT_COLOR = { failing: 'error', degraded: 'warning', working: 'success', unknown: 'default' } as const;

export type VerdictRow = ProfileHealthDto['verdicts'][number];

/** The worst row per operator, in operator order of the worst first. */
export function worstPerOperator(rows: readonly VerdictRow[]): VerdictRow[] {
  const byOperator = new Map<Operator, VerdictRow>();
  for (const row of rows) {
    const seen = byOperator.get(row.operator);
    if (!seen || SEVERITY[row.verdict] < SEVERITY[seen.verdict] || (row.hidden && !seen.hidden && row.verdict === seen.verdict))
      byOperator.set(row.operator, row);
  }
  return [...byOperator.values()].sort((a, b) => SEVERITY[a.verdict] - SEVERITY[b.verdict] || a.operator.localeCompare(b.operator));
}

/** Rows grouped by profile id. */
export function byProfile(rows: readonly VerdictRow[] | undefined): Map<number, VerdictRow[]> {
  const map = new Map<number, VerdictRow[]>();
  for (const row of rows ?? []) map.set(row.profileId, [...(map.get(row.profileId) ?? []), row]);
  return map;
}

const percentFormats = new Map<Locale, Intl.NumberFormat>();

/** A success rate (0..1) in the locale's digits, e.g. 85% or ۸۵٪. */
export function formatRate(rate: number, locale: Locale): string {
  let format = percentFormats.get(locale);
  if (!format) percentFormats.set(locale, (format = new Intl.NumberFormat(intlLocale(locale), { style: 'percent', maximumFractionDigits: 0 })));
  return format.format(rate);
}

export interface MatrixRow {
  key: string;
  serverId: number;
  appId: number;
  appName: string;
  cells: Partial<Record<Operator, HealthCellDto>>;
}

/**
 * The health page's rows: one per (server, app), in the order of their worst cell (the server
 * answers failing first, then the newest change), and the operators that have a cell, in menu order.
 */
export function matrixRows(cells: readonly HealthCellDto[], filter: { appId?: number; operator?: Operator }): { rows: MatrixRow[]; operators: Operator[] } {
  const rows = new Map<string, MatrixRow>();
  const seen = new Set<Operator>();
  for (const cell of cells) {
    if (filter.appId !== undefined && cell.appId !== filter.appId) continue;
    if (filter.operator !== undefined && cell.operator !== filter.operator) continue;
    const key = `${cell.serverId}-${cell.appId}`;
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { key, serverId: cell.serverId, appId: cell.appId, appName: cell.appName, cells: {} }));
    row.cells[cell.operator] = cell;
    seen.add(cell.operator);
  }
  return { rows: [...rows.values()], operators: OPERATORS.filter((o) => seen.has(o)) };
}
