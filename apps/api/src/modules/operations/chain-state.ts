import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { ChainStep, ReconciliationDifference } from '@app/shared/schemas/operations';
import type { Db } from '../../db/client';
import { chainSends, reconciliationDifferences } from '../../db/schema';

/** A send whose outcome is still unknown after this long is stuck (blocks come every few seconds). */
export const STUCK_AFTER_MS = 10 * 60_000;
/** Reverted sends are shown for this long. */
const REVERTED_WINDOW_MS = 7 * 86_400_000;

/** Signed transactions still unsettled long after they were sent, and those that reverted lately. */
export async function listChainSteps(db: Db, now = new Date()): Promise<ChainStep[]> {
  const columns = {
    hash: chainSends.hash,
    purpose: chainSends.purpose,
    refId: chainSends.refId,
    fromAddress: chainSends.fromAddress,
    nonce: chainSends.nonce,
    createdAt: chainSends.createdAt,
    settledAt: chainSends.settledAt,
  };
  const stuck = await db
    .select(columns)
    .from(chainSends)
    .where(and(isNull(chainSends.settledAt), lt(chainSends.createdAt, new Date(now.getTime() - STUCK_AFTER_MS))))
    .orderBy(chainSends.createdAt)
    .limit(100);
  const reverted = await db
    .select(columns)
    .from(chainSends)
    .where(
      and(eq(chainSends.outcome, 'reverted'), gt(chainSends.settledAt, new Date(now.getTime() - REVERTED_WINDOW_MS))),
    )
    .orderBy(desc(chainSends.settledAt))
    .limit(100);
  const view = (state: ChainStep['state']) => (row: (typeof stuck)[number]) => ({
    ...row,
    state,
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  });
  return [...stuck.map(view('stuck')), ...reverted.map(view('reverted'))];
}

/** What reconciliation found: the open ones first, then the latest repaired or resolved. */
export async function listDifferences(db: Db): Promise<ReconciliationDifference[]> {
  const rows = await db
    .select()
    .from(reconciliationDifferences)
    .orderBy(sql`${reconciliationDifferences.resolvedAt} is null desc`, desc(reconciliationDifferences.foundAt))
    .limit(200);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    subject: row.subject,
    expected: row.expected,
    actual: row.actual,
    state: row.repairedAt ? 'repaired' : row.resolvedAt ? 'resolved' : 'open',
    foundAt: row.foundAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  }));
}
