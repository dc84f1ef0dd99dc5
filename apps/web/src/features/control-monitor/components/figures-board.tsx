import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { MonitorFigures } from '@app/shared/schemas/monitor';
import { RouterLink } from '../../../components/router-link';
import { formatElapsed } from '../../../lib/elapsed';
import { useFormat } from '../../../lib/use-format';
import { useNow } from '../../../lib/use-now';
import { FigureTile } from './figure-tile';

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="overline" color="textSecondary" component="h2">
        {title}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' },
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

/** The live figures in four groups: now, today, money, and what needs someone's attention. */
export function FiguresBoard({ figures }: { figures: MonitorFigures }) {
  const { t } = useTranslation('operations');
  const format = useFormat();
  const now = useNow(30_000);
  const n = (value: number) => format.number(value);
  const usdt = (value: string) => format.amount(value, 'USDT');
  const open = (
    <Button component={RouterLink} href="/control/jobs" size="small" sx={{ px: 0 }}>
      {t('monitor.figures.open')}
    </Button>
  );
  const oldest = figures.kyc.oldestSubmittedAt;

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Group title={t('monitor.groups.now')}>
        <FigureTile label={t('monitor.figures.online')} value={n(figures.online)} testId="figure-online" />
        <FigureTile label={t('monitor.figures.raisedHands')} value={n(figures.raisedHands)} testId="figure-hands" />
        <FigureTile
          label={t('monitor.figures.meetingsInProgress')}
          value={n(figures.meetingsInProgress)}
          testId="figure-meetings"
        />
      </Group>
      <Group title={t('monitor.groups.today')}>
        <FigureTile
          label={t('monitor.figures.registrationsToday')}
          value={n(figures.registrationsToday)}
          testId="figure-registrations"
        />
        <FigureTile
          label={t('monitor.figures.salesToday')}
          value={n(figures.salesToday)}
          detail={t('monitor.figures.revenue', { amount: usdt(figures.revenueToday) })}
          testId="figure-sales"
        />
        <FigureTile label={t('monitor.figures.mintsToday')} value={n(figures.mintsToday)} testId="figure-mints" />
        <FigureTile
          label={t('monitor.figures.kycQueue')}
          value={n(figures.kyc.queue)}
          detail={
            oldest
              ? t('monitor.figures.oldestWait', { wait: formatElapsed(t, now - Date.parse(oldest)) })
              : t('monitor.figures.noneWaiting')
          }
          testId="figure-kyc"
        />
      </Group>
      <Group title={t('monitor.groups.money')}>
        <FigureTile
          label={t('monitor.figures.deposits')}
          value={n(figures.deposits.creditedToday)}
          detail={
            <>
              {t('monitor.figures.credited')} ·{' '}
              {t('monitor.figures.amountToday', { amount: usdt(figures.deposits.amountToday) })}
              <br />
              {n(figures.deposits.pending)} {t('monitor.figures.pending')} · {n(figures.deposits.failed)}{' '}
              {t('monitor.figures.failed')}
            </>
          }
          testId="figure-deposits"
        />
        <FigureTile
          label={t('monitor.figures.withdrawals')}
          value={n(figures.withdrawals.sentToday)}
          detail={
            <>
              {t('monitor.figures.sent')} ·{' '}
              {t('monitor.figures.amountToday', { amount: usdt(figures.withdrawals.amountToday) })}
              <br />
              {n(figures.withdrawals.pending)} {t('monitor.figures.pending')} · {n(figures.withdrawals.failed)}{' '}
              {t('monitor.figures.failed')}
            </>
          }
          alert={figures.withdrawals.failed > 0}
          testId="figure-withdrawals"
        />
      </Group>
      <Group title={t('monitor.groups.attention')}>
        <FigureTile
          label={t('monitor.figures.failedJobs')}
          value={n(figures.failedJobs)}
          alert={figures.failedJobs > 0}
          action={open}
          testId="figure-failed-jobs"
        />
        <FigureTile
          label={t('monitor.figures.failedPostbacks')}
          value={n(figures.failedPostbacks)}
          alert={figures.failedPostbacks > 0}
          testId="figure-failed-postbacks"
        />
        <FigureTile
          label={t('monitor.figures.differences')}
          value={n(figures.reconciliationDifferences)}
          alert={figures.reconciliationDifferences > 0}
          action={open}
          testId="figure-differences"
        />
      </Group>
    </Box>
  );
}
