import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { WithdrawAddressConfirmed } from '@app/shared/schemas/security';
import { api, ApiError } from '../../lib/api-client';
import { translateError } from '../../lib/i18n';

const confirmAddress = (body: { id: string; token: string }) =>
  api<WithdrawAddressConfirmed>('/crypto/wallet/withdraw/confirm-address', { method: 'POST', body });

/**
 * /confirm-address?id=&token=: the mailed link. It confirms only on a button press, so a mail
 * scanner opening the link cannot release a withdrawal.
 */
export function ConfirmAddressPage() {
  const { t } = useTranslation('common');
  const [params] = useSearchParams();
  const id = params.get('id');
  const token = params.get('token');
  const confirm = useMutation({ mutationFn: confirmAddress });

  return (
    <Box sx={{ py: 4, maxWidth: 560, mx: 'auto' }}>
      <Card>
        <CardContent sx={{ p: 3 }}>
          <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
            {t('confirmAddress.title')}
          </Typography>
          {!id || !token ? (
            <Alert severity="error">{t('confirmAddress.missing')}</Alert>
          ) : confirm.isSuccess ? (
            <Alert severity="success" data-testid="address-confirmed">
              {t('confirmAddress.done', { address: confirm.data.address })}
            </Alert>
          ) : (
            <>
              <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
                {t('confirmAddress.lead')}
              </Typography>
              {confirm.isError && (
                <Alert severity="error" sx={{ mb: 2 }}>
                  {translateError(t, confirm.error instanceof ApiError ? confirm.error : { code: 'UNKNOWN_ERROR' })}
                </Alert>
              )}
              <Button variant="contained" loading={confirm.isPending} onClick={() => confirm.mutate({ id, token })}>
                {t('confirmAddress.confirm')}
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
