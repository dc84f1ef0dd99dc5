import type { Purchase, Transaction } from '@app/shared/schemas/crypto';
import type { MintResult } from '@app/shared/schemas/meet';
import type { PushItem } from '@app/shared/socket-events';

const item = (text: string, values: PushItem['values'], color: PushItem['color']): PushItem => ({
  timestamp: Date.now(),
  show: true,
  text,
  values,
  timeout: 8000,
  color,
});

/** SPEC.md's push item for a purchase that ended; the texts live in the web app's common namespace. */
export function purchasePush(purchase: Purchase): PushItem | null {
  if (purchase.status === 'COMPLETED')
    return item('notifications.purchaseCompleted', { level: purchase.level, id: purchase.nftId ?? 0 }, 'success');
  if (purchase.status === 'FAILED' && purchase.error === 'KYC_REQUIRED')
    return item('notifications.purchaseRefusedKyc', { level: purchase.level }, 'warning');
  if (purchase.status === 'FAILED') return item('notifications.purchaseFailed', { level: purchase.level }, 'error');
  return null;
}

/** Money that arrived or left for good (a young deposit or a step in progress says nothing). */
export function transactionPush(transaction: Transaction): PushItem | null {
  const values = { amount: transaction.amount, currency: transaction.currency };
  if (transaction.status === 'CONFIRMED' && transaction.type === 'INPUT')
    return item('notifications.depositCredited', values, 'success');
  if (transaction.status === 'CONFIRMED' && transaction.type === 'REWARD')
    return item('notifications.rewardCredited', values, 'success');
  if (transaction.status === 'CONFIRMED' && transaction.type === 'OUTPUT')
    return item('notifications.withdrawalSent', values, 'info');
  if (transaction.status === 'FAIL' && transaction.type === 'OUTPUT')
    return item('notifications.withdrawalFailed', values, 'error');
  return null;
}

/** The detector found a meeting: time to scan each other's codes. */
export function meetingFoundPush(peerName: string): PushItem {
  return item('notifications.meetingFound', { name: peerName }, 'success');
}

/** A mint finished: a new token, a draw that did not succeed (said kindly), or a technical failure. */
export function mintPush(result: Pick<MintResult, 'outcome' | 'level' | 'nftId'>): PushItem {
  if (result.outcome === 'success')
    return item('notifications.mintSucceeded', { level: result.level, id: result.nftId ?? 0 }, 'success');
  if (result.outcome === 'failure') return item('notifications.mintFailed', { level: result.level }, 'info');
  return item('notifications.mintTechnicalFailure', { level: result.level }, 'warning');
}
