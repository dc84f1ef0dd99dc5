import { useTranslation } from 'react-i18next';
import type { PurchaseStatus } from '@app/shared/schemas/crypto';
import { StatusChip, type StatusTone } from '../../../components/status-chip';

const PURCHASE_TONE: Record<PurchaseStatus, StatusTone> = {
  QUEUED: 'warning',
  PROCESSING: 'info',
  COMPLETED: 'success',
  FAILED: 'error',
  CANCELED: 'default',
};

export function PurchaseStatusChip({ status, position }: { status: PurchaseStatus; position?: number | null }) {
  const { t } = useTranslation('market');
  const label =
    status === 'QUEUED' && position ? t('purchaseStatus.QUEUED_AT', { position }) : t(`purchaseStatus.${status}`);
  return <StatusChip status={status} tones={PURCHASE_TONE} label={label} testId="purchase-status" />;
}
