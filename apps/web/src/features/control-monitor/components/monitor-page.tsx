import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { MONITOR_PERIODS, type MonitorPeriod } from '@app/shared/schemas/monitor';
import { translateError } from '../../../lib/i18n';
import { useFormat } from '../../../lib/use-format';
import { useFigures } from '../api/get-figures';
import { useSeries } from '../api/get-series';
import { useMonitorFeed } from '../lib/use-monitor-feed';
import { FiguresBoard } from './figures-board';
import { MonitorCharts } from './monitor-charts';

/** /control/monitor: the live figures (pushed over the socket) and the charts over time. */
export function MonitorPage() {
  const { t } = useTranslation('operations');
  const format = useFormat();
  const live = useMonitorFeed();
  const figures = useFigures(live);
  const [period, setPeriod] = useState<MonitorPeriod>('day');
  const series = useSeries(period);
  const time = figures.data
    ? new Date(figures.data.at).toLocaleTimeString(format.locale, {
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
    : '';

  return (
    <Stack spacing={4} sx={{ py: 3 }} data-testid="control-monitor">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, md: 32 } }}>
            {t('monitor.title')}
          </Typography>
          <Typography color="textSecondary" sx={{ maxWidth: 760 }}>
            {t('monitor.lead')}
          </Typography>
        </Box>
        <Stack spacing={0.5} sx={{ alignItems: { sm: 'flex-end' }, flexShrink: 0 }}>
          <Chip
            size="small"
            color={live ? 'success' : 'warning'}
            variant="outlined"
            label={live ? t('monitor.live') : t('monitor.offline')}
            data-testid="monitor-live"
            data-live={live}
          />
          {time && (
            <Typography variant="caption" color="textSecondary">
              {t('monitor.updated', { time })}
            </Typography>
          )}
        </Stack>
      </Stack>

      {figures.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => figures.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {translateError(t, figures.error)}
        </Alert>
      )}
      {figures.data ? (
        <FiguresBoard figures={figures.data} />
      ) : (
        !figures.isError && <Skeleton variant="rounded" height={420} />
      )}

      <Box component="section" aria-labelledby="monitor-charts-title">
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1.5 }}
        >
          <Typography variant="h5" component="h2" id="monitor-charts-title">
            {t('monitor.charts.title')}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={period}
            onChange={(_event, value: MonitorPeriod | null) => value && setPeriod(value)}
            aria-label={t('monitor.charts.period')}
          >
            {MONITOR_PERIODS.map((p) => (
              <ToggleButton key={p} value={p} data-testid={`monitor-period-${p}`}>
                {t(`monitor.charts.periods.${p}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>
        {series.isError ? (
          <Alert severity="error">{translateError(t, series.error)}</Alert>
        ) : series.data ? (
          <MonitorCharts series={series.data} />
        ) : (
          <Skeleton variant="rounded" height={520} />
        )}
      </Box>
    </Stack>
  );
}
