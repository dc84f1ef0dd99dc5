import { useTranslation } from 'react-i18next';
import { useTheme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import type { ReferralStats } from '@app/shared/schemas/referral';
import { useFormat } from '../../../lib/use-format';

/** A day ("2025-03-14") as the reader's short date ("14 Mar"), read as a calendar day in UTC. */
function dayLabel(locale: string) {
  const format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return (day: string) => format.format(new Date(`${day}T00:00:00Z`));
}

/** The period by day: income (EEE, left axis) and registrations (right axis) side by side. */
export function IncomeChart({ daily }: { daily: ReferralStats['daily'] }) {
  const { t } = useTranslation('referral');
  const theme = useTheme();
  const format = useFormat();
  return (
    <Box data-testid="referral-chart" sx={{ width: '100%' }}>
      <BarChart
        height={280}
        xAxis={[{ scaleType: 'band', data: daily.map((d) => d.day), valueFormatter: dayLabel(format.locale) }]}
        yAxis={[
          { id: 'money', width: 56, position: 'left' },
          { id: 'people', tickMinStep: 1, width: 36, position: 'right' },
        ]}
        series={[
          {
            yAxisId: 'money',
            data: daily.map((d) => Number(d.income)),
            label: t('chart.income'),
            color: theme.palette.primary.main,
            valueFormatter: (value) => (value === null ? '' : format.amount(value, 'EEE')),
          },
          {
            yAxisId: 'people',
            data: daily.map((d) => d.registrations),
            label: t('chart.registrations'),
            color: theme.palette.success.main,
          },
        ]}
        margin={{ left: 0, right: 0 }}
      />
    </Box>
  );
}
