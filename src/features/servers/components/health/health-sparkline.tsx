// The last 24 hours of one operator as small bars of the hourly success rate (oldest first, drawn
// in the reading direction: mirrored in Persian). A module of its own, loaded with the chart library.
import { SparkLineChart } from '@mui/x-charts/SparkLineChart';
import Box from '@mui/material/Box';
import type { ProfileHealthDto } from '@/contract';

export default function HealthSparkline({
  hours,
  rtl,
  label,
  color,
}: {
  hours: ProfileHealthDto['series'][number]['hours'];
  rtl: boolean;
  label: string;
  color: string;
}) {
  const data = hours.map((h) => (h.attempts > 0 ? Math.round((100 * h.successes) / h.attempts) : 0));
  return (
    <Box role="img" aria-label={label} data-testid="health-sparkline" sx={{ width: 160, height: 40, transform: rtl ? 'scaleX(-1)' : undefined }}>
      <SparkLineChart plotType="bar" color={color} data={data} height={40} width={160} yAxis={{ min: 0, max: 100 }} />
    </Box>
  );
}
