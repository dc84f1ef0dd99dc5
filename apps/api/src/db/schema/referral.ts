import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { REFERRAL_REWARD_SOURCES, REFERRAL_REWARD_STATUSES, SELF_REFERRAL_REASONS } from '@app/shared/schemas/referral';
import { users } from './users';

const wei = (name: string) => numeric(name, { precision: 78, scale: 0 });
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The referral tree as it was when each person registered (PRODUCT.md "Referrals"): one row per
 * ancestor up to three levels above. Rewards read it, never users.referrer_id, so a later change of
 * a referrer (admins only) changes future rewards and never rewrites past ones.
 */
export const referralClosure = pgTable(
  'referral_closure',
  {
    descendantId: integer('descendant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    depth: smallint('depth').notNull(),
    ancestorId: integer('ancestor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
    /** When this descendant last earned this ancestor a reward: "active referrals" of a period. */
    lastRewardedAt: at('last_rewarded_at'),
  },
  (t) => [
    primaryKey({ columns: [t.descendantId, t.depth] }),
    index('referral_closure_active_idx').on(t.ancestorId, t.lastRewardedAt),
    // The tree screen pages one person's referrals, newest first, per depth.
    index('referral_closure_ancestor_idx').on(t.ancestorId, t.depth, t.descendantId),
    // Registrations of a period (depth 1) from the index alone.
    index('referral_closure_ancestor_created_idx').on(t.ancestorId, t.createdAt, t.depth),
  ],
);

/**
 * One reward to one person of a referral's upline, once per (source event, beneficiary, level).
 * `sourceRef` names what a refund undoes (purchase:ID, promotion:ID, meeting:ID). The money is in
 * the ledger: held on the person's reward_pending account, then paid by the treasury.
 */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    beneficiaryId: integer('beneficiary_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referralId: integer('referral_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    level: smallint('level').notNull(),
    source: text('source', { enum: REFERRAL_REWARD_SOURCES }).notNull(),
    sourceEvent: text('source_event').notNull(),
    sourceRef: text('source_ref').notNull(),
    amount: wei('amount').notNull(),
    status: text('status', { enum: REFERRAL_REWARD_STATUSES }).notNull(),
    releaseAt: at('release_at').notNull(),
    /** What a clawback could not take back because the person had already spent it. */
    unrecovered: wei('unrecovered'),
    /** The treasury transfer that paid it (released rewards). */
    payoutId: integer('payout_id'),
    settledAt: at('settled_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referral_rewards_once_unique').on(t.sourceEvent, t.beneficiaryId, t.level),
    // Covering: the screen's sums over a period read the index alone.
    index('referral_rewards_beneficiary_idx').on(t.beneficiaryId, t.createdAt, t.source, t.status, t.amount),
    index('referral_rewards_from_idx').on(t.beneficiaryId, t.referralId, t.amount),
    index('referral_rewards_page_idx').on(t.beneficiaryId, t.id),
    index('referral_rewards_source_ref_idx').on(t.sourceRef),
    index('referral_rewards_payout_idx')
      .on(t.payoutId)
      .where(sql`${t.payoutId} is not null`),
    index('referral_rewards_due_idx')
      .on(t.releaseAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** A basic meeting pays once per pair of people per UTC day: the first meeting of the day claims it. */
export const referralMeetingDays = pgTable(
  'referral_meeting_days',
  {
    userLowId: integer('user_low_id').notNull(),
    userHighId: integer('user_high_id').notNull(),
    day: text('day').notNull(),
    meetingId: integer('meeting_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userLowId, t.userHighId, t.day] })],
);

/** A reward withheld as self-referral, for the admins' list; once per (beneficiary, referral, reason). */
export const referralFlags = pgTable(
  'referral_flags',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    beneficiaryId: integer('beneficiary_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referralId: integer('referral_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: SELF_REFERRAL_REASONS }).notNull(),
    sourceEvent: text('source_event').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referral_flags_pair_unique').on(t.beneficiaryId, t.referralId, t.reason),
    index('referral_flags_created_idx').on(t.createdAt),
  ],
);

/**
 * A person's rewards summed per UTC day (of earning), source and current status, kept in the
 * transaction of every reward's change: the referral screen's figures read a few hundred of these
 * rows instead of every reward (10,000 referrals can mean 100,000 rewards).
 */
export const referralIncomeDays = pgTable(
  'referral_income_days',
  {
    beneficiaryId: integer('beneficiary_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    source: text('source', { enum: REFERRAL_REWARD_SOURCES }).notNull(),
    status: text('status', { enum: REFERRAL_REWARD_STATUSES }).notNull(),
    amount: wei('amount').notNull(),
    rewards: integer('rewards').notNull(),
  },
  (t) => [primaryKey({ columns: [t.beneficiaryId, t.day, t.source, t.status] })],
);

/** What each referral earned a person per UTC month (not reversed): the month's top referrals. */
export const referralIncomeMonths = pgTable(
  'referral_income_months',
  {
    beneficiaryId: integer('beneficiary_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    referralId: integer('referral_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: wei('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.beneficiaryId, t.month, t.referralId] }),
    index('referral_income_months_top_idx').on(t.beneficiaryId, t.month, t.amount),
  ],
);

/**
 * One treasury transfer of a person's released rewards (its id is the payout's ref). A failed one
 * puts its rewards back on hold, and a later sweep pays them with a new transfer.
 */
export const referralPayouts = pgTable(
  'referral_payouts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    beneficiaryId: integer('beneficiary_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: wei('amount').notNull(),
    status: text('status', { enum: ['requested', 'paid', 'failed'] }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    settledAt: at('settled_at'),
  },
  (t) => [index('referral_payouts_beneficiary_idx').on(t.beneficiaryId, t.id)],
);
