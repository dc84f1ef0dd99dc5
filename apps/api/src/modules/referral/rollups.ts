import { and, eq, sql } from 'drizzle-orm';
import type { ReferralRewardSource, ReferralRewardStatus } from '@app/shared/schemas/referral';
import type { Tx } from '../../db/client';
import { referralClosure, referralIncomeDays, referralIncomeMonths } from '../../db/schema';

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const monthOf = (at: Date) => at.toISOString().slice(0, 7);

interface Reward {
  beneficiaryId: number;
  referralId: number;
  source: ReferralRewardSource;
  amount: bigint;
  /** When it was earned: the day and month it counts in. */
  createdAt: Date;
}

async function addToDay(tx: Tx, r: Reward, status: ReferralRewardStatus, sign: 1n | -1n) {
  await tx
    .insert(referralIncomeDays)
    .values({
      beneficiaryId: r.beneficiaryId,
      day: dayOf(r.createdAt),
      source: r.source,
      status,
      amount: (r.amount * sign).toString(),
      rewards: Number(sign),
    })
    .onConflictDoUpdate({
      target: [
        referralIncomeDays.beneficiaryId,
        referralIncomeDays.day,
        referralIncomeDays.source,
        referralIncomeDays.status,
      ],
      set: {
        amount: sql`${referralIncomeDays.amount} + excluded.amount`,
        rewards: sql`${referralIncomeDays.rewards} + excluded.rewards`,
      },
    });
}

async function addToMonth(tx: Tx, r: Reward, sign: 1n | -1n) {
  await tx
    .insert(referralIncomeMonths)
    .values({
      beneficiaryId: r.beneficiaryId,
      month: monthOf(r.createdAt),
      referralId: r.referralId,
      amount: (r.amount * sign).toString(),
    })
    .onConflictDoUpdate({
      target: [referralIncomeMonths.beneficiaryId, referralIncomeMonths.month, referralIncomeMonths.referralId],
      set: { amount: sql`${referralIncomeMonths.amount} + excluded.amount` },
    });
}

/** A reward was earned (pending): its day, its month's referral and the referral's last activity. */
export async function tallyEarned(tx: Tx, r: Reward): Promise<void> {
  await addToDay(tx, r, 'pending', 1n);
  await addToMonth(tx, r, 1n);
  await tx
    .update(referralClosure)
    .set({
      lastRewardedAt: sql`greatest(${referralClosure.lastRewardedAt}, ${r.createdAt.toISOString()}::timestamptz)`,
    })
    .where(and(eq(referralClosure.ancestorId, r.beneficiaryId), eq(referralClosure.descendantId, r.referralId)));
}

/** A reward changed status: it moves between its day's rows; a reversal or clawback leaves its month. */
export async function tallyMoved(
  tx: Tx,
  r: Reward,
  from: ReferralRewardStatus,
  to: ReferralRewardStatus,
): Promise<void> {
  await addToDay(tx, r, from, -1n);
  await addToDay(tx, r, to, 1n);
  if (to === 'reversed' || to === 'clawed_back') await addToMonth(tx, r, -1n);
}
