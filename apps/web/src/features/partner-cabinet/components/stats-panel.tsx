import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { CPA_PERIODS, type CpaPeriod } from '@app/shared/schemas/cpa-programme';
import { translateError } from '../../../lib/i18n';
import { useFormat } from '../../../lib/use-format';
import { useNow } from '../../../lib/use-now';
import { useDownloadStatsCsv } from '../api/download-stats-csv';
import { useLinks } from '../api/get-links';
import { useStats } from '../api/get-stats';
import { fillDays } from '../lib/fill-days';
import { Figure } from './figure';

// The charts library is the heaviest part of the cabinet: it loads with this tab only.
const StatsChart = lazy(() => import('./stats-chart').then((m) => ({ default: m.StatsChart })));

/** Statistics: the period's totals, a chart by day, the figures per link and a CSV of them. */
export function StatsPanel() {
  const { t } = useTranslation('cpa');
  const format = useFormat();
  const [period, setPeriod] = useState<CpaPeriod>('30d');
  const stats = useStats(period);
  const links = useLinks();
  const download = useDownloadStatsCsv();
  // The day changes at UTC midnight: checking every ten minutes keeps "today" the last bar.
  const now = useNow(10 * 60_000);
  const names = new Map(links.data?.links.map((l) => [l.id, l.name]));
  const totals = stats.data?.totals;
  const conversion =
    totals && totals.hits > 0 ? `${format.number(((totals.regs / totals.hits) * 100).toFixed(1))}%` : '—';

  return (
    <Stack spacing={3} sx={{ py: 3 }} data-testid="cpa-stats">
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' } }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h5" component="h2">
            {t('stats.title')}
          </Typography>
          <Typography color="textSecondary">{t('stats.lead')}</Typography>
        </Box>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={period}
          onChange={(_, next: CpaPeriod | null) => next && setPeriod(next)}
          aria-label={t('stats.period')}
          data-testid="stats-period"
        >
          {CPA_PERIODS.map((p) => (
            <ToggleButton key={p} value={p} data-testid={`period-${p}`} sx={{ px: 1.5 }}>
              {t(`stats.periods.${p}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>

      {stats.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => stats.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {translateError(t, stats.error)}
        </Alert>
      )}

      <Paper variant="outlined" sx={{ p: 2.5 }}>
        {totals ? (
          <Stack direction="row" sx={{ gap: 3, flexWrap: 'wrap' }} data-testid="stats-totals">
            <Figure label={t('card.hits')} value={format.number(totals.hits)} testId="stats-hits" />
            <Figure label={t('card.regs')} value={format.number(totals.regs)} testId="stats-regs" />
            <Figure label={t('card.conversion')} value={conversion} testId="stats-conversion" />
            <Figure label={t('card.value')} value={format.amount(totals.value, 'USDT')} testId="stats-value" />
            <Figure label={t('card.profit')} value={format.amount(totals.profit, 'USDT')} testId="stats-profit" />
            <Figure label={t('card.paid')} value={format.amount(totals.paid, 'USDT')} testId="stats-paid" />
          </Stack>
        ) : (
          <Skeleton variant="rounded" height={56} />
        )}
      </Paper>

      <Card variant="outlined">
        <CardContent>
          {stats.data ? (
            <>
              {totals?.hits === 0 && totals.regs === 0 && (
                <Typography color="textSecondary" sx={{ mb: 1 }} data-testid="stats-no-days">
                  {t('stats.noDays')}
                </Typography>
              )}
              <Suspense fallback={<Skeleton variant="rounded" height={560} />}>
                <StatsChart days={fillDays(stats.data.days, stats.data.period, now)} />
              </Suspense>
            </>
          ) : (
            <Skeleton variant="rounded" height={260} />
          )}
        </CardContent>
      </Card>

      <Box>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 2, mb: 1.5, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h3" sx={{ flexGrow: 1 }}>
            {t('stats.byLink')}
          </Typography>
          <Button
            variant="outlined"
            startIcon={download.isPending ? <CircularProgress size={18} /> : <DownloadIcon />}
            disabled={download.isPending}
            onClick={() => download.mutate(period)}
            data-testid="stats-csv"
          >
            {t('stats.csv')}
          </Button>
        </Stack>
        {download.isError && (
          <Alert severity="error" sx={{ mb: 1.5 }}>
            {translateError(t, download.error)}
          </Alert>
        )}
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('stats.byLink')} data-testid="stats-links">
            <TableHead>
              <TableRow>
                <TableCell>{t('stats.link')}</TableCell>
                <TableCell align="right">{t('card.hits')}</TableCell>
                <TableCell align="right">{t('card.regs')}</TableCell>
                <TableCell align="right">{t('card.value')}</TableCell>
                <TableCell align="right">{t('card.profit')}</TableCell>
                <TableCell align="right">{t('card.paid')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {stats.data?.links.map((row) => (
                <TableRow key={row.linkId} data-testid="stats-link-row">
                  <TableCell sx={{ minWidth: 140 }}>
                    {names.get(row.linkId) ?? t('stats.linkId', { id: row.linkId })}
                  </TableCell>
                  <TableCell align="right">{format.number(row.hits)}</TableCell>
                  <TableCell align="right">{format.number(row.regs)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {format.amount(row.value, 'USDT')}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {format.amount(row.profit, 'USDT')}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {format.amount(row.paid, 'USDT')}
                  </TableCell>
                </TableRow>
              ))}
              {stats.data?.links.length === 0 && (
                <TableRow>
                  <TableCell colSpan={6} sx={{ color: 'text.secondary' }}>
                    {t('stats.noLinks')}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </Box>
    </Stack>
  );
}
