// The server list's health column: each server's worst operator verdict (over its apps), sortable
// worst first so "failing on MCI" floats to the top. The server list is whole in the panel and sorted
// there, so the matrix (GET apps/health) is read once and joined by server id. Servers no phone
// reported on sort last. Asked for only by roles granted the health read.
import { useMemo } from 'react';
import type { DataTableColumn } from '@/components/data-table';
import type { HealthCellDto } from '@/contract';
import { useGrant } from '@/lib/authorization';
import { useGetHealthMatrixQuery } from '@/features/servers/health-api';
import { SEVERITY } from '@/features/servers/health';
import type { Server } from '@/features/servers/types';
import { HealthChip } from './health-chip';

/** Each server's worst cell; among equally bad ones the one with the most devices. */
export function worstByServer(cells: readonly HealthCellDto[] | undefined): Map<number, HealthCellDto> {
  const map = new Map<number, HealthCellDto>();
  for (const cell of cells ?? []) {
    const seen = map.get(cell.serverId);
    const worse = !seen || SEVERITY[cell.verdict] < SEVERITY[seen.verdict] || (cell.verdict === seen.verdict && cell.devices > seen.devices);
    if (worse) map.set(cell.serverId, cell);
  }
  return map;
}

export function useServerHealth(): Map<number, HealthCellDto> | undefined {
  const canRead = useGrant('GET', 'apps/health');
  const { data } = useGetHealthMatrixQuery({}, { skip: !canRead });
  const worst = useMemo(() => (canRead ? worstByServer(data) : undefined), [canRead, data]);
  return worst;
}

export function serverHealthColumn(worst: Map<number, HealthCellDto>): DataTableColumn<Server> {
  return {
    field: 'health',
    headerId: 'servers.fields.health',
    width: 190,
    value: (s) => {
      const cell = worst.get(s.id);
      return cell ? SEVERITY[cell.verdict] : null;
    },
    exportValue: (s) => {
      const cell = worst.get(s.id);
      return cell ? `${cell.operator}:${cell.verdict}` : '';
    },
    render: (s) => {
      const cell = worst.get(s.id);
      if (!cell) return null;
      return <HealthChip operator={cell.operator} verdict={cell.verdict} devices={cell.devices} hidden={cell.hidden > 0} />;
    },
  };
}
