import { useState, type BaseSyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IconBadge } from '../../../components/icon-badge';
import UploadIcon from '@mui/icons-material/NorthEast';
import {
  MIN_WITHDRAW_USDT,
  withdrawRequestSchema,
  type CryptoInfo,
  type Wallet,
  type WithdrawRequest,
} from '@app/shared/schemas/crypto';
import { MSG } from '@app/shared/validation/messages';
import { FormTextField } from '../../../components/form/form-fields';
import { serverErrorText, useZodForm } from '../../../components/form/form';
import { ApiError } from '../../../lib/api-client';
import { useFee, getFeeQueryOptions } from '../api/get-fee';
import { getWalletQueryOptions } from '../api/get-wallet';
import { useWithdraw } from '../api/withdraw';
import { isBelow } from '../../../lib/amounts';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { useFormat } from '../../../lib/use-format';
import { WithdrawSuccess } from './withdraw-success';
import { StepUpField } from '../../../components/step-up-field';
import { STEP_UP_ERRORS } from '../../../lib/step-up';
import type { StepUpProof } from '@app/shared/schemas/security';

/** The BNB the user has and the fee a transfer needs (from the wallet, or from an INSUFFICIENT_FEE answer). */
interface FeeGap {
  balance: string;
  fee: string;
}

function detailsOf(error: unknown): Record<string, unknown> | undefined {
  return (error as { details?: Record<string, unknown> } | null)?.details;
}

function FeeWarning({ gap }: { gap: FeeGap }) {
  const { t } = useTranslation('wallet');
  const f = useFormat();
  return (
    <Alert severity="warning" data-testid="insufficient-fee">
      <AlertTitle>{t('withdraw.feeWarningTitle')}</AlertTitle>
      {t('withdraw.feeWarning', { balance: f.amount(gap.balance, 'BNB'), fee: f.amount(gap.fee, 'BNB') })}
    </Alert>
  );
}

