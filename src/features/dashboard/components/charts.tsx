// The dashboard's charts (docs/product.md §7 "Dashboard"), drawn with @mui/x-charts: registrations per day
// as a line, an app's devices by version as bars (blocked versions stacked apart, in the error
// colour, oldest first), profiles by operator as bars. In Persian the day labels are Jalali, every figure is in
// Persian digits, and the charts are mirrored (the x axis runs right to left, the values on the right).
import { startTransition, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import type { DashboardStats } from '@/contract';
import { formatDate, formatNumber } from '@/lib/i18n';
import { hrefs } from '@/lib/routing';
import { useAppSelector } from '@/lib/state/hooks';
import { selectLocale } from '@/lib/state/settings-slice';

const HEIGHT = 260;

// @mui/x-charts is a chunk of its own, loaded once the figures are in: the greeting and the cards
// (the page's first paint) do not wait for it. Each chart's frame, title and links show at once,
// its drawing in the frame's place when the chunk is in.
interface ChartsModule {
  BarChart: typeof import('@mui/x-charts/BarChart').BarChart;
  LineChart: typeof import('@mui/x-charts/LineChart').LineChart;
}
let chartsModule: Promise<ChartsModule> | undefined;
const loadCharts = () =>
  (chartsModule ??= Promise.all([
    import(/* webpackChunkName: "charts" */ '@mui/x-charts/BarChart'),
    import(/* webpackChunkName: "charts" */ '@mui/x-charts/LineChart'),
  ]).then(([bar, line]) => ({ BarChart: bar.BarChart, LineChart: line.LineChart })));

/** The drawings' queue: each waits for the one before to have committed. */
let turns: Promise<void> = Promise.resolve();

/**
 * The charts module once it is in and this drawing's turn has come. The drawings are drawn one per
 * task, each after the one before has committed: drawn together they were one task of 65 ms on
 * this machine's CPU, four times that on Lighthouse's phone.
 */
function useDrawingTurn(wanted: boolean): ChartsModule | undefined {
  const [charts, setCharts] = useState<ChartsModule>();
  const [failure, setFailure] = useState<unknown>();
  const done = useRef<() => void>(undefined);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const previous = turns;
    turns = previous.then(() => finished);
    previous.then(loadCharts).then(
      (loaded) =>
        setTimeout(() => {
          if (!live) return finish();
          done.current = finish;
          startTransition(() => setCharts(loaded));
        }, 0),
      (error: unknown) => {
        finish();
        if (live) setFailure(() => error);
      },
    );
    return () => {
      live = false;
      finish();
    };
  }, [wanted]);
  useEffect(() => {
    if (charts) done.current?.();
  }, [charts]);
  if (failure) throw failure; // the page's error boundary, as a failed lazy chunk
  return charts;
}

/**
 * Whether the element has come near the viewport (within 200 px of it), and at once where the
 * browser cannot tell. A chart below the fold of a phone is drawn when the user scrolls towards it,
 * not during the page's load: each drawing is a task of 100-250 ms at a phone's CPU.
 */
function useNearViewport(element: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !element.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element.current);
    return () => observer.disconnect();
  }, [element, near]);
  return near;
}

/** A chart's drawing once it is near the viewport, the charts are in and its turn has come; its space meanwhile. */
function Drawing({ children }: { children: (charts: ChartsModule) => ReactNode }) {
  const space = useRef<HTMLDivElement>(null);
  const charts = useDrawingTurn(useNearViewport(space));
  return charts ? children(charts) : <Box ref={space} data-drawing="pending" sx={{ height: HEIGHT }} />;
}

/** Axis options shared by the charts: mirrored in RTL, figures in the UI language's digits. */
function useAxes() {
  const locale = useAppSelector(selectLocale);
  const rtl = useTheme().direction === 'rtl';
  const n = (v: number | null) => (v === null ? '' : formatNumber(v, locale));
  return {
    locale,
    n,
    x: { reverse: rtl, height: 40 },
    y: { position: rtl ? ('right' as const) : ('left' as const), valueFormatter: (v: number) => n(v), tickMinStep: 1 },
  };
}

