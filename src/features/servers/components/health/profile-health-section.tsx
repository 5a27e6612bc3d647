// The profile details popup's field health: per operator that reported, the verdict chip, the last
// 24 hours as a small chart and the median latency; a profile hidden from an operator's config says
// so, with "put back" for the roles granted POST apps/profileHealth/show.
import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Locale, ProfileHealthDto } from '@/contract';
import { errorMessageId } from '@/lib/api';
import { useGrant } from '@/lib/authorization';
import { formatNumber } from '@/lib/i18n';
import { selectLocale, useAppSelector, useNotify } from '@/lib/state';
import { useGetProfileHealthQuery, useShowProfileHealthMutation } from '@/features/servers/health-api';
import { SEVERITY, VERDICT_COLOR, type VerdictRow } from '@/features/servers/health';
import type { Profile } from '@/features/servers/types';
import { HealthChip } from './health-chip';

const HealthSparkline = lazy(() => import(/* webpackChunkName: "charts" */ './health-sparkline'));

export function ProfileHealthSection({ profile }: { profile: Profile }) {
  const locale = useAppSelector(selectLocale);
  const notify = useNotify();
  const canRead = useGrant('GET', 'apps/profileHealth/{serverId}');
  const canShow = useGrant('POST', 'apps/profileHealth/show');
  const { data } = useGetProfileHealthQuery(profile.serverId, { skip: !canRead });
  const [show, { isLoading: showing }] = useShowProfileHealthMutation();
  const theme = useTheme();
  const barColor = (verdict: VerdictRow['verdict']) => (verdict === 'unknown' ? theme.palette.grey[500] : theme.palette[VERDICT_COLOR[verdict]].main);
  if (!canRead || !data) return null;
  const rows = data.verdicts
    .filter((v) => v.profileId === profile.id)
    .sort((a, b) => SEVERITY[a.verdict] - SEVERITY[b.verdict] || a.operator.localeCompare(b.operator));
  const series = data.series.filter((s) => s.profileId === profile.id);

  const putBack = async (row: VerdictRow) => {
    try {
      await show({ appId: row.appId, profileId: row.profileId, operator: row.operator }).unwrap();
      notify.success('servers.health.putBackDone');
    } catch (error) {
      notify.error(errorMessageId(error, 'servers.health.putBackError'));
    }
  };

  return (
    <Stack spacing={1.5} sx={{ mt: 2 }} data-testid="profile-health">
      <Divider />
      <Typography variant="subtitle2">
        <FormattedMessage id="servers.health.details.title" />
      </Typography>
      {rows.length === 0 && series.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage id="servers.health.none" />
        </Typography>
      )}
      {rows.map((row) => (
        <ProfileHealthRow
          key={`${row.appId}-${row.operator}`}
          row={row}
          day={series.find((s) => s.operator === row.operator)}
          locale={locale}
          barColor={barColor}
          canShow={canShow}
          showing={showing}
          onPutBack={putBack}
        />
      ))}
    </Stack>
  );
}

/** One operator's verdict: the chip, the last 24 hours' chart, the median latency, and "hidden" with its "put back". */
function ProfileHealthRow({
  row,
  day,
  locale,
  barColor,
  canShow,
  showing,
  onPutBack,
}: {
  row: VerdictRow;
  day: ProfileHealthDto['series'][number] | undefined;
  locale: Locale;
  barColor: (verdict: VerdictRow['verdict']) => string;
  canShow: boolean;
  showing: boolean;
  onPutBack: (row: VerdictRow) => void;
}) {
  const intl = useIntl();
  const operator = intl.formatMessage({ id: `servers.operator.${row.operator}` });
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }} data-testid={`profile-health-${row.operator}`}>
      <Box sx={{ minWidth: 150 }}>
        <HealthChip operator={row.operator} verdict={row.verdict} rate={row.rate} devices={row.devices} hidden={row.hidden} />
      </Box>
      {day && day.hours.length > 0 && (
        <Suspense fallback={null}>
          <HealthSparkline
            hours={day.hours}
            rtl={locale === 'fa'}
            color={barColor(row.verdict)}
            label={intl.formatMessage({ id: 'servers.health.chartLabel' }, { operator })}
          />
        </Suspense>
      )}
      <Typography variant="caption" color="text.secondary">
        <FormattedMessage
          id="servers.health.median"
          values={{ value: day?.p50 == null ? '–' : <bdi dir="ltr">{formatNumber(Math.round(day.p50), locale)}</bdi> }}
        />
      </Typography>
      {row.hidden && (
        <Typography variant="caption" color="error">
          <FormattedMessage id="servers.health.hidden" />
        </Typography>
      )}
      {row.hidden && canShow && (
        <Button size="small" variant="outlined" onClick={() => onPutBack(row)} disabled={showing}>
          <FormattedMessage id="servers.health.putBack" />
        </Button>
      )}
    </Stack>
  );
}
