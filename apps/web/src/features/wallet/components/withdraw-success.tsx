import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DoneIcon from '@mui/icons-material/CheckCircle';
import FailIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { useTransaction } from '../api/get-transaction';
import { txUrl } from '../lib/explorer';
import { isSettled } from '../lib/transactions';
import { useFormat } from '../../../lib/use-format';
import { MaskedValue } from './masked-value';
import { StatusChip, TRANSACTION_TONE } from '../../../components/status-chip';

/** What happened to the withdrawal just sent, live until it settles. */
export function WithdrawSuccess({
  id,
  explorerUrl,
  onAgain,
}: {
  id: number;
  explorerUrl: string | null;
  onAgain: () => void;
}) {
  const { t } = useTranslation('wallet');
  const f = useFormat();
  const { data: tx } = useTransaction(id);
  // A first withdrawal to an address waits for its time or its mailed link, not for confirmations.
  const held = Boolean(tx?.heldUntil && tx.status === 'REQUESTED');

  return (
    <Stack
      spacing={2}
      sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}
      data-testid="withdraw-success"
      role="status"
    >
      {tx?.status === 'FAIL' ? (
        <FailIcon color="error" sx={{ fontSize: 56 }} />
      ) : (
        <DoneIcon color="success" sx={{ fontSize: 56 }} />
      )}
      <Typography variant="h6" component="p" data-testid="withdraw-title">
        {tx?.status === 'CONFIRMED'
          ? t('withdraw.doneTitle')
          : tx?.status === 'FAIL'
            ? t('withdraw.failedTitle')
            : t('withdraw.successTitle')}
      </Typography>
      {tx ? (
        <>
          <Typography color="textSecondary">
            {t('withdraw.successText', { amount: f.amount(tx.amount, tx.currency) })}
          </Typography>
          {tx.counterparty && (
            <Box data-testid="withdraw-to">
              <MaskedValue value={tx.counterparty} copyLabel={t('copyAddress')} />
            </Box>
          )}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', justifyContent: 'center' }}>
            <StatusChip
              status={tx.status}
              tones={TRANSACTION_TONE}
              variant="outlined"
              label={t(`status.${tx.status}`)}
              testId="tx-status"
            />
            {!isSettled(tx.status) && !held && (
              <Typography variant="body2" color="textSecondary">
                {t('confirmations', { count: tx.requiredConfirmations, done: tx.confirmations })}
              </Typography>
            )}
          </Stack>
          {held && (
            <Alert severity="info" data-testid="withdraw-held" sx={{ textAlign: 'left' }}>
              {t('withdraw.held', { until: f.dateTime(tx.heldUntil!) })}
            </Alert>
          )}
          {tx.status === 'FAIL' && (
            <Typography variant="body2" color="textSecondary">
              {t('withdraw.failedText')}
            </Typography>
          )}
          {tx.txHash && (
            <Typography
              variant="body2"
              component="div"
              color="textSecondary"
              sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
            >
              {t('history.hash')}{' '}
              <MaskedValue value={tx.txHash} href={txUrl(explorerUrl, tx.txHash)} copyLabel={t('copyHash')} />
            </Typography>
          )}
        </>
      ) : (
        <CircularProgress size={24} />
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ pt: 1, width: { xs: '100%', sm: 'auto' } }}>
        <Button variant="contained" onClick={onAgain}>
          {t('withdraw.again')}
        </Button>
        <Button variant="outlined" href="#history">
          {t('withdraw.toHistory')}
        </Button>
      </Stack>
    </Stack>
  );
}