function ChartCard({ id, titleId, action, children }: { id: string; titleId: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }} data-testid={`dashboard-chart-${id}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="subtitle1" component="h2">
          <FormattedMessage id={titleId} />
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

/** Ticks a week apart, ending with today (the last day). */
const weekly = (days: number) => (_value: unknown, index: number) => (days - 1 - index) % 7 === 0;

export function RegistrationsChart({ perDay }: { perDay: DashboardStats['devices']['perDay'] }) {
  const intl = useIntl();
  const { locale, n, x, y } = useAxes();
  // Each day is a date of Iran's calendar (YYYY-MM-DD): read and printed at noon UTC, it stays that day.
  const label = (day: string) => formatDate(`${day}T12:00:00Z`, locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return (
    <ChartCard id="registrations" titleId="dashboard.chart.registrations">
      <Drawing>
        {({ LineChart }) => (
          <LineChart
            height={HEIGHT}
            skipAnimation
            hideLegend
            xAxis={[{ ...x, scaleType: 'point', data: perDay.map((d) => d.day), valueFormatter: label, tickInterval: weekly(perDay.length) }]}
            yAxis={[y]}
            series={[
              {
                data: perDay.map((d) => d.count),
                label: intl.formatMessage({ id: 'dashboard.chart.registered' }),
                valueFormatter: n,
                area: true,
                showMark: false,
                color: '#1976d2',
              },
            ]}
          />
        )}
      </Drawing>
    </ChartCard>
  );
}

export function OperatorsChart({ byOperator }: { byOperator: DashboardStats['profiles']['byOperator'] }) {
  const intl = useIntl();
  const { n, x, y } = useAxes();
  return (
    <ChartCard id="operators" titleId="dashboard.chart.operators">
      <Drawing>
        {({ BarChart }) => (
          <BarChart
            height={HEIGHT}
            skipAnimation
            hideLegend
            xAxis={[{ ...x, scaleType: 'band', data: byOperator.map((o) => intl.formatMessage({ id: `dashboard.operator.${o.key}` })) }]}
            yAxis={[y]}
            series={[
              { data: byOperator.map((o) => o.count), label: intl.formatMessage({ id: 'dashboard.chart.profiles' }), valueFormatter: n, color: '#00897b' },
            ]}
          />
        )}
      </Drawing>
    </ChartCard>
  );
}

export function VersionsChart({ byVersion }: { byVersion: DashboardStats['devices']['byVersion'] }) {
  const intl = useIntl();
  const theme = useTheme();
  const { n, x, y } = useAxes();
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const app = byVersion.find((a) => a.appId === chosen) ?? byVersion[0];
  // Oldest version first, so the bars read old to new in the reading direction.
  const versions = [...(app?.versions ?? [])].reverse();
  const picker = byVersion.length > 1 && (
    <TextField
      select
      size="small"
      label={intl.formatMessage({ id: 'dashboard.chart.app' })}
      value={app?.appId ?? ''}
      onChange={(e) => setChosen(Number(e.target.value))}
      sx={{ minWidth: 180 }}
    >
      {byVersion.map((a) => (
        <MenuItem key={a.appId} value={a.appId}>
          <bdi>{a.appName}</bdi>
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <ChartCard id="versions" titleId="dashboard.chart.versions" action={picker}>
      {app ? (
        <>
          <Drawing>
            {({ BarChart }) => (
              <BarChart
                height={HEIGHT}
                skipAnimation
                xAxis={[
                  {
                    ...x,
                    scaleType: 'band',
                    data: versions.map((v) => (v.appVersion === null ? intl.formatMessage({ id: 'dashboard.chart.noVersion' }) : n(v.appVersion))),
                  },
                ]}
                yAxis={[y]}
                series={[
                  {
                    stack: 'v',
                    data: versions.map((v) => (v.blocked ? null : v.devices)),
                    label: intl.formatMessage({ id: 'dashboard.chart.active' }),
                    valueFormatter: n,
                    color: theme.palette.primary.main,
                  },
                  {
                    stack: 'v',
                    data: versions.map((v) => (v.blocked ? v.devices : null)),
                    label: intl.formatMessage({ id: 'dashboard.chart.blocked' }),
                    valueFormatter: n,
                    color: theme.palette.error.main,
                  },
                ]}
              />
            )}
          </Drawing>
          <Link component={RouterLink} to={hrefs.appDevices(app.appId)} variant="body2">
            <FormattedMessage id="dashboard.chart.appDevices" values={{ app: app.appName }} />
          </Link>
        </>
      ) : (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          <FormattedMessage id="dashboard.chart.noDevices" />
        </Typography>
      )}
    </ChartCard>
  );
}
