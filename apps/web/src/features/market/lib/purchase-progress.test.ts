import { describe, expect, it } from 'vitest';
import type { Purchase, Transaction } from '@app/shared/schemas/crypto';
import { activeStepIndex, isFinal, isUnknownFailure, purchaseOutcome, purchaseSteps } from './purchase-progress';

let nextId = 1;
const tx = (
  type: Transaction['type'],
  status: Transaction['status'],
  over: Partial<Transaction> = {},
): Transaction => ({
  id: nextId++,
  type,
  status,
  currency: 'USDT',
  amount: '100',
  counterparty: null,
  txHash: '0xabc',
  confirmations: 0,
  requiredConfirmations: 3,
  nftId: null,
  purchaseId: 1,
  error: null,
  heldUntil: null,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
  ...over,
});
const purchase = (status: Purchase['status'], transactions: Transaction[] = [], error: string | null = null) => ({
  status,
  transactions,
  error,
});
const states = (p: ReturnType<typeof purchase>) => purchaseSteps(p).map((s) => s.state);

describe('purchase steps', () => {
  it('shows the first step as being prepared before any transaction exists', () => {
    expect(states(purchase('PROCESSING'))).toEqual(['active', 'waiting', 'waiting']);
  });

  it('follows the transactions in order', () => {
    const p = purchase('PROCESSING', [tx('GASING', 'CONFIRMED'), tx('APPROVE', 'PENDING')]);
    expect(states(p)).toEqual(['done', 'active', 'waiting']);
    expect(activeStepIndex(purchaseSteps(p))).toBe(1);
  });

  it('prepares the next step once the previous one is confirmed', () => {
    expect(states(purchase('PROCESSING', [tx('GASING', 'CONFIRMED')]))).toEqual(['done', 'active', 'waiting']);
  });

  it('marks a step nobody needed as skipped', () => {
    const p = purchase('PROCESSING', [tx('APPROVE', 'CONFIRMED'), tx('BUY_NFT', 'PROCESSING')]);
    expect(states(p)).toEqual(['skipped', 'done', 'active']);
    expect(activeStepIndex(purchaseSteps(p))).toBe(2);
  });

  it('skips a step the server recorded as not needed (NONE)', () => {
    const p = purchase('PROCESSING', [tx('GASING', 'NONE'), tx('APPROVE', 'PROCESSING')]);
    expect(states(p)).toEqual(['skipped', 'active', 'waiting']);
    expect(states(purchase('PROCESSING', [tx('GASING', 'NONE'), tx('APPROVE', 'NONE')]))).toEqual([
      'skipped',
      'skipped',
      'active',
    ]);
  });

  it('takes the latest transaction of a step that was retried', () => {
    const p = purchase('PROCESSING', [tx('GASING', 'FAIL'), tx('GASING', 'CONFIRMED')]);
    expect(purchaseSteps(p)[0]?.state).toBe('done');
  });

  it('shows the failed step of a failed purchase', () => {
    const p = purchase('FAILED', [tx('GASING', 'CONFIRMED'), tx('APPROVE', 'FAIL')], 'TRANSACTION_FAILED');
    expect(states(p)).toEqual(['done', 'failed', 'waiting']);
  });

  it('finishes every step of a completed purchase', () => {
    const p = purchase('COMPLETED', [tx('APPROVE', 'CONFIRMED'), tx('BUY_NFT', 'CONFIRMED')]);
    expect(states(p)).toEqual(['skipped', 'done', 'done']);
    expect(activeStepIndex(purchaseSteps(p))).toBe(3);
  });
});

describe('purchase outcomes', () => {
  it('maps the purchase status to what the user is told', () => {
    expect(purchaseOutcome(purchase('QUEUED'))).toBe('queued');
    expect(purchaseOutcome(purchase('PROCESSING'))).toBe('processing');
    expect(purchaseOutcome(purchase('COMPLETED'))).toBe('success');
    expect(purchaseOutcome(purchase('CANCELED'))).toBe('canceled');
    expect(purchaseOutcome(purchase('FAILED', [], 'TRANSACTION_FAILED'))).toBe('failed');
    expect(purchaseOutcome(purchase('FAILED', [], null))).toBe('failed');
    expect(purchaseOutcome(purchase('FAILED', [], 'UNKNOWN_ERROR'))).toBe('unknown');
  });

  it('knows the final statuses', () => {
    expect(['COMPLETED', 'FAILED', 'CANCELED'].every((s) => isFinal(s as never))).toBe(true);
    expect(isFinal('QUEUED')).toBe(false);
  });

  it('tells a crash from a refusal', () => {
    expect(isUnknownFailure({ status: 500, code: 'INTERNAL_ERROR' })).toBe(true);
    expect(isUnknownFailure({ status: 500, code: 'UNKNOWN_ERROR' })).toBe(true);
    expect(isUnknownFailure(undefined)).toBe(true);
    expect(isUnknownFailure({ status: 400, code: 'INSUFFICIENT_FUNDS' })).toBe(false);
    expect(isUnknownFailure({ status: 503, code: 'CHAIN_UNAVAILABLE' })).toBe(false);
    expect(isUnknownFailure({ status: 0, code: 'NETWORK_ERROR' })).toBe(false);
  });
});
