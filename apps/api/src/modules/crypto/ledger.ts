import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { ledgerEntries, wallets, type LedgerAccount } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** The accounts that belong to a user; the others are platform-wide. */
const USER_ACCOUNTS: readonly LedgerAccount[] = [
  'available',
  'escrow',
  'withdrawing',
  'reward_pending',
  'platform_held',
];

export interface Balances {
  available: bigint;
  escrow: bigint;
  withdrawing: bigint;
  /** Everything the user owns: available + escrow + withdrawing. */
  total: bigint;
  /** The platform's money still at the user's deposit address (paid promotions): not theirs, but on chain there. */
  platformHeld: bigint;
}

export interface Posting {
  account: LedgerAccount;
  /** Set for the user accounts, absent for the platform-wide ones. */
  userId?: number;
  amount: bigint;
}

/**
 * Takes the user's money lock for the rest of the database transaction. Every movement of a user's
 * money starts here, so concurrent requests queue up instead of spending the same balance twice.
 */
export async function lockWallet(tx: Tx, userId: number): Promise<void> {
  const rows = await tx
    .select({ userId: wallets.userId })
    .from(wallets)
    .where(eq(wallets.userId, userId))
    .for('update');
  if (!rows.length) throw new AppError('NOT_FOUND', { message: 'Wallet not found' });
}

export async function balancesOf(tx: Db, userId: number): Promise<Balances> {
  const rows = await tx
    .select({ account: ledgerEntries.account, sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .groupBy(ledgerEntries.account);
  const of = (account: LedgerAccount) => BigInt(rows.find((r) => r.account === account)?.sum ?? '0');
  const available = of('available');
  const escrow = of('escrow');
  const withdrawing = of('withdrawing');
  return { available, escrow, withdrawing, total: available + escrow + withdrawing, platformHeld: of('platform_held') };
}

/**
 * Writes one movement: rows that sum to zero, tied to a transaction or purchase. The caller holds the
 * lock of every user the movement touches; a user account may never end below zero.
 */
export async function post(
  tx: Tx,
  movement: { memo: string; transactionId?: number; purchaseId?: number; postings: Posting[] },
): Promise<void> {
  const total = movement.postings.reduce((sum, p) => sum + p.amount, 0n);
  if (total !== 0n) throw new Error(`Unbalanced ledger movement "${movement.memo}": ${total}`);
  for (const p of movement.postings) {
    if (USER_ACCOUNTS.includes(p.account) !== (p.userId !== undefined))
      throw new Error(`Account ${p.account} and user mismatch`);
  }
  await tx.insert(ledgerEntries).values(
    movement.postings
      .filter((p) => p.amount !== 0n)
      .map((p) => ({
        userId: p.userId ?? null,
        account: p.account,
        amount: p.amount.toString(),
        transactionId: movement.transactionId ?? null,
        purchaseId: movement.purchaseId ?? null,
        memo: movement.memo,
      })),
  );
  const touched = new Set(
    movement.postings.filter((p) => p.userId !== undefined && p.amount < 0n).map((p) => p.userId!),
  );
  for (const userId of touched) {
    const balances = await balancesOf(tx, userId);
    // A negative account means a bug upstream; failing here rolls the whole movement back.
    if (balances.available < 0n || balances.escrow < 0n || balances.withdrawing < 0n)
      throw new AppError('INSUFFICIENT_FUNDS');
  }
}

/** Moves `amount` between two accounts of one user, or between a user and a platform account. */
export const move = (
  from: Posting['account'],
  to: Posting['account'],
  amount: bigint,
  fromUser?: number,
  toUser?: number,
): Posting[] => [
  { account: from, userId: fromUser, amount: -amount },
  { account: to, userId: toUser, amount },
];
