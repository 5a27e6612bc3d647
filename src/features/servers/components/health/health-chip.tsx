// One operator's field health as a chip: the operator, the success rate and the devices behind it,
// coloured by verdict. The figures are one left-to-right run inside a Persian label; a profile hidden
// from that operator's config says so.
import Chip from '@mui/material/Chip';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import { useIntl } from 'react-intl';
import type { HealthVerdict, Operator } from '@/contract';
import { formatNumber } from '@/lib/i18n';
import { selectLocale, useAppSelector } from '@/lib/state';
import { formatRate, VERDICT_COLOR } from '@/features/servers/health';

export interface HealthChipProps {
  operator: Operator;
  verdict: HealthVerdict;
  /** The success rate (0..1; null: no attempts); left out, the chip names the verdict instead. */
  rate?: number | null;
  devices: number;
  hidden?: boolean;
}

export function HealthChip({ operator, verdict, rate, devices, hidden = false }: HealthChipProps) {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const verdictText = intl.formatMessage({ id: `servers.health.verdict.${verdict}` });
  const operatorText = intl.formatMessage({ id: `servers.operator.${operator}` });
  const devicesText = formatNumber(devices, locale);
  const figures = rate === undefined ? devicesText : `${rate === null ? '–' : formatRate(rate, locale)} · ${devicesText}`;
  return (
    <Chip
      size="small"
      color={VERDICT_COLOR[verdict]}
      variant={hidden ? 'outlined' : 'filled'}
      data-testid={`health-chip-${operator}`}
      data-verdict={verdict}
      icon={hidden ? <VisibilityOffOutlinedIcon /> : undefined}
      title={intl.formatMessage(
        { id: hidden ? 'servers.health.chipTitleHidden' : 'servers.health.chipTitle' },
        { operator: operatorText, verdict: verdictText, devices },
      )}
      label={
        <>
          {operatorText}
          {rate === undefined && ` ${verdictText}`}{' '}
          <bdi dir="ltr" style={{ unicodeBidi: 'isolate' }}>
            {figures}
          </bdi>
        </>
      }
    />
  );
}
