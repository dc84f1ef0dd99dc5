import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { REFERRAL_PERIODS, REFERRAL_REWARD_SOURCES, type ReferralPeriod } from '@app/shared/schemas/referral';
import { useFormat } from '../../../lib/use-format';
import { useReferralStats } from '../api/get-stats';
import { IncomeChart } from './income-chart';
import { ShareCard } from './share-card';
import { StatFigure } from './stat-figure';

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) {
  return (
    <Card variant="outlined" data-testid={testId} sx={{ flex: 1, minWidth: 0 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * The referral screen's Main tab (SPEC.md section 2): the link and promo code, income (total, this
 * month as EEE per month, pending, available), the people, and the period's income by source,
 * traffic, chart and top referrals. The period switches every figure that belongs to a period.
 */
export function MainTab() {
  const { t } = useTranslation('referral');
  const format = useFormat();
  const [period, setPeriod] = useState<ReferralPeriod>('7d');
  const stats = useReferralStats(period);
  const eee = (value: string) => format.amount(value, 'EEE');

  if (stats.isError) return <Alert severity="error">{t('loadFailed')}</Alert>;
  if (!stats.data) return <LinearProgress sx={{ mt: 3 }} aria-label={t('loading')} />;
  const s = stats.data;

  return (
    <Stack spacing={3} sx={{ mt: 3 }} data-testid="referral-main" data-period={s.period}>
      <ShareCard promocode={s.promocode} />

      <Section title={t('income.title')} testId="referral-income">
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 3 }}>
          <StatFigure label={t('income.total')} value={eee(s.incomeTotal)} testId="referral-income-total" />
          <StatFigure
            label={t('income.month')}
            value={t('income.perMonth', { amount: eee(s.incomeMonth) })}
            testId="referral-income-month"
          />
          <StatFigure
            label={t('income.pending')}
            value={eee(s.pending)}
            testId="referral-pending"
            hint={t('income.pendingHint')}
          />
          <StatFigure label={t('income.available')} value={eee(s.available)} testId="referral-available" />
          <StatFigure label={t('people.active')} value={format.number(s.activeReferrals)} testId="referral-active" />
          <StatFigure
            label={t('people.attracted')}
            value={format.number(s.totalAttracted)}
            testId="referral-attracted"
          />
        </Stack>
      </Section>

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography id="referral-period-label" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('period.label')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={period}
          onChange={(_, next: ReferralPeriod | null) => next && setPeriod(next)}
          aria-labelledby="referral-period-label"
        >
          {REFERRAL_PERIODS.map((p) => (
            <ToggleButton key={p} value={p} data-testid={`referral-period-${p}`}>
              {t(`period.${p}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
        <Section title={t('bySource.title')} testId="referral-by-source">
          <Stack spacing={2}>
            <StatFigure label={t('bySource.income')} value={eee(s.income)} testId="referral-period-income" />
            {REFERRAL_REWARD_SOURCES.map((source) => (
              <StatFigure
                key={source}
                label={t(`source.${source}`)}
                value={eee(s.bySource[source])}
                testId={`referral-source-${source}`}
              />
            ))}
          </Stack>
        </Section>
        <Section title={t('traffic.title')} testId="referral-traffic">
          <Stack spacing={2}>
            <StatFigure label={t('traffic.hits')} value={format.number(s.hits)} testId="referral-hits" />
            <StatFigure
              label={t('traffic.registrations')}
              value={format.number(s.registrations)}
              testId="referral-registrations"
            />
            <StatFigure
              label={t('traffic.conversion')}
              value={`${format.number(s.conversion)} %`}
              testId="referral-conversion"
            />
          </Stack>
        </Section>
        <Section title={t('top.title')} testId="referral-top">
          {s.top.length === 0 ? (
            <Typography color="textSecondary">{t('top.empty')}</Typography>
          ) : (
            <List dense disablePadding>
              {s.top.map((row, i) => (
                <ListItem key={`${row.name}-${i}`} disableGutters>
                  <ListItemText primary={`${i + 1}. ${row.name}`} secondary={eee(row.income)} />
                </ListItem>
              ))}
            </List>
          )}
        </Section>
      </Stack>

      <Section title={t('chart.title')} testId="referral-chart-card">
        <IncomeChart daily={s.daily} />
      </Section>
    </Stack>
  );
}
