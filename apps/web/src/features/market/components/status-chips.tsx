import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import type { PurchaseStatus, TransactionStatus } from '@app/shared/schemas/crypto';

type Tone = 'success' | 'error' | 'warning' | 'info' | 'default';

const TX_TONE: Record<TransactionStatus, Tone> = {
  CONFIRMED: 'success',
  FAIL: 'error',
  CANCELED: 'default',
  PENDING: 'warning',
  PROCESSING: 'info',
  REQUESTED: 'info',
  NONE: 'default',
};

const PURCHASE_TONE: Record<PurchaseStatus, Tone> = {
  QUEUED: 'warning',
  PROCESSING: 'info',
  COMPLETED: 'success',
  FAILED: 'error',
  CANCELED: 'default',
};

export function TxStatusChip({ status }: { status: TransactionStatus }) {
  const { t } = useTranslation('market');
  return <Chip size="small" variant="outlined" color={TX_TONE[status]} label={t(`txStatus.${status}`)} data-testid="step-status" data-status={status} />;
}

export function PurchaseStatusChip({ status, position }: { status: PurchaseStatus; position?: number | null }) {
  const { t } = useTranslation('market');
  const label = status === 'QUEUED' && position ? t('purchaseStatus.QUEUED_AT', { position }) : t(`purchaseStatus.${status}`);
  return <Chip size="small" color={PURCHASE_TONE[status]} label={label} data-testid="purchase-status" data-status={status} />;
}
