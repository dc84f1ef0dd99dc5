import { and, eq } from 'drizzle-orm';
import type { PromotionPayment } from '@app/shared/schemas/crypto';
import type { Tx } from '../../db/client';
import { one } from '../../db/rows';
import { cryptoTransactions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { CryptoContext } from './context';
import { balancesOf, lockWallet, move, post } from './ledger';
import { ensureWallet } from './wallet-service';
import { requestHash, requireIdempotencyKey } from './idempotency';

/**
 * Spending from the wallet for modules above it (a company's promotion): the same lock, balance
 * check and double-entry rows as a token purchase, written in the caller's transaction so the
 * payment commits or rolls back with what it pays for (and the event that reports it).
 */
export interface WalletPayments {
  /** Opens the user's wallet if they never had one, so there is a row to lock. */
  open(userId: number): Promise<void>;
  /** Takes the user's money lock for the rest of the transaction (the same lock every payment takes). */
  lock(tx: Tx, userId: number): Promise<void>;
  /** The Idempotency-Key header a payment needs (IDEMPOTENCY_KEY_REQUIRED otherwise). */
  idempotencyKey(header: string | string[] | undefined): string;
  /** A digest of a request, so one key is never reused for a different one. */
  requestHash(body: unknown): string;
  /** What the user can spend now. */
  available(userId: number): Promise<bigint>;
  /**
   * Locks the wallet, refuses INSUFFICIENT_FUNDS, then moves `amount` from available to the
   * platform's money held at the person's address (no chain transfer: reconciliation counts it there)
   * and writes the wallet history's PROMOTION row (CONFIRMED) that the ledger rows point at.
   * One row per promotion: paying the same promotion twice is refused by the database.
   */
  charge(tx: Tx, payment: { userId: number; amount: bigint; memo: string; promotion: PromotionPayment }): Promise<void>;
  /**
   * Gives a charge back: from the platform's held money to the user's available balance; the
   * promotion's history row becomes CANCELED.
   */
  refund(tx: Tx, payment: { userId: number; amount: bigint; memo: string; promotionId: number }): Promise<void>;
  /** Tells the user's open pages that the balance moved (after the commit). */
  changed(userId: number, reason: 'purchase' | 'refund'): void;
}

/** The history row's reference of a promotion: unique per type, so one promotion has one row. */
const promotionReference = (promotionId: number) => `promotion:${promotionId}`;

export function walletPayments(ctx: CryptoContext): WalletPayments {
  return {
    async open(userId) {
      await ensureWallet(ctx, userId);
    },
    lock: lockWallet,
    idempotencyKey: requireIdempotencyKey,
    requestHash,
    async available(userId) {
      return (await balancesOf(ctx.db, userId)).available;
    },
    async charge(tx, { userId, amount, memo, promotion }) {
      await lockWallet(tx, userId);
      if ((await balancesOf(tx, userId)).available < amount) throw new AppError('INSUFFICIENT_FUNDS');
      // Like a token purchase's BUY_NFT: the price as a positive amount, its direction is the type's.
      const row = one(
        await tx
          .insert(cryptoTransactions)
          .values({
            userId,
            type: 'PROMOTION',
            status: 'CONFIRMED',
            amount: amount.toString(),
            reference: promotionReference(promotion.id),
            details: { promotion },
          })
          .returning({ id: cryptoTransactions.id }),
      );
      await post(tx, {
        memo,
        transactionId: row.id,
        postings: move('available', 'platform_held', amount, userId, userId),
      });
    },
    async refund(tx, { userId, amount, memo, promotionId }) {
      await lockWallet(tx, userId);
      const [row] = await tx
        .update(cryptoTransactions)
        .set({ status: 'CANCELED' })
        .where(
          and(
            eq(cryptoTransactions.type, 'PROMOTION'),
            eq(cryptoTransactions.reference, promotionReference(promotionId)),
            eq(cryptoTransactions.userId, userId),
          ),
        )
        .returning({ id: cryptoTransactions.id });
      await post(tx, {
        memo,
        // A promotion paid before its history row existed has none: the refund still moves the money.
        ...(row && { transactionId: row.id }),
        postings: move('platform_held', 'available', amount, userId, userId),
      });
    },
    changed(userId, reason) {
      ctx.events.wallet(userId, { reason });
    },
  };
}
