import { and, desc, eq, ne } from 'drizzle-orm';
import type { MintResult } from '@app/shared/schemas/meet';
import type { Db } from '../../../db/client';
import { cryptoTransactions, mintAttempts } from '../../../db/schema';
import type { Pair } from './pair';
import { levelName } from '../../crypto/representations';

type AttemptRow = typeof mintAttempts.$inferSelect;

/** A finished attempt as one of the pair sees it (their own GENERATE transaction). */
export function toMintResult(row: AttemptRow, transactionId: number | null): MintResult {
  return {
    id: row.id,
    outcome: row.outcome === 'pending' ? 'technical_failure' : row.outcome,
    level: levelName(row.type) as MintResult['level'],
    chance: Number(row.chance),
    nftId: row.nftId,
    transactionId,
    createdAt: (row.finishedAt ?? row.createdAt).toISOString(),
  };
}

/** The user's GENERATE transaction of a minted token, if any. */
export async function generateTransactionOf(db: Db, nftId: number | null, userId: number): Promise<number | null> {
  if (nftId === null) return null;
  const [row] = await db
    .select({ id: cryptoTransactions.id })
    .from(cryptoTransactions)
    .where(
      and(
        eq(cryptoTransactions.nftId, nftId),
        eq(cryptoTransactions.userId, userId),
        eq(cryptoTransactions.type, 'GENERATE'),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** The pair's newest finished attempt and each parent's GENERATE transaction of it (if it minted). */
export async function lastMintOf(
  db: Db,
  pair: Pair,
): Promise<{ attempt: AttemptRow; transactions: Map<number, number> } | null> {
  const [row] = await db
    .select()
    .from(mintAttempts)
    .where(
      and(
        eq(mintAttempts.userLowId, pair.low),
        eq(mintAttempts.userHighId, pair.high),
        ne(mintAttempts.outcome, 'pending'),
      ),
    )
    .orderBy(desc(mintAttempts.id))
    .limit(1);
  if (!row) return null;
  const transactions = new Map<number, number>();
  if (row.nftId !== null) {
    const rows = await db
      .select({ id: cryptoTransactions.id, userId: cryptoTransactions.userId })
      .from(cryptoTransactions)
      .where(and(eq(cryptoTransactions.nftId, row.nftId), eq(cryptoTransactions.type, 'GENERATE')));
    for (const tx of rows) if (tx.userId !== null) transactions.set(tx.userId, tx.id);
  }
  return { attempt: row, transactions };
}
