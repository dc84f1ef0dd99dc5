import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import type { TransactionStatus } from '@app/shared/schemas/crypto';

const COLOR: Record<TransactionStatus, 'success' | 'error' | 'warning' | 'info' | 'default'> = {
  CONFIRMED: 'success',
  FAIL: 'error',
  CANCELED: 'default',
  PENDING: 'warning',
  PROCESSING: 'info',
  REQUESTED: 'info',
  NONE: 'default',
};

export function StatusChip({ status }: { status: TransactionStatus }) {
  const { t } = useTranslation('wallet');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLOR[status]}
      label={t(`status.${status}`)}
      data-testid="tx-status"
      data-status={status}
    />
  );
}
