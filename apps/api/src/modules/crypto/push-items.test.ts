import { describe, expect, it } from 'vitest';
import type { Purchase, Transaction } from '@app/shared/schemas/crypto';
import { purchasePush, transactionPush } from './push-items';

const tx = (type: Transaction['type'], status: Transaction['status']) =>
  ({ type, status, amount: '12.5', currency: 'USDT' }) as Transaction;

describe('push items', () => {
  it('speaks only when money arrived or left for good', () => {
    expect(transactionPush(tx('INPUT', 'CONFIRMED'))).toMatchObject({
      text: 'notifications.depositCredited',
      values: { amount: '12.5' },
      color: 'success',
      show: true,
    });
    expect(transactionPush(tx('REWARD', 'CONFIRMED'))?.text).toBe('notifications.rewardCredited');
    expect(transactionPush(tx('OUTPUT', 'CONFIRMED'))?.text).toBe('notifications.withdrawalSent');
    expect(transactionPush(tx('OUTPUT', 'FAIL'))).toMatchObject({
      text: 'notifications.withdrawalFailed',
      color: 'error',
    });
    for (const quiet of [
      tx('INPUT', 'PENDING'),
      tx('OUTPUT', 'PROCESSING'),
      tx('APPROVE', 'CONFIRMED'),
      tx('BUY_NFT', 'CONFIRMED'),
    ])
      expect(transactionPush(quiet)).toBeNull();
  });

  it('tells the end of a purchase, not its steps', () => {
    const purchase = (status: Purchase['status']) => ({ status, level: 'SILVER', nftId: 7 }) as Purchase;
    expect(purchasePush(purchase('COMPLETED'))).toMatchObject({
      text: 'notifications.purchaseCompleted',
      values: { level: 'SILVER', id: 7 },
    });
    expect(purchasePush(purchase('FAILED'))?.color).toBe('error');
    // A queue entry the KYC gate refused says why, not just that it failed.
    expect(purchasePush({ ...purchase('FAILED'), error: 'KYC_REQUIRED' })).toMatchObject({
      text: 'notifications.purchaseRefusedKyc',
      values: { level: 'SILVER' },
      color: 'warning',
    });
    expect(purchasePush(purchase('PROCESSING'))).toBeNull();
    expect(purchasePush(purchase('QUEUED'))).toBeNull();
  });
});
