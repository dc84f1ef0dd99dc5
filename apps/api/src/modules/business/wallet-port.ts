import type { PromotionPayment } from '@app/shared/schemas/crypto';
import type { Tx } from '../../db/client';

/**
 * What this module needs of the wallet, given by the crypto module's factory (its `payments`):
 * the same money lock, balance check and ledger rows as a token purchase, in our transaction.
 */
export interface WalletPort {
  open(userId: number): Promise<void>;
  lock(tx: Tx, userId: number): Promise<void>;
  idempotencyKey(header: string | string[] | undefined): string;
  requestHash(body: unknown): string;
  available(userId: number): Promise<bigint>;
  /** Also writes the promotion's line in the wallet history (type PROMOTION). */
  charge(tx: Tx, payment: { userId: number; amount: bigint; memo: string; promotion: PromotionPayment }): Promise<void>;
  /** Also marks that line CANCELED. */
  refund(tx: Tx, payment: { userId: number; amount: bigint; memo: string; promotionId: number }): Promise<void>;
  changed(userId: number, reason: 'purchase' | 'refund'): void;
}