/** Withdrawal of USDT to an outside address: the shared request schema, the fee in BNB, a success state. */
export function WithdrawCard({ wallet, info }: { wallet: Wallet; info: CryptoInfo | undefined }) {
  const { t } = useTranslation('wallet');
  const f = useFormat();
  const queryClient = useQueryClient();
  const fee = useFee();
  const withdraw = useWithdraw();
  const form = useZodForm(withdrawRequestSchema, { currency: 'USDT', address: '', amount: '' } as WithdrawRequest);
  const idempotency = useIdempotencyKey();
  const [formError, setFormError] = useState<string | null>(null);
  const [answeredGap, setAnsweredGap] = useState<FeeGap | null>(null);
  const [doneId, setDoneId] = useState<number | null>(null);
  const [stepUp, setStepUp] = useState<StepUpProof>({});
  const [stepUpError, setStepUpError] = useState<string | null>(null);

  const feeAmount = fee.data?.fee ?? wallet.transferFee;
  const knownGap: FeeGap | null = isBelow(wallet.nativeBalance, feeAmount)
    ? { balance: wallet.nativeBalance, fee: feeAmount }
    : null;
  const gap = answeredGap ?? knownGap;

  const submit = async (values: WithdrawRequest) => {
    setFormError(null);
    setAnsweredGap(null);
    setStepUpError(null);
    const request: WithdrawRequest = {
      currency: 'USDT',
      address: values.address.trim(),
      amount: values.amount.trim(),
      stepUp,
    };
    if (isBelow(wallet.withdrawable, request.amount)) {
      form.setError('amount', { message: MSG.insufficientFunds });
      return;
    }
    try {
      const tx = await idempotency.send(request, (idempotencyKey) => withdraw.mutateAsync({ request, idempotencyKey }));
      setDoneId(tx.id);
      form.reset();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INSUFFICIENT_FEE') {
        const details = detailsOf(error);
        setAnsweredGap({
          balance: String(details?.balance ?? wallet.nativeBalance),
          fee: String(details?.fee ?? feeAmount),
        });
        void queryClient.invalidateQueries({ queryKey: getWalletQueryOptions().queryKey });
        void queryClient.invalidateQueries({ queryKey: getFeeQueryOptions().queryKey });
        return;
      }
      if (error instanceof ApiError && error.code === 'INSUFFICIENT_FUNDS') {
        form.setError('amount', { message: MSG.insufficientFunds });
        return;
      }
      if (error instanceof ApiError && (STEP_UP_ERRORS as readonly string[]).includes(error.code)) {
        setStepUpError(serverErrorText(t, error, form.setError, []));
        return;
      }
      if (error instanceof ApiError && error.code === 'WITHDRAW_TO_OWN_ADDRESS') {
        form.setError('address', { message: t('withdraw.ownAddress') });
        return;
      }
      setFormError(serverErrorText(t, error, form.setError, ['address', 'amount']));
    }
  };
  // handleSubmit runs in the event, never during render.
  const onSubmit = (event?: BaseSyntheticEvent) => form.handleSubmit(submit)(event);

  return (
    <Card
      id="withdraw"
      component="section"
      aria-labelledby="withdraw-title"
      sx={{ height: '100%', scrollMarginTop: 80 }}
    >
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          <IconBadge>
            <UploadIcon fontSize="small" />
          </IconBadge>
          <Box>
            <Typography id="withdraw-title" variant="h6" component="h2">
              {t('withdraw.title')}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {t('withdraw.subtitle', { network: wallet.network || 'BEP-20' })}
            </Typography>
          </Box>
        </Stack>

        {doneId !== null ? (
          <WithdrawSuccess id={doneId} explorerUrl={info?.explorerUrl ?? null} onAgain={() => setDoneId(null)} />
        ) : (
          <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} aria-label={t('withdraw.title')}>
            {formError && (
              <Alert severity="error" role="alert" data-testid="withdraw-error">
                {formError}
              </Alert>
            )}
            <FormTextField
              control={form.control}
              name="address"
              label={t('withdraw.address')}
              hint={t('withdraw.addressHint', { network: wallet.network || 'BEP-20' })}
              autoComplete="off"
              spellCheck={false}
              slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } } }}
            />
            <FormTextField
              control={form.control}
              name="amount"
              label={t('withdraw.amount')}
              hint={t('withdraw.amountHint', {
                available: f.amount(wallet.withdrawable, 'USDT'),
                min: f.number(MIN_WITHDRAW_USDT),
              })}
              inputMode="decimal"
              autoComplete="off"
              slotProps={{
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <Typography variant="body2" color="textSecondary" sx={{ mr: 1 }}>
                        USDT
                      </Typography>
                      <Button
                        size="small"
                        variant="outlined"
                        onClick={() => form.setValue('amount', wallet.withdrawable, { shouldValidate: true })}
                      >
                        {t('withdraw.max')}
                      </Button>
                    </InputAdornment>
                  ),
                },
              }}
            />

            <Box sx={{ borderRadius: 2, bgcolor: 'action.hover', px: 2, py: 1.5 }}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
                <Typography variant="body2" color="textSecondary">
                  {t('withdraw.fee')}
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: 600, textAlign: 'right' }} data-testid="withdraw-fee">
                  {f.amount(feeAmount, 'BNB')}
                  {fee.data && (
                    <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                      {' '}
                      {t('withdraw.feeUsd', { usd: f.number(fee.data.feeUsd) })}
                    </Box>
                  )}
                </Typography>
              </Stack>
              <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2, mt: 0.5 }}>
                <Typography variant="body2" color="textSecondary">
                  {t('withdraw.yourBnb')}
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="withdraw-bnb">
                  {f.amount(wallet.nativeBalance, 'BNB')}
                </Typography>
              </Stack>
            </Box>

            {gap && <FeeWarning gap={gap} />}

            <Alert severity="info" data-testid="withdraw-new-address-hint">
              {t('withdraw.newAddressHint')}
            </Alert>
            <StepUpField onChange={setStepUp} error={stepUpError} />

            <Button
              type="submit"
              variant="contained"
              size="large"
              loading={form.formState.isSubmitting}
              data-testid="withdraw-submit"
            >
              {t('withdraw.submit')}
            </Button>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
