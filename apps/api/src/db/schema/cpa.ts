import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CPA_ACTIONS, CPA_CONVERSION_STATUSES, CPA_PARTNER_STATUSES } from '@app/shared/schemas/cpa-programme';
import { users } from './users';

const wei = (name: string) => numeric(name, { precision: 78, scale: 0 });
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A person's standing in the partner programme: an application (traffic sources, contact), then an
 * admin's decision. The signing secret is the partner's own (they see it in the cabinet); during a
 * rotation the previous one still signs until previous_until.
 */
export const cpaPartners = pgTable('cpa_partners', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  status: text('status', { enum: CPA_PARTNER_STATUSES }).notNull(),
  trafficSources: text('traffic_sources').notNull(),
  contact: text('contact').notNull(),
  rejectReason: text('reject_reason'),
  secret: text('secret').notNull(),
  previousSecret: text('previous_secret'),
  previousUntil: at('previous_until'),
  appliedAt: at('applied_at').notNull().defaultNow(),
  decidedAt: at('decided_at'),
  decidedBy: integer('decided_by'),
});

/** The programme's settings, one row (id 1), changed by admins; absent means the defaults. */
export const cpaSettings = pgTable('cpa_settings', {
  id: smallint('id').primaryKey(),
  payoutPurchase: wei('payout_purchase').notNull(),
  payoutFirstMeet: wei('payout_first_meet').notNull(),
  payoutFillProfile: wei('payout_fill_profile').notNull(),
  windowHours: integer('window_hours').notNull(),
  holdHours: integer('hold_hours').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
  updatedBy: integer('updated_by'),
});

/**
 * A registration bound to a partner link for good (one partner per person): the click it came
 * from, and keyed hashes of the registering device and address for the fraud rules.
 */
export const cpaAttributions = pgTable(
  'cpa_attributions',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    linkId: integer('link_id').notNull(),
    partnerId: integer('partner_id').notNull(),
    hitId: integer('hit_id'),
    clickedAt: at('clicked_at').notNull(),
    uid: text('uid'),
    visitor: text('visitor'),
    addressHash: text('address_hash'),
    registeredAt: at('registered_at').notNull(),
  },
  (t) => [
    index('cpa_attributions_link_idx').on(t.linkId),
    index('cpa_attributions_partner_address_idx').on(t.partnerId, t.addressHash),
    index('cpa_attributions_partner_visitor_idx').on(t.partnerId, t.visitor),
  ],
);

/**
 * One reward action of an attributed person: fill_profile and first_meet once per person, purchase
 * once per purchase (the source). Pending until hold_until, then approved; or rejected with a
 * reason the partner reads; paid once a payout took it.
 */
export const cpaConversions = pgTable(
  'cpa_conversions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    linkId: integer('link_id').notNull(),
    partnerId: integer('partner_id').notNull(),
    userId: integer('user_id').notNull(),
    action: text('action', { enum: CPA_ACTIONS }).notNull(),
    source: text('source').notNull(),
    /** What the person spent (a purchase's price): the link's value. */
    value: wei('value').notNull().default('0'),
    payout: wei('payout').notNull(),
    status: text('status', { enum: CPA_CONVERSION_STATUSES }).notNull(),
    reason: text('reason'),
    uid: text('uid'),
    holdUntil: at('hold_until').notNull(),
    payoutId: integer('payout_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    decidedAt: at('decided_at'),
  },
  (t) => [
    uniqueIndex('cpa_conversions_once').on(t.userId, t.action, t.source),
    index('cpa_conversions_partner_idx').on(t.partnerId, t.id),
    index('cpa_conversions_link_idx').on(t.linkId, t.createdAt),
    index('cpa_conversions_due_idx')
      .on(t.holdUntil)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * One postback to send (its id is the webhook-id and {event_id}): a conversion's status, or a test
 * the partner fired. Delivered by a job; never sent again once a 2xx came back.
 */
export const cpaPostbacks = pgTable(
  'cpa_postbacks',
  {
    id: uuid('id').primaryKey(),
    partnerId: integer('partner_id').notNull(),
    linkId: integer('link_id').notNull(),
    conversionId: integer('conversion_id'),
    action: text('action').notNull(),
    status: text('status').notNull(),
    payout: wei('payout').notNull(),
    uid: text('uid'),
    state: text('state', { enum: ['queued', 'delivered', 'failed', 'disabled'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** When the next try is due (backoff with jitter); a relay hands due rows to jobs. */
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    /** A relay took it for a job until then; after it, another relay may take it again. */
    claimedUntil: at('claimed_until'),
    /** A try is under way until then: a second job for the same postback waits its turn. */
    sendingUntil: at('sending_until'),
    createdAt: at('created_at').notNull().defaultNow(),
    deliveredAt: at('delivered_at'),
  },
  (t) => [
    index('cpa_postbacks_partner_idx').on(t.partnerId, t.createdAt),
    index('cpa_postbacks_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'queued'`),
    // The monitor counts postbacks that failed for good without reading the delivered ones.
    index('cpa_postbacks_failed_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = 'failed'`),
  ],
);

/** Every try of a postback, as the partner sees it: when, the answer's status, how long, its first 1 KB. */
export const cpaPostbackAttempts = pgTable(
  'cpa_postback_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postbackId: uuid('postback_id').notNull(),
    url: text('url').notNull(),
    httpStatus: integer('http_status'),
    error: text('error'),
    latencyMs: integer('latency_ms').notNull(),
    response: text('response'),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('cpa_postback_attempts_postback_idx').on(t.postbackId, t.id)],
);

/** A partner's request to be paid their approved rewards: one treasury transfer to their wallet. */
export const cpaPayouts = pgTable(
  'cpa_payouts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id').notNull(),
    amount: wei('amount').notNull(),
    status: text('status', { enum: ['requested', 'paid', 'failed'] }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    settledAt: at('settled_at'),
  },
  (t) => [index('cpa_payouts_partner_idx').on(t.partnerId, t.id)],
);
