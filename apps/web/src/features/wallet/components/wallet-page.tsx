import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { scrollToAnchor } from '../../../components/scroll-to-anchor';
import { translateError } from '../../../lib/i18n';
import { ApiError } from '../../../lib/api-client';
import { useCryptoInfo } from '../api/get-crypto-info';
import { useWallet } from '../api/get-wallet';
import { useWalletEvents } from '../lib/use-wallet-events';
import { BalanceSummary } from './balance-summary';
import { DepositCard } from './deposit-card';
import { TokenList } from './token-list';
import { TransactionHistory } from './transaction-history';
import { WithdrawCard } from './withdraw-card';

function WalletSkeleton() {
  return (
    <Stack spacing={3} aria-busy="true">
      <Skeleton variant="rounded" height={150} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Skeleton variant="rounded" height={380} />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Skeleton variant="rounded" height={380} />
        </Grid>
      </Grid>
    </Stack>
  );
}

/** /account/market: balances, deposit, withdrawal, the tokens held and the transaction history. */
export function WalletPage() {
  const { t } = useTranslation('wallet');
  const wallet = useWallet();
  const info = useCryptoInfo();
  const { hash } = useLocation();
  const loaded = Boolean(wallet.data);
  useWalletEvents();

  // Links like /account/market#deposit land on their section once it is there.
  useEffect(() => {
    if (hash && loaded) return scrollToAnchor(decodeURIComponent(hash.slice(1)));
  }, [hash, loaded]);

  return (
    <Box sx={{ py: 3 }} data-testid="wallet">
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 3 }}
      >
        <Typography variant="h4" component="h1">
          {t('title')}
        </Typography>
        {info.data && (
          <Chip
            variant="outlined"
            size="small"
            label={t('chain', { blockchain: info.data.blockchain, network: info.data.network })}
            data-testid="chain-chip"
            data-chain-id={info.data.chainId}
          />
        )}
      </Stack>
      {wallet.isPending ? (
        <WalletSkeleton />
      ) : wallet.isError ? (
        <Alert severity="error" action={<Button onClick={() => wallet.refetch()}>{t('retry')}</Button>}>
          {translateError(t, wallet.error instanceof ApiError ? wallet.error : {})}
        </Alert>
      ) : (
        <Stack spacing={{ xs: 4, md: 5 }}>
          <BalanceSummary wallet={wallet.data} />
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 5 }}>
              <DepositCard wallet={wallet.data} info={info.data} />
            </Grid>
            <Grid size={{ xs: 12, md: 7 }}>
              <WithdrawCard wallet={wallet.data} info={info.data} />
            </Grid>
          </Grid>
          <TokenList nfts={wallet.data.nfts} />
          <TransactionHistory explorerUrl={info.data?.explorerUrl ?? null} />
        </Stack>
      )}
    </Box>
  );
}
