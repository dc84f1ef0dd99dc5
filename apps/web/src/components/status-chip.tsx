import Chip from '@mui/material/Chip';
import type { TransactionStatus } from '@app/shared/schemas/crypto';

export type StatusTone = 'success' | 'error' | 'warning' | 'info' | 'default';

/** A transaction's status at a glance: settled green, failed red, waiting amber, moving blue. */
export const TRANSACTION_TONE: Record<TransactionStatus, StatusTone> = {
  CONFIRMED: 'success',
  FAIL: 'error',
  CANCELED: 'default',
  PENDING: 'warning',
  PROCESSING: 'info',
  REQUESTED: 'info',
  NONE: 'default',
};

interface StatusChipProps<S extends string> {
  status: S;
  /** The colour of each status. */
  tones: Record<S, StatusTone>;
  /** The status in words; each feature translates it in its own namespace. */
  label: string;
  testId: string;
  variant?: 'filled' | 'outlined';
}

/** A small chip coloured by status; `data-status` carries the raw status for tests. */
export function StatusChip<S extends string>({ status, tones, label, testId, variant = 'filled' }: StatusChipProps<S>) {
  return (
    <Chip
      size="small"
      variant={variant}
      color={tones[status]}
      label={label}
      data-testid={testId}
      data-status={status}
    />
  );
}
