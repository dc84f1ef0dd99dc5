import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { ReferralRewardSource } from '@app/shared/schemas/referral';
import type { Db, Tx } from '../../db/client';
import { referralFlags, referralPayouts, referralRewards, wallets, type LedgerAccount } from '../../db/schema';
import { publish } from '../../events/event-bus';
import { fixTree, uplineOf } from './closure';
import { tallyEarned, tallyMoved } from './rollups';
import { selfReferralOf } from './self-referral';

/** What the referral programme needs of the ledger (crypto/ledger.ts), handed in by the composition. */
export interface LedgerPort {
  post(
    tx: Tx,
    movement: { memo: string; postings: { account: LedgerAccount; userId?: number; amount: bigint }[] },
  ): Promise<void>;
  lockWallet(tx: Tx, userId: number): Promise<void>;
  balancesOf(tx: Tx, userId: number): Promise<{ available: bigint }>;
}

/** The treasury payouts of the referral programme (`payout.requested` purpose). */
export const REFERRAL_PAYOUT = 'referral';

/** A reward's money comes from the platform's revenue, or for a minted token's sale from its referral pool. */
const fundOf = (source: ReferralRewardSource): LedgerAccount =>
  source === 'paid_meeting' ? 'referral_pool' : 'platform';

/** "10" or "2.5" percent of an amount, rounded down to the wei. */
export const percentOf = (amount: bigint, percent: string): bigint =>
  (amount * BigInt(Math.round(Number(percent) * 10_000))) / 1_000_000n;

export interface Grant {
  eventId: string;
  source: ReferralRewardSource;
  /** What a refund names to undo it: purchase:ID, promotion:ID, meeting:ID. */
  sourceRef: string;
  /** The person whose activity pays their upline. */
  referralId: number;
  /** The reward of levels 1, 2 and 3. */
  amounts: readonly bigint[];
  /** The app's clock: when it was earned. */
  earnedAt: Date;
  holdUntil: Date;
}

/**
 * Pays the referral's recorded upline, each level once per event (the unique index), held on the
 * person's reward_pending account. A beneficiary who looks like the referral themself gets nothing,
 * and the case is listed for admins. Resolves how many rewards it wrote.
 */
export async function grant(tx: Tx, ledger: LedgerPort, g: Grant): Promise<number> {
  let written = 0;
  // Handlers of different events run side by side: the registration's may not have run yet.
  await fixTree(tx, g.referralId);
  for (const { ancestorId, depth } of await uplineOf(tx, g.referralId)) {
    const amount = g.amounts[depth - 1] ?? 0n;
    if (amount <= 0n) continue;
    const [flagged] = await tx
      .select({ id: referralFlags.id })
      .from(referralFlags)
      .where(and(eq(referralFlags.beneficiaryId, ancestorId), eq(referralFlags.referralId, g.referralId)))
      .limit(1);
    const reason = flagged ? 'flagged' : await selfReferralOf(tx, ancestorId, g.referralId, null);
    if (reason) {
      if (reason !== 'flagged')
        await tx
          .insert(referralFlags)
          .values({ beneficiaryId: ancestorId, referralId: g.referralId, reason, sourceEvent: g.eventId })
          .onConflictDoNothing();
      continue;
    }
    const [reward] = await tx
      .insert(referralRewards)
      .values({
        beneficiaryId: ancestorId,
        referralId: g.referralId,
        level: depth,
        source: g.source,
        sourceEvent: g.eventId,
        sourceRef: g.sourceRef,
        amount: amount.toString(),
        status: 'pending',
        releaseAt: g.holdUntil,
        createdAt: g.earnedAt,
      })
      .onConflictDoNothing()
      .returning({ id: referralRewards.id });
    if (!reward) continue;
    await tallyEarned(tx, {
      beneficiaryId: ancestorId,
      referralId: g.referralId,
      source: g.source,
      amount,
      createdAt: g.earnedAt,
    });
    await ledger.post(tx, {
      memo: `referral reward ${reward.id} held`,
      postings: [
        { account: fundOf(g.source), amount: -amount },
        { account: 'reward_pending', userId: ancestorId, amount },
      ],
    });
    await publish(tx, 'referral.rewarded', {
      beneficiaryId: ancestorId,
      sourceEvent: g.eventId,
      level: depth,
      amount: amount.toString(),
    });
    written += 1;
  }
  return written;
}

/**
 * Releases held rewards whose time came, one person at a time: the held amounts leave
 * reward_pending and the treasury is asked to pay their sum in one transfer (payout.requested, ref =
 * the smallest reward id of the batch, which no other batch can have), so the USDT really reaches the
 * custodial address and the deposit watcher credits it as a REWARD (decision 030). One transfer
 * per person and sweep, not per reward: a 0.10 USDT reward would not pay its own gas. Each reward is
 * claimed by its status, so two sweeps never release one twice. Resolves how many it released.
 */
