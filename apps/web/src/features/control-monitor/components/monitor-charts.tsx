import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { SALE_LEVELS } from '@app/shared/constants';
import type { MonitorPeriod, MonitorSeries } from '@app/shared/schemas/monitor';
import { useFormat } from '../../../lib/use-format';

/** A bucket's first day as the reader's short date ("14 Mar", "Mar 2026"), read in UTC. */
function bucketLabel(locale: string, period: MonitorPeriod) {
  const format = new Intl.DateTimeFormat(
    locale,
    period === 'month'
      ? { month: 'short', year: 'numeric', timeZone: 'UTC' }
      : { day: 'numeric', month: 'short', timeZone: 'UTC' },
  );
  return (start: string) => format.format(new Date(`${start}T00:00:00Z`));
}

function ChartCard({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Registrations, sales by level, deposits and withdrawals, meetings and mints over the period's buckets. */
export function MonitorCharts({ series }: { series: MonitorSeries }) {
  const { t } = useTranslation('operations');
  const theme = useTheme();
  const format = useFormat();
  const { buckets, period } = series;
  const label = bucketLabel(format.locale, period);
  const band = [{ scaleType: 'band' as const, data: buckets.map((b) => b.start), valueFormatter: label }];
  const point = [{ scaleType: 'point' as const, data: buckets.map((b) => b.start), valueFormatter: label }];
  // Counts are whole, and an empty period still shows a 0 to 1 scale rather than fractions of nothing.
  const whole = [
    {
      tickMinStep: 1,
      width: 40,
      domainLimit: (_min: { valueOf(): number }, max: { valueOf(): number }) => ({
        min: 0,
        max: Math.max(max.valueOf(), 1),
      }),
    },
  ];
  const money = (value: number | null) => (value === null ? '' : format.amount(value, 'USDT'));
  const levelColors = ['#b8c2cc', '#f5c542', '#8fd3ff'];
  const height = 240;
  const margin = { left: 0, right: 8 };

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <ChartCard title={t('monitor.charts.registrations')} testId="chart-registrations">
        <BarChart
          height={height}
          xAxis={band}
          yAxis={whole}
          series={[
            {
              data: buckets.map((b) => b.registrations),
              label: t('monitor.charts.registrations'),
              color: theme.palette.primary.main,
            },
          ]}
          margin={margin}
          hideLegend
        />
      </ChartCard>
      <ChartCard title={t('monitor.charts.sales')} testId="chart-sales">
        <BarChart
          height={height}
          xAxis={band}
          yAxis={whole}
          series={SALE_LEVELS.map((level, index) => ({
            data: buckets.map((b) => b.sales[index] ?? 0),
            label: t(`common:levels.${level}`),
            stack: 'sales',
            color: levelColors[index],
          }))}
          margin={margin}
        />
      </ChartCard>
      <ChartCard title={t('monitor.charts.money')} testId="chart-money">
        <LineChart
          height={height}
          xAxis={point}
          yAxis={[{ width: 56 }]}
          series={[
            {
              data: buckets.map((b) => Number(b.deposits)),
              label: t('monitor.charts.deposits'),
              color: theme.palette.success.main,
              valueFormatter: money,
              showMark: false,
              curve: 'linear',
            },
            {
              data: buckets.map((b) => Number(b.withdrawals)),
              label: t('monitor.charts.withdrawals'),
              color: theme.palette.warning.main,
              valueFormatter: money,
              showMark: false,
              curve: 'linear',
            },
          ]}
          margin={margin}
        />
      </ChartCard>
      <ChartCard title={t('monitor.charts.activity')} testId="chart-activity">
        <BarChart
          height={height}
          xAxis={band}
          yAxis={whole}
          series={[
            {
              data: buckets.map((b) => b.meetings),
              label: t('monitor.charts.meetings'),
              color: theme.palette.info.main,
            },
            {
              data: buckets.map((b) => b.mints),
              label: t('monitor.charts.mints'),
              color: theme.palette.secondary.main,
            },
          ]}
          margin={margin}
        />
      </ChartCard>
    </Box>
  );
}
