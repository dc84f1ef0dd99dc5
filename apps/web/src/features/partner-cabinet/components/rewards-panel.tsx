import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import PayoutIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import {
  CPA_CONVERSION_STATUSES,
  type CpaConversion,
  type CpaConversionStatus,
  type CpaPayout,
} from '@app/shared/schemas/cpa-programme';
import { StatusChip } from '../../../components/status-chip';
import { RouterLink } from '../../../components/router-link';
import { toUnits } from '../../../lib/amounts';
import { translateError } from '../../../lib/i18n';
import { useFormat } from '../../../lib/use-format';
import { useRewards } from '../api/get-rewards';
import { useRequestPayout } from '../api/request-payout';
import { CONVERSION_TONE, PAYOUT_TONE } from '../lib/tones';
import { Figure } from './figure';

const PAGE_SIZE = 20;
type Filter = CpaConversionStatus | 'all';

function ConversionRow({ conversion }: { conversion: CpaConversion }) {
  const { t } = useTranslation('cpa');
  const format = useFormat();
  return (
    <Box
      sx={{ px: 2, py: 1.5 }}
      data-testid="reward-row"
      data-status={conversion.status}
      data-action={conversion.action}
    >
      <Stack direction="row" sx={{ gap: 1.5, alignItems: 'flex-start' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>{t(`actions.${conversion.action}`)}</Typography>
          <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
            {conversion.linkName}
            {conversion.uid && (
              <>
                {' · '}
                {t('rewards.clickId')}{' '}
                <Box component="span" sx={{ fontFamily: 'monospace' }} data-testid="reward-uid">
                  {conversion.uid}
                </Box>
              </>
            )}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {format.dateTime(conversion.createdAt)}
            {conversion.status === 'pending' &&
              ` · ${t('rewards.holdUntil', { time: format.dateTime(conversion.holdUntil) })}`}
          </Typography>
          {conversion.status === 'rejected' && conversion.reason && (
            <Typography variant="body2" color="error" data-testid="reward-reason">
              {t(`reasons.${conversion.reason}`)}
            </Typography>
          )}
        </Box>
        <Stack spacing={0.75} sx={{ alignItems: 'flex-end', flexShrink: 0 }}>
          <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} data-testid="reward-payout">
            {format.amount(conversion.payout, 'USDT')}
          </Typography>
          <StatusChip
            status={conversion.status}
            tones={CONVERSION_TONE}
            label={t(`statuses.${conversion.status}`)}
            testId="reward-status"
          />
        </Stack>
      </Stack>
    </Box>
  );
}

function PayoutRow({ payout }: { payout: CpaPayout }) {
  const { t } = useTranslation('cpa');
  const format = useFormat();
  return (
    <Stack direction="row" sx={{ px: 2, py: 1.5, gap: 2, alignItems: 'center' }} data-testid="payout-row">
      <Box sx={{ flexGrow: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{format.amount(payout.amount, 'USDT')}</Typography>
        <Typography variant="body2" color="textSecondary">
          {t('rewards.payoutCount', { count: payout.count })} · {format.dateTime(payout.createdAt)}
        </Typography>
      </Box>
      <StatusChip
        status={payout.status}
        tones={PAYOUT_TONE}
        label={t(`payoutStatuses.${payout.status}`)}
        testId="payout-status"
      />
    </Stack>
  );
}

/** Rewards: the sums by status, the payout request, the conversions (filtered, paged) and the payouts. */
export function RewardsPanel() {
  const { t } = useTranslation('cpa');
  const format = useFormat();
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const rewards = useRewards({
    offset: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
    ...(filter !== 'all' && { status: filter }),
  });
  const payout = useRequestPayout();
  const [paid, setPaid] = useState<CpaPayout | null>(null);
  const sums = rewards.data?.sums;
  const canRequest = Boolean(sums && toUnits(sums.approved) > 0n);
  const pages = Math.max(1, Math.ceil((rewards.data?.total ?? 0) / PAGE_SIZE));

  return (
    <Stack spacing={3} sx={{ py: 3 }} data-testid="cpa-rewards">
      <Box>
        <Typography variant="h5" component="h2">
          {t('rewards.title')}
        </Typography>
        <Typography color="textSecondary" sx={{ maxWidth: 720 }}>
          {t('rewards.lead')}
        </Typography>
      </Box>

      {rewards.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => rewards.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {translateError(t, rewards.error)}
        </Alert>
      )}

      <Paper variant="outlined" sx={{ p: 2.5 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2.5, alignItems: { md: 'center' } }}>
          <Stack direction="row" sx={{ gap: 3, flexWrap: 'wrap', flexGrow: 1 }} data-testid="reward-sums">
            {(['pending', 'approved', 'paid', 'rejected'] as const).map((status) => (
              <Figure
                key={status}
                label={t(`statuses.${status}`)}
                value={sums ? format.amount(sums[status], 'USDT') : '—'}
                testId={`sum-${status}`}
                minWidth={110}
              />
            ))}
          </Stack>
          <Box>
            <Button
              variant="contained"
              startIcon={<PayoutIcon />}
              disabled={!canRequest || payout.isPending}
              onClick={() => payout.mutate(undefined, { onSuccess: (result) => setPaid(result) })}
              data-testid="request-payout"
            >
              {t('rewards.requestPayout')}
            </Button>
          </Box>
        </Stack>
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1.5 }}>
          {t('rewards.payoutHint')}
        </Typography>
        {payout.isError && (
          <Alert severity="error" sx={{ mt: 1.5 }}>
            {translateError(t, payout.error)}
          </Alert>
        )}
      </Paper>

      <Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, mb: 1.5, alignItems: { sm: 'center' } }}>
          <Typography variant="h6" component="h3" sx={{ flexGrow: 1 }}>
            {t('rewards.conversions')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={filter}
            onChange={(_, next: Filter | null) => {
              if (!next) return;
              setFilter(next);
              setPage(1);
            }}
            aria-label={t('rewards.filter')}
            sx={{ flexWrap: 'wrap' }}
            data-testid="reward-filter"
          >
            {(['all', ...CPA_CONVERSION_STATUSES] as const).map((status) => (
              <ToggleButton key={status} value={status} data-testid={`filter-${status}`} sx={{ px: 1.25 }}>
                {status === 'all' ? t('rewards.all') : t(`statuses.${status}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>
        <Paper variant="outlined">
          {rewards.isFetching && <LinearProgress sx={{ height: 2 }} />}
          {rewards.data?.rewards.length === 0 && (
            <Typography color="textSecondary" sx={{ p: 2 }} data-testid="rewards-empty">
              {filter === 'all' ? t('rewards.empty') : t('rewards.emptyFiltered')}
            </Typography>
          )}
          {rewards.data?.rewards.map((conversion, index) => (
            <Box key={conversion.id}>
              {index > 0 && <Divider />}
              <ConversionRow conversion={conversion} />
            </Box>
          ))}
        </Paper>
        {pages > 1 && (
          <Pagination
            sx={{ mt: 2 }}
            count={pages}
            page={page}
            onChange={(_, next) => setPage(next)}
            aria-label={t('rewards.pages')}
          />
        )}
      </Box>

      <Box>
        <Typography variant="h6" component="h3" sx={{ mb: 1.5 }}>
          {t('rewards.payouts')}
        </Typography>
        <Paper variant="outlined" data-testid="payouts">
          {rewards.data?.payouts.length === 0 && (
            <Typography color="textSecondary" sx={{ p: 2 }}>
              {t('rewards.noPayouts')}
            </Typography>
          )}
          {rewards.data?.payouts.map((row, index) => (
            <Box key={row.id}>
              {index > 0 && <Divider />}
              <PayoutRow payout={row} />
            </Box>
          ))}
        </Paper>
      </Box>

      <Snackbar
        open={Boolean(paid)}
        autoHideDuration={8000}
        onClose={() => setPaid(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity="success"
          variant="filled"
          data-testid="payout-notice"
          action={
            <Button color="inherit" size="small" component={RouterLink} href="/account/market">
              {t('rewards.openWallet')}
            </Button>
          }
        >
          {paid && t('rewards.paidNotice', { amount: format.amount(paid.amount, 'USDT') })}
        </Alert>
      </Snackbar>
    </Stack>
  );
}
