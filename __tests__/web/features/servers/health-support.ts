// Field health fixtures: a server's profile verdicts and the servers × operators matrix.
import type { HealthCellDto, ProfileHealthDto } from '../../../../src/contract';

const AT = '2026-11-28T10:00:00.000Z';

export const PROFILE_HEALTH: ProfileHealthDto = {
  verdicts: [
    { appId: 3, profileId: 1, operator: 'irancell', verdict: 'working', rate: 0.95, devices: 8, changedAt: AT, hidden: false },
    { appId: 3, profileId: 1, operator: 'mci', verdict: 'failing', rate: 0.1, devices: 12, changedAt: AT, hidden: true },
    { appId: 3, profileId: 3, operator: 'irancell', verdict: 'degraded', rate: 0.5, devices: 6, changedAt: AT, hidden: false },
  ],
  series: [
    {
      profileId: 1,
      operator: 'mci',
      hours: [
        { hour: '2026-11-28T08:00:00.000Z', attempts: 10, successes: 2, devices: 6 },
        { hour: '2026-11-28T09:00:00.000Z', attempts: 10, successes: 1, devices: 7 },
      ],
      p50: 412,
      p90: 900,
    },
  ],
};

export const cell = (
  serverId: number,
  appId: number,
  operator: HealthCellDto['operator'],
  verdict: HealthCellDto['verdict'],
  failing = 0,
  changedAt = AT,
): HealthCellDto => ({
  appId,
  appName: appId === 3 ? 'FastVPN' : 'SafeNet',
  serverId,
  operator,
  verdict,
  counts: { [verdict]: 1, ...(failing ? { failing } : {}) },
  failingProfiles: Array.from({ length: failing }, (_, i) => serverId * 100 + i),
  hidden: 0,
  devices: 9,
  changedAt,
});

/** As the server answers: failing first, then the newest change. */
export const MATRIX: HealthCellDto[] = [
  cell(8, 3, 'mci', 'failing', 2),
  cell(7, 4, 'irancell', 'failing', 1),
  cell(7, 3, 'mci', 'degraded'),
  cell(9, 3, 'wifi', 'working'),
  cell(7, 3, 'irancell', 'unknown'),
];
