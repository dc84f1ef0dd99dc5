import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ScienceIcon from '@mui/icons-material/ScienceOutlined';
import { translateError } from '../../../lib/i18n';
import { ApiError } from '../../../lib/api-client';
import { FAUCET_AMOUNT_USDT, useRequestFaucet } from '../api/request-faucet';
import { useFormat } from '../../../lib/use-format';

/** Development chain only: sends test USDT on chain to the deposit address. */
export function FaucetButton() {
  const { t } = useTranslation('wallet');
  const f = useFormat();
  const faucet = useRequestFaucet();
  const [sent, setSent] = useState(false);

  const request = async () => {
    setSent(false);
    try {
      await faucet.mutateAsync(FAUCET_AMOUNT_USDT);
      setSent(true);
    } catch {
      // shown below
    }
  };

  return (
    <Stack
      spacing={1}
      sx={{ p: 2, borderRadius: 2, border: 1, borderStyle: 'dashed', borderColor: 'divider' }}
      data-testid="faucet"
    >
      <Button
        variant="outlined"
        startIcon={<ScienceIcon />}
        onClick={request}
        loading={faucet.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('faucet.button')}
      </Button>
      {sent ? (
        <Alert severity="success" data-testid="faucet-sent">
          {t('faucet.sent', { amount: f.number(FAUCET_AMOUNT_USDT) })}
        </Alert>
      ) : faucet.error ? (
        <Alert severity="error">{translateError(t, faucet.error instanceof ApiError ? faucet.error : {})}</Alert>
      ) : (
        <Alert severity="info" variant="outlined" sx={{ border: 0, p: 0 }}>
          {t('faucet.hint', { amount: f.number(FAUCET_AMOUNT_USDT) })}
        </Alert>
      )}
    </Stack>
  );
}
