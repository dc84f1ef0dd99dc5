import { and, desc, eq, sql } from 'drizzle-orm';
import { CHAIN_STEP_MAX_TRIES, type RetryingStep, type RetryingStepKind } from '@app/shared/schemas/operations';
import type { Db } from '../../db/client';
import { chainStepRetries } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit/record-audit';

/** The chain workers' rows that failed lately: the parked ones first, then by their latest try. */
export async function listRetryingSteps(db: Db, limit = 200): Promise<RetryingStep[]> {
  const rows = await db
    .select()
    .from(chainStepRetries)
    .orderBy(sql`${chainStepRetries.deadAt} desc nulls last`, desc(chainStepRetries.updatedAt))
    .limit(limit);
  return rows.map((row) => ({
    kind: row.kind as RetryingStepKind,
    refId: row.refId,
    tries: row.tries,
    maxTries: CHAIN_STEP_MAX_TRIES,
    nextAt: row.nextAt.toISOString(),
    lastError: row.lastError,
    parked: row.deadAt !== null,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/**
 * An admin's "try now": the row's tries start over and its next try is due, so the worker's next
 * pass takes it (the worker itself is woken by its poll within seconds). Refuses a row that is
 * not retrying (it went through meanwhile).
 */
export async function retryChainStepNow(
  db: Db,
  actor: AuditActor,
  kind: RetryingStepKind,
  refId: number,
  reason: string | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    const where = and(eq(chainStepRetries.kind, kind), eq(chainStepRetries.refId, refId));
    const [before] = await tx.select().from(chainStepRetries).where(where).for('update');
    if (!before) throw new AppError('NOT_FOUND');
    const now = new Date();
    await tx.update(chainStepRetries).set({ tries: 0, deadAt: null, nextAt: now, updatedAt: now }).where(where);
    await recordAudit(tx, {
      ...actor,
      action: 'chain.step.retry',
      targetType: kind,
      targetId: String(refId),
      before: { tries: before.tries, parked: before.deadAt !== null, lastError: before.lastError },
      after: { tries: 0, parked: false },
      reason: reason || null,
    });
  });
}
