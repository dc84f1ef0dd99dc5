import { z } from 'zod';

/**
 * The facts modules tell each other. A module publishes one of these; others subscribe instead of
 * importing it. Payloads are small and stable: ids and amounts (wei as decimal strings), never
 * whole rows, so a handler reads what it needs and an old event still parses after a change.
 */
const id = z.number().int().positive();
const wei = z.string().regex(/^\d+$/);
const level = z.number().int().min(0).max(3);

export const domainEventSchemas = {
  'user.registered': z.object({
    userId: id,
    referrerId: id.nullable(),
    partnerLinkId: id.nullable(),
    /** The registering browser (lib/visitor.ts visitorOf) and a keyed hash of its address: fraud rules. */
    visitor: z.string().nullable().optional(),
    addressHash: z.string().nullable().optional(),
  }),
  'profile.completed': z.object({ userId: id }),
  'deposit.credited': z.object({
    userId: id,
    transactionId: id,
    amount: wei,
    kind: z.enum(['INPUT', 'REWARD']),
    currency: z.enum(['USDT', 'BNB']),
  }),
  'withdrawal.requested': z.object({ userId: id, transactionId: id, amount: wei }),
  'withdrawal.sent': z.object({ userId: id, transactionId: id, amount: wei }),
  'purchase.completed': z.object({ userId: id, purchaseId: id, nftId: id, level, price: wei, fromSupply: z.boolean() }),
  'purchase.refunded': z.object({
    userId: id,
    purchaseId: id,
    level,
    price: wei,
    /** `refused`: the KYC gate closed while the purchase waited in the queue. */
    reason: z.enum(['cancelled', 'failed', 'refused']),
  }),
  'token.sold': z.object({
    nftId: id,
    level,
    price: wei,
    buyerId: id,
    parent1Id: id.nullable(),
    parent2Id: id.nullable(),
    purchaseId: id,
  }),
  'token.minted': z.object({ nftId: id, level, parent1Id: id, parent2Id: id, attemptId: id }),
  'meeting.confirmed': z.object({ meetingId: id, userAId: id, userBId: id }),
  // Room for the modules that come next; their publishers fill these in.
  'kyc.decided': z.object({ userId: id, applicationId: id, status: z.string(), maxNftType: level.nullable() }),
  'referral.rewarded': z.object({ beneficiaryId: id, sourceEvent: z.string(), level: z.number().int(), amount: wei }),
  /** A module asks the treasury to pay a person (a partner's payout); `purpose` and `refId` make it once. */
  'payout.requested': z.object({ userId: id, amount: wei, purpose: z.string(), refId: id }),
  /** The treasury's transfer for that request arrived (`paid`) or will never be sent (`failed`). */
  'payout.settled': z.object({ userId: id, purpose: z.string(), refId: id, outcome: z.enum(['paid', 'failed']) }),
  'conversion.recorded': z.object({ conversionId: id, linkId: id, userId: id, action: z.string() }),
  /** A company's promoted map pin was paid from its owner's wallet (a referral "business purchase"). */
  'promotion.purchased': z.object({ userId: id, companyId: id, promotionId: id, days: z.number().int(), price: wei }),
  /** That payment went back to the wallet (the promotion was refused or cancelled before it ran). */
  'promotion.refunded': z.object({ userId: id, companyId: id, promotionId: id, price: wei }),
  /** Staff blocked the account: its hand drops from the map (its sessions end with the block). */
  'user.blocked': z.object({ userId: id }),
  /** Staff warned the person about a report: they hear it by push and mail. */
  'user.warned': z.object({ userId: id, reportId: id }),
} as const;

export type DomainEventType = keyof typeof domainEventSchemas;
export type DomainEventPayload<T extends DomainEventType> = z.infer<(typeof domainEventSchemas)[T]>;

/** An event as handlers receive it: its id (the idempotency key of every handler) and when it happened. */
export interface DomainEvent<T extends DomainEventType = DomainEventType> {
  id: string;
  type: T;
  payload: DomainEventPayload<T>;
  occurredAt: Date;
}

export const DOMAIN_EVENT_TYPES = Object.keys(domainEventSchemas) as DomainEventType[];
