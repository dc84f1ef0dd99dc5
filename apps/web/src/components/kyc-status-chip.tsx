import { useTranslation } from 'react-i18next';
import type { KycStatus } from '@app/shared/schemas/kyc';
import { StatusChip, type StatusTone } from './status-chip';

const KYC_TONE: Record<KycStatus, StatusTone> = {
  draft: 'default',
  requested: 'warning',
  approved: 'success',
  rejected: 'error',
  rejected_forever: 'error',
};

/**
 * A KYC application's status in words (SPEC.md's five), as the person and the moderators read it;
 * a rejection that took an approval back reads "revoked".
 */
export function KycStatusChip({ status, revocation = false }: { status: KycStatus; revocation?: boolean }) {
  const { t } = useTranslation('kyc');
  return (
    <StatusChip
      status={status}
      tones={KYC_TONE}
      label={revocation && status === 'rejected' ? t('status.revoked') : t(`status.${status}`)}
      testId="kyc-status-chip"
    />
  );
}
