import { describe, expect, it } from 'vitest';
import type { Transaction } from '@app/shared/schemas/crypto';
import { confirmationProgress, direction, isSettled, pendingDeposits, replaceInList } from './transactions';

const tx = (over: Partial<Transaction>): Transaction => ({
  id: 1,
  type: 'INPUT',
  status: 'PENDING',
  currency: 'USDT',
  amount: '100',
  counterparty: null,
  txHash: null,
  confirmations: 0,
  requiredConfirmations: 15,
  nftId: null,
  purchaseId: null,
  error: null,
  heldUntil: null,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
  ...over,
});

describe('transactions', () => {
  it('knows which statuses are final', () => {
    expect(['CONFIRMED', 'FAIL', 'CANCELED', 'NONE'].every((s) => isSettled(s as never))).toBe(true);
    expect(['REQUESTED', 'PROCESSING', 'PENDING'].some((s) => isSettled(s as never))).toBe(false);
  });

  it('signs money in and out', () => {
    expect(direction('INPUT')).toBe('in');
    expect(direction('REWARD')).toBe('in');
    expect(direction('OUTPUT')).toBe('out');
    expect(direction('BUY_NFT')).toBe('out');
    expect(direction('PROMOTION')).toBe('out');
    expect(direction('GASING')).toBe('none');
  });

  it('lists deposits still waiting for confirmations', () => {
    const items = [tx({ id: 1 }), tx({ id: 2, status: 'CONFIRMED' }), tx({ id: 3, type: 'OUTPUT' })];
    expect(pendingDeposits(items).map((t) => t.id)).toEqual([1]);
  });

  it('measures confirmation progress', () => {
    expect(confirmationProgress(tx({ confirmations: 3, requiredConfirmations: 15 }))).toBe(20);
    expect(confirmationProgress(tx({ confirmations: 30, requiredConfirmations: 15 }))).toBe(100);
    expect(confirmationProgress(tx({ status: 'CONFIRMED', confirmations: 0 }))).toBe(100);
    expect(confirmationProgress(tx({ requiredConfirmations: 0 }))).toBe(0);
  });

  it('replaces a changed transaction only on the page that holds it', () => {
    const list = { items: [tx({ id: 1 }), tx({ id: 2 })], total: 2 };
    const updated = replaceInList(list, tx({ id: 2, status: 'CONFIRMED' }));
    expect(updated?.items[1]?.status).toBe('CONFIRMED');
    expect(list.items[1]?.status).toBe('PENDING');
    expect(replaceInList(list, tx({ id: 9 }))).toBeNull();
  });
});
