import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/SouthWest';
import type { CryptoInfo, Wallet } from '@app/shared/schemas/crypto';
import { maskValue } from '@app/shared/format/number';
import { DEFAULT_DEPOSIT_CONFIRMATIONS } from '@app/shared/constants';
import { DEV_CHAIN_ID } from '../api/get-crypto-info';
import { useTransactions } from '../api/get-transactions';
import { confirmationProgress, pendingDeposits } from '../lib/transactions';
import { useFormat } from '../../../lib/use-format';
import { publicConfig } from '../../../lib/public-config';
import { CopyButton } from '../../../components/copy-button';
import { IconBadge } from '../../../components/icon-badge';
import { FaucetButton } from './faucet-button';
import { QrCode } from '../../../components/qr-code';

const RECENT_DEPOSITS = { offset: 0, limit: 5, type: 'INPUT' } as const;

/** Incoming deposits that still count their confirmations. */
function IncomingDeposits() {
  const { t } = useTranslation('wallet');
  const f = useFormat();
  const { data } = useTransactions(RECENT_DEPOSITS);
  const incoming = pendingDeposits(data?.items ?? []);
  if (!incoming.length) return null;
  return (
    <Stack spacing={1.5} data-testid="incoming-deposits">
      <Typography variant="subtitle2" component="h3">
        {t('deposit.incoming')}
      </Typography>
      {incoming.map((tx) => (
        <Box key={tx.id} data-testid="incoming-deposit">
          <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              +{f.amount(tx.amount, tx.currency)}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {t('confirmations', { count: tx.requiredConfirmations, done: tx.confirmations })}
            </Typography>
          </Stack>
          <LinearProgress variant="determinate" value={confirmationProgress(tx)} aria-label={t('deposit.incoming')} />
        </Box>
      ))}
    </Stack>
  );
}

/** The deposit address with its QR code, a copy button and the one-network warning. */
export function DepositCard({ wallet, info }: { wallet: Wallet; info: CryptoInfo | undefined }) {
  const { t } = useTranslation('wallet');
  const [full, setFull] = useState(false);
  const confirmations = info?.confirmations ?? DEFAULT_DEPOSIT_CONFIRMATIONS;

  return (
    <Card id="deposit" component="section" aria-labelledby="deposit-title" sx={{ height: '100%', scrollMarginTop: 80 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          <IconBadge tone="success">
            <DownloadIcon fontSize="small" />
          </IconBadge>
          <Box>
            <Typography id="deposit-title" variant="h6" component="h2">
              {t('deposit.title')}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {t('deposit.subtitle')}
            </Typography>
          </Box>
        </Stack>

        <Stack
          direction={{ xs: 'column', sm: 'row', md: 'column', lg: 'row' }}
          spacing={2.5}
          sx={{ alignItems: { xs: 'center', sm: 'flex-start', md: 'center', lg: 'flex-start' } }}
        >
          <QrCode value={wallet.address} label={t('deposit.qr')} testId="deposit-qr" />
          <Stack spacing={1} sx={{ minWidth: 0, width: '100%' }}>
            <Typography variant="body2" color="textSecondary">
              {t('deposit.address')}
            </Typography>
            <Stack
              direction="row"
              sx={{ alignItems: 'center', gap: 0.5, p: 1, pl: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}
            >
              <Typography
                sx={{ fontFamily: 'monospace', fontSize: 15, wordBreak: 'break-all', flexGrow: 1 }}
                data-testid="deposit-address"
                data-address={wallet.address}
              >
                {full ? wallet.address : maskValue(wallet.address)}
              </Typography>
              <CopyButton value={wallet.address} label={t('deposit.copy')} size="medium" />
            </Stack>
            <Button
              size="small"
              onClick={() => setFull((v) => !v)}
              sx={{ alignSelf: 'flex-start' }}
              aria-pressed={full}
            >
              {full ? t('deposit.hideFull') : t('deposit.showFull')}
            </Button>
          </Stack>
        </Stack>

        <Alert severity="warning" sx={{ mt: 2.5 }} data-testid="network-warning">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('deposit.warningTitle')}
          </Typography>
          {t('deposit.warning', { network: wallet.network || 'BEP-20' })}
        </Alert>
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1.5 }} data-testid="deposit-confirmations">
          {t('deposit.confirmations', { count: confirmations })}
        </Typography>

        <Stack spacing={2} sx={{ mt: 2.5 }}>
          <IncomingDeposits />
          {info?.chainId === DEV_CHAIN_ID && publicConfig().appEnv !== 'production' && <FaucetButton />}
        </Stack>
      </CardContent>
    </Card>
  );
}
