import type { Transaction, TransactionStatus, TransactionType } from '@app/shared/schemas/crypto';

const SETTLED: ReadonlySet<TransactionStatus> = new Set(['CONFIRMED', 'FAIL', 'CANCELED', 'NONE']);

/** A transaction that will not change any more. */
export const isSettled = (status: TransactionStatus) => SETTLED.has(status);

/**
 * Money in, money out, or neither (gas top-ups, approvals and mints move no USDT of the user's).
 * A promotion is paid out of the balance like a token.
 */
export function direction(type: TransactionType): 'in' | 'out' | 'none' {
  if (type === 'INPUT' || type === 'REWARD') return 'in';
  if (type === 'OUTPUT' || type === 'BUY_NFT' || type === 'PROMOTION') return 'out';
  return 'none';
}

/** Incoming deposits still gathering confirmations. */
export const pendingDeposits = (items: readonly Transaction[]) =>
  items.filter((tx) => tx.type === 'INPUT' && !isSettled(tx.status));

/** Confirmation progress in percent, 0..100. */
export function confirmationProgress(
  tx: Pick<Transaction, 'confirmations' | 'requiredConfirmations' | 'status'>,
): number {
  if (tx.status === 'CONFIRMED') return 100;
  if (tx.requiredConfirmations <= 0) return 0;
  return Math.min(100, Math.round((tx.confirmations / tx.requiredConfirmations) * 100));
}

/** Puts a changed transaction into a list page it belongs to; null when it is not on that page. */
export function replaceInList<T extends { items: Transaction[] }>(list: T, tx: Transaction): T | null {
  const at = list.items.findIndex((item) => item.id === tx.id);
  if (at < 0) return null;
  const items = list.items.slice();
  items[at] = tx;
  return { ...list, items };
}
