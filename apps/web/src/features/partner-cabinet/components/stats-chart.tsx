import { useTranslation } from 'react-i18next';
import { useTheme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { CpaStats } from '@app/shared/schemas/cpa-programme';
import { useFormat } from '../../../lib/use-format';

/** A day ("2025-03-14") as the reader's short date ("14 Mar"), read as a calendar day in UTC. */
function dayLabel(locale: string) {
  const format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return (day: string) => format.format(new Date(`${day}T00:00:00Z`));
}

/** The period by day: visits and registrations as bars, value and income as lines. */
export function StatsChart({ days }: { days: CpaStats['days'] }) {
  const { t } = useTranslation('cpa');
  const theme = useTheme();
  const format = useFormat();
  const label = dayLabel(format.locale);
  const xAxis = [{ scaleType: 'band' as const, data: days.map((d) => d.day), valueFormatter: label }];
  const pointAxis = [{ scaleType: 'point' as const, data: days.map((d) => d.day), valueFormatter: label }];
  const money = (value: number | null) => (value === null ? '' : format.amount(value, 'USDT'));

  return (
    <Stack spacing={3} data-testid="stats-chart">
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('stats.trafficChart')}
        </Typography>
        <BarChart
          height={260}
          xAxis={xAxis}
          yAxis={[{ tickMinStep: 1, width: 40 }]}
          series={[
            { data: days.map((d) => d.hits), label: t('card.hits'), color: theme.palette.primary.main },
            { data: days.map((d) => d.regs), label: t('card.regs'), color: theme.palette.success.main },
          ]}
          margin={{ left: 0, right: 8 }}
        />
      </Box>
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('stats.moneyChart')}
        </Typography>
        <LineChart
          height={260}
          xAxis={pointAxis}
          yAxis={[{ width: 56 }]}
          series={[
            {
              data: days.map((d) => Number(d.value)),
              label: t('card.value'),
              color: theme.palette.info.main,
              valueFormatter: money,
              showMark: days.length <= 31,
              curve: 'linear',
            },
            {
              data: days.map((d) => Number(d.profit)),
              label: t('card.profit'),
              color: theme.palette.warning.main,
              valueFormatter: money,
              showMark: days.length <= 31,
              curve: 'linear',
            },
          ]}
          margin={{ left: 0, right: 8 }}
        />
      </Box>
    </Stack>
  );
}
