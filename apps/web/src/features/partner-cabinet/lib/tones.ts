import type { CpaConversionStatus, CpaPayout, CpaPostback } from '@app/shared/schemas/cpa-programme';
import type { StatusTone } from '../../../components/status-chip';

/** A conversion waits (amber), is approved (green), paid (blue) or rejected (red). */
export const CONVERSION_TONE: Record<CpaConversionStatus, StatusTone> = {
  pending: 'warning',
  approved: 'success',
  paid: 'info',
  rejected: 'error',
};

export const PAYOUT_TONE: Record<CpaPayout['status'], StatusTone> = {
  requested: 'warning',
  paid: 'success',
  failed: 'error',
};

export const POSTBACK_TONE: Record<CpaPostback['state'], StatusTone> = {
  queued: 'info',
  delivered: 'success',
  failed: 'error',
  disabled: 'default',
};

/** A postback that did not get through may be sent again; a delivered one never twice. */
export const canResend = (state: CpaPostback['state']) => state === 'failed' || state === 'disabled';
