// The profile list's health column: a chip per operator that reported on the profile (worst verdict
// first), sorted by the profile's worst verdict. Asked for only by roles granted the health read.
import { useMemo } from 'react';
import Stack from '@mui/material/Stack';
import type { DataTableColumn } from '@/components/data-table';
import { useGrant } from '@/lib/authorization';
import { useGetProfileHealthQuery } from '@/features/servers/health-api';
import { byProfile, SEVERITY, worstPerOperator, type VerdictRow } from '@/features/servers/health';
import type { Profile } from '@/features/servers/types';
import { HealthChip } from './health-chip';

/** Sorted after every verdict: a profile no phone reported on. */
const NO_REPORTS = 9;

export function useProfileHealth(serverId: number) {
  const canRead = useGrant('GET', 'apps/profileHealth/{serverId}');
  const health = useGetProfileHealthQuery(serverId, { skip: !canRead });
  const rows = useMemo(() => byProfile(health.data?.verdicts), [health.data]);
  return { canRead, health, rows };
}

export function healthColumn(rows: Map<number, VerdictRow[]>): DataTableColumn<Profile> {
  const worst = (p: Profile) => worstPerOperator(rows.get(p.id) ?? []);
  return {
    field: 'health',
    headerId: 'servers.health.column',
    flex: 1.6,
    minWidth: 200,
    noExport: true,
    value: (p) => {
      const [first] = worst(p);
      return first ? SEVERITY[first.verdict] : NO_REPORTS;
    },
    render: (p) => (
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', height: '100%' }}>
        {worst(p).map((row) => (
          <HealthChip key={row.operator} operator={row.operator} verdict={row.verdict} rate={row.rate} devices={row.devices} hidden={row.hidden} />
        ))}
      </Stack>
    ),
  };
}
