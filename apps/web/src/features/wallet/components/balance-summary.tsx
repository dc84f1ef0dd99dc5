import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import type { Wallet } from '@app/shared/schemas/crypto';
import { useFormat } from '../../../lib/use-format';

function Stat({ label, value, hint, testId }: { label: string; value: string; hint: string; testId: string }) {
  return (
    <Stack
      direction={{ xs: 'row', sm: 'column' }}
      sx={{
        px: 2,
        py: { xs: 1.25, sm: 2 },
        borderRadius: 2,
        bgcolor: 'action.hover',
        height: '100%',
        justifyContent: { xs: 'space-between', sm: 'flex-start' },
        alignItems: { xs: 'center', sm: 'stretch' },
        gap: 1,
      }}
    >
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" color="textSecondary">
          {label}
        </Typography>
        <Tooltip title={hint}>
          <InfoIcon sx={{ fontSize: 16, color: 'text.secondary' }} aria-label={hint} />
        </Tooltip>
      </Stack>
      <Typography
        variant="h6"
        component="p"
        sx={{ mt: { sm: 0.5 }, fontSize: { xs: 16, sm: 20 }, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
        data-testid={testId}
      >
        {value}
      </Typography>
    </Stack>
  );
}

/** The total and what it is made of: free money, queued prepayments, withdrawals on their way, gas. */
export function BalanceSummary({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation('wallet');
  const f = useFormat();
  return (
    <Card
      component="section"
      aria-labelledby="balance-title"
      sx={{
        p: { xs: 2.5, md: 3 },
        background: 'linear-gradient(135deg, rgba(47,123,255,0.22) 0%, rgba(47,123,255,0.04) 55%, transparent 100%)',
        border: 1,
        borderColor: 'divider',
      }}
    >
      <Grid container spacing={3} sx={{ alignItems: 'center' }}>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Typography id="balance-title" variant="overline" color="textSecondary" component="h2">
            {t('balance.total')}
          </Typography>
          <Typography
            component="p"
            sx={{ fontSize: { xs: 34, md: 42 }, fontWeight: 700, lineHeight: 1.1, fontVariantNumeric: 'tabular-nums' }}
            data-testid="balance-total"
          >
            {f.number(wallet.balance)}{' '}
            <Box component="span" sx={{ fontSize: '0.5em', fontWeight: 500, color: 'text.secondary', ml: 0.5 }}>
              {wallet.symbol || 'USDT'}
            </Box>
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
            {t('balance.network', { blockchain: wallet.blockchain, network: wallet.network })}
          </Typography>
        </Grid>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Grid container spacing={{ xs: 1, sm: 1.5 }}>
            <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
              <Stat
                label={t('balance.withdrawable')}
                hint={t('balance.withdrawableHint')}
                value={f.amount(wallet.withdrawable, 'USDT')}
                testId="balance-withdrawable"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
              <Stat
                label={t('balance.escrow')}
                hint={t('balance.escrowHint')}
                value={f.amount(wallet.escrow, 'USDT')}
                testId="balance-escrow"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
              <Stat
                label={t('balance.pending')}
                hint={t('balance.pendingHint')}
                value={f.amount(wallet.pendingWithdrawals, 'USDT')}
                testId="balance-pending"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
              <Stat
                label={t('balance.gas')}
                hint={t('balance.gasHint')}
                value={f.amount(wallet.nativeBalance, 'BNB')}
                testId="balance-bnb"
              />
            </Grid>
          </Grid>
        </Grid>
      </Grid>
    </Card>
  );
}
