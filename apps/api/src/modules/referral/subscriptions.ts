import { and, eq } from 'drizzle-orm';
import type { DomainEvent } from '@app/shared/domain-events';
import { REFERRAL_POOL_SHARE } from '@app/shared/constants';
import type { Tx } from '../../db/client';
import { nfts, referralFlags, referralMeetingDays } from '../../db/schema';
import type { EventBus } from '../../events/event-bus';
import { toWei } from '../../lib/wei';
import { fixTree, isAbove, uplineOf } from './closure';
import { grant, percentOf, REFERRAL_PAYOUT, reverse, settlePayout, type LedgerPort } from './rewards';
import { selfReferralOf } from './self-referral';

export interface RewardRules {
  /** USDT per level for a basic meeting. */
  meeting: readonly string[];
  /** Percent per level of the platform's share of a minted token's sale. */
  paidMeetingPercent: readonly string[];
  /** Percent per level of a business purchase's price. */
  businessPercent: readonly string[];
  holdHours: number;
}

const holdingTime = (rules: RewardRules, now: () => number) => new Date(now() + rules.holdHours * 3_600_000);

async function holdsToken(tx: Tx, userId: number): Promise<boolean> {
  const [token] = await tx
    .select({ id: nfts.id })
    .from(nfts)
    .where(and(eq(nfts.ownerId, userId), eq(nfts.status, 'OWNED')))
    .limit(1);
  return token !== undefined;
}

/** The first meeting of a pair on a UTC day claims the day's basic-meeting reward. */
async function claimsTheDay(tx: Tx, event: DomainEvent<'meeting.confirmed'>): Promise<boolean> {
  const { meetingId, userAId, userBId } = event.payload;
  const day = event.occurredAt.toISOString().slice(0, 10);
  const [low, high] = userAId < userBId ? [userAId, userBId] : [userBId, userAId];
  const [claimed] = await tx
    .insert(referralMeetingDays)
    .values({ userLowId: low, userHighId: high, day, meetingId })
    .onConflictDoNothing()
    .returning({ meetingId: referralMeetingDays.meetingId });
  return claimed !== undefined;
}

/**
 * The referral programme's income, from other modules' facts. Every handler runs once per event
 * (its delivery row) and every reward once per (event, beneficiary, level) (a unique index), so a
 * redelivered event pays nothing more.
 */
export function subscribeRewards(
  events: EventBus,
  deps: { ledger: LedgerPort; rules: RewardRules; now: () => number },
) {
  const { ledger, rules, now } = deps;
  const levels = (base: bigint, percents: readonly string[]) => percents.map((p) => percentOf(base, p));

  events.subscribe('user.registered', 'referral-tree', async (event, tx) => {
    const { userId, referrerId, visitor } = event.payload;
    if (!referrerId) return;
    await fixTree(tx, userId);
    // Registered from a browser someone above them uses: the first of the self-referral signs.
    for (const { ancestorId } of await uplineOf(tx, userId)) {
      const reason = await selfReferralOf(tx, ancestorId, userId, visitor ?? null);
      if (reason)
        await tx
          .insert(referralFlags)
          .values({ beneficiaryId: ancestorId, referralId: userId, reason, sourceEvent: event.id })
          .onConflictDoNothing();
    }
  });

  events.subscribe('meeting.confirmed', 'referral-basic-meeting', async (event, tx) => {
    const { meetingId, userAId, userBId } = event.payload;
    // A referrer meeting their own referral (any level apart) earns nothing from it.
    if ((await isAbove(tx, userAId, userBId)) || (await isAbove(tx, userBId, userAId))) return;
    if (!(await claimsTheDay(tx, event))) return;
    const amounts = rules.meeting.map(toWei);
    for (const referralId of [userAId, userBId]) {
      if (!(await holdsToken(tx, referralId))) continue;
      await grant(tx, ledger, {
        eventId: event.id,
        source: 'basic_meeting',
        sourceRef: `meeting:${meetingId}`,
        referralId,
        amounts,
        earnedAt: new Date(now()),
        holdUntil: holdingTime(rules, now),
      });
    }
  });

  events.subscribe('token.sold', 'referral-paid-meeting', async (event, tx) => {
    const { parent1Id, parent2Id, price, purchaseId } = event.payload;
    const share = (BigInt(price) * BigInt(Math.round(REFERRAL_POOL_SHARE * 10_000))) / 10_000n;
    for (const parentId of new Set([parent1Id, parent2Id])) {
      if (parentId === null) continue;
      await grant(tx, ledger, {
        eventId: event.id,
        source: 'paid_meeting',
        sourceRef: `purchase:${purchaseId}`,
        referralId: parentId,
        amounts: levels(share, rules.paidMeetingPercent),
        earnedAt: new Date(now()),
        holdUntil: holdingTime(rules, now),
      });
    }
  });

  events.subscribe('purchase.completed', 'referral-business-purchase', async (event, tx) => {
    const { userId, purchaseId, price, fromSupply } = event.payload;
    if (!fromSupply) return;
    await grant(tx, ledger, {
      eventId: event.id,
      source: 'business_purchase',
      sourceRef: `purchase:${purchaseId}`,
      referralId: userId,
      amounts: levels(BigInt(price), rules.businessPercent),
      earnedAt: new Date(now()),
      holdUntil: holdingTime(rules, now),
    });
  });

  events.subscribe('promotion.purchased', 'referral-business-promotion', async (event, tx) => {
    const { userId, promotionId, price } = event.payload;
    await grant(tx, ledger, {
      eventId: event.id,
      source: 'business_purchase',
      sourceRef: `promotion:${promotionId}`,
      referralId: userId,
      amounts: levels(BigInt(price), rules.businessPercent),
      earnedAt: new Date(now()),
      holdUntil: holdingTime(rules, now),
    });
  });

  events.subscribe('purchase.refunded', 'referral-purchase-refund', async (event, tx) => {
    await reverse(tx, ledger, `purchase:${event.payload.purchaseId}`, new Date(now()));
  });

  events.subscribe('promotion.refunded', 'referral-promotion-refund', async (event, tx) => {
    await reverse(tx, ledger, `promotion:${event.payload.promotionId}`, new Date(now()));
  });

  events.subscribe('payout.settled', 'referral-payout-settled', async (event, tx) => {
    const { purpose, refId, outcome } = event.payload;
    if (purpose !== REFERRAL_PAYOUT) return;
    await settlePayout(tx, ledger, refId, outcome, new Date(now()));
  });
}
