import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { CpaPayout } from '@app/shared/schemas/cpa-programme';
import type { Db } from '../../db/client';
import { cpaConversions, cpaPartners, cpaPayouts } from '../../db/schema';
import { publish, type EventBus } from '../../events/event-bus';
import { AppError } from '../../lib/app-error';
import { fromWei } from '../../lib/wei';

const PURPOSE = 'cpa';

const present = (row: typeof cpaPayouts.$inferSelect, count: number): CpaPayout => ({
  id: row.id,
  amount: fromWei(row.amount),
  count,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

/**
 * POST /api/cpa/rewards: every approved, unpaid reward of the partner goes into one payout, which
 * the treasury sends to their wallet (payout.requested, in the same transaction). The partner row
 * is locked, so two requests at once make one payout, and each reward is in at most one.
 */
export async function requestPayout(db: Db, partnerId: number): Promise<CpaPayout> {
  return db.transaction(async (tx) => {
    const [partner] = await tx.select().from(cpaPartners).where(eq(cpaPartners.userId, partnerId)).for('update');
    if (!partner || partner.status !== 'approved') throw new AppError('CPA_NOT_PARTNER');
    const approved = await tx
      .select({ id: cpaConversions.id, payout: cpaConversions.payout })
      .from(cpaConversions)
      .where(
        and(
          eq(cpaConversions.partnerId, partnerId),
          eq(cpaConversions.status, 'approved'),
          isNull(cpaConversions.payoutId),
        ),
      )
      .for('update');
    const amount = approved.reduce((sum, row) => sum + BigInt(row.payout), 0n);
    if (amount === 0n) throw new AppError('CPA_NOTHING_TO_PAY');
    const [payout] = await tx
      .insert(cpaPayouts)
      .values({ partnerId, amount: amount.toString(), status: 'requested' })
      .returning();
    await tx
      .update(cpaConversions)
      .set({ status: 'paid', payoutId: payout!.id })
      .where(
        and(
          eq(cpaConversions.partnerId, partnerId),
          eq(cpaConversions.status, 'approved'),
          isNull(cpaConversions.payoutId),
        ),
      );
    await publish(tx, 'payout.requested', {
      userId: partnerId,
      amount: amount.toString(),
      purpose: PURPOSE,
      refId: payout!.id,
    });
    return present(payout!, approved.length);
  });
}

export async function listPayouts(db: Db, partnerId: number): Promise<CpaPayout[]> {
  const rows = await db
    .select({
      payout: cpaPayouts,
      count: sql<number>`(select count(*)::int from ${cpaConversions} where ${cpaConversions.payoutId} = ${cpaPayouts.id})`,
    })
    .from(cpaPayouts)
    .where(eq(cpaPayouts.partnerId, partnerId))
    .orderBy(desc(cpaPayouts.id))
    .limit(50);
  return rows.map((r) => present(r.payout, r.count));
}

/** The treasury's answer: paid, or failed (its rewards are approved again and can be requested anew). */
export function subscribePayoutOutcomes(events: EventBus) {
  events.subscribe('payout.settled', 'cpa-payout-settled', async (event, tx) => {
    if (event.payload.purpose !== PURPOSE) return;
    const paid = event.payload.outcome === 'paid';
    const [row] = await tx
      .update(cpaPayouts)
      .set({ status: paid ? 'paid' : 'failed', settledAt: event.occurredAt })
      .where(and(eq(cpaPayouts.id, event.payload.refId), eq(cpaPayouts.status, 'requested')))
      .returning();
    if (!row || paid) return;
    await tx
      .update(cpaConversions)
      .set({ status: 'approved', payoutId: null })
      .where(eq(cpaConversions.payoutId, row.id));
  });
}