export async function releaseDue(db: Db, ledger: LedgerPort, now: Date, people = 100): Promise<number> {
  const due = await db
    .selectDistinct({ beneficiaryId: referralRewards.beneficiaryId })
    .from(referralRewards)
    .where(and(eq(referralRewards.status, 'pending'), lte(referralRewards.releaseAt, now)))
    .limit(people);
  let released = 0;
  for (const { beneficiaryId } of due) {
    released += await db.transaction(async (tx) => {
      const rewards = await tx
        .update(referralRewards)
        .set({ status: 'available', settledAt: now })
        .where(
          and(
            eq(referralRewards.beneficiaryId, beneficiaryId),
            eq(referralRewards.status, 'pending'),
            lte(referralRewards.releaseAt, now),
          ),
        )
        .returning();
      if (!rewards.length) return 0;
      let total = 0n;
      for (const reward of rewards) {
        const amount = BigInt(reward.amount);
        total += amount;
        await tallyMoved(tx, { ...reward, amount }, 'pending', 'available');
        await ledger.post(tx, {
          memo: `referral reward ${reward.id} released`,
          postings: [
            { account: 'reward_pending', userId: beneficiaryId, amount: -amount },
            { account: fundOf(reward.source), amount },
          ],
        });
      }
      const [payout] = await tx
        .insert(referralPayouts)
        .values({ beneficiaryId, amount: total.toString(), status: 'requested' })
        .returning({ id: referralPayouts.id });
      await tx
        .update(referralRewards)
        .set({ payoutId: payout!.id })
        .where(
          inArray(
            referralRewards.id,
            rewards.map((r) => r.id),
          ),
        );
      await publish(tx, 'payout.requested', {
        userId: beneficiaryId,
        amount: total.toString(),
        purpose: REFERRAL_PAYOUT,
        refId: payout!.id,
      });
      return rewards.length;
    });
  }
  return released;
}

/**
 * A refunded source: its held rewards are reversed (the money goes back to the fund); rewards
 * already paid are clawed back with a negative row on the person's available balance, as far as
 * that balance goes (a balance never goes below zero), into the platform's money held at their
 * address; what could not be taken is recorded.
 */
export async function reverse(tx: Tx, ledger: LedgerPort, sourceRef: string, now: Date): Promise<number> {
  const rows = await tx
    .select()
    .from(referralRewards)
    .where(and(eq(referralRewards.sourceRef, sourceRef), inArray(referralRewards.status, ['pending', 'available'])))
    .orderBy(asc(referralRewards.id));
  let undone = 0;
  for (const row of rows) {
    const amount = BigInt(row.amount);
    if (row.status === 'pending') {
      const [claimed] = await tx
        .update(referralRewards)
        .set({ status: 'reversed', settledAt: now })
        .where(and(eq(referralRewards.id, row.id), eq(referralRewards.status, 'pending')))
        .returning({ id: referralRewards.id });
      if (!claimed) continue;
      await tallyMoved(tx, { ...row, amount }, 'pending', 'reversed');
      await ledger.post(tx, {
        memo: `referral reward ${row.id} reversed`,
        postings: [
          { account: 'reward_pending', userId: row.beneficiaryId, amount: -amount },
          { account: fundOf(row.source), amount },
        ],
      });
    } else {
      const [wallet] = await tx
        .select({ userId: wallets.userId })
        .from(wallets)
        .where(eq(wallets.userId, row.beneficiaryId));
      let taken = 0n;
      if (wallet) {
        await ledger.lockWallet(tx, row.beneficiaryId);
        const { available } = await ledger.balancesOf(tx, row.beneficiaryId);
        taken = available < amount ? (available > 0n ? available : 0n) : amount;
      }
      const [claimed] = await tx
        .update(referralRewards)
        .set({ status: 'clawed_back', settledAt: now, unrecovered: (amount - taken).toString() })
        .where(and(eq(referralRewards.id, row.id), eq(referralRewards.status, 'available')))
        .returning({ id: referralRewards.id });
      if (!claimed) continue;
      await tallyMoved(tx, { ...row, amount }, 'available', 'clawed_back');
      if (taken > 0n)
        await ledger.post(tx, {
          memo: `referral reward ${row.id} clawed back`,
          postings: [
            { account: 'available', userId: row.beneficiaryId, amount: -taken },
            // The USDT stays at the person's address: the platform's again, held there (as a paid
            // promotion is), so reconciliation finds the address's balance as the books say.
            { account: 'platform_held', userId: row.beneficiaryId, amount: taken },
          ],
        });
    }
    undone += 1;
  }
  return undone;
}

/** How long rewards of a failed payout wait before the next try. */
const RETRY_MS = 60 * 60_000;

/**
 * The treasury's answer to a referral payout: paid, or failed, when its rewards go back on hold
 * (the amounts back onto reward_pending) for an hour, and a later sweep pays them with
 * a new transfer. Claimed by the payout's status, so an answer delivered twice changes nothing.
 */
export async function settlePayout(
  tx: Tx,
  ledger: LedgerPort,
  payoutId: number,
  outcome: 'paid' | 'failed',
  now: Date,
): Promise<void> {
  const [payout] = await tx
    .update(referralPayouts)
    .set({ status: outcome, settledAt: now })
    .where(and(eq(referralPayouts.id, payoutId), eq(referralPayouts.status, 'requested')))
    .returning();
  if (!payout || outcome === 'paid') return;
  const rewards = await tx
    .update(referralRewards)
    .set({ status: 'pending', payoutId: null, settledAt: null, releaseAt: new Date(now.getTime() + RETRY_MS) })
    .where(and(eq(referralRewards.payoutId, payoutId), eq(referralRewards.status, 'available')))
    .returning();
  for (const reward of rewards) {
    const amount = BigInt(reward.amount);
    await tallyMoved(tx, { ...reward, amount }, 'available', 'pending');
    await ledger.post(tx, {
      memo: `referral reward ${reward.id} held again (payout ${payoutId} failed)`,
      postings: [
        { account: fundOf(reward.source), amount: -amount },
        { account: 'reward_pending', userId: reward.beneficiaryId, amount },
      ],
    });
  }
}
