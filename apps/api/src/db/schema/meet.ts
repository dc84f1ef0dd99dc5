import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { MOODS, RESTRICTION_REASONS } from '@app/shared/schemas/meet';
import { users } from './users';

/**
 * A raised hand: one row per user while it is up. The position is the exact one the device sent,
 * kept only while the hand is up (the row is deleted when it is lowered or expires) and only so the
 * nearby index can be rebuilt after a restart. It never leaves the server (PRODUCT.md).
 */
export const hands = pgTable(
  'hands',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    mood: text('mood', { enum: MOODS }).notNull(),
    note: text('note'),
    durationHours: smallint('duration_hours').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    accuracy: real('accuracy'),
    positionAt: timestamp('position_at', { withTimezone: true }).notNull(),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('hands_expires_idx').on(t.expiresAt)],
);

/**
 * A meeting the detector found between two users (stored in order: low id, high id), and each
 * side's confirmation by scanning the other's code. A pair may meet again; the newest row counts.
 */
export const meetings = pgTable(
  'meetings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userLowId: integer('user_low_id')
      .notNull()
      .references(() => users.id),
    userHighId: integer('user_high_id')
      .notNull()
      .references(() => users.id),
    metAt: timestamp('met_at', { withTimezone: true }).notNull(),
    lowConfirmedAt: timestamp('low_confirmed_at', { withTimezone: true }),
    highConfirmedAt: timestamp('high_confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('meetings_pair_idx').on(t.userLowId, t.userHighId, t.id),
    index('meetings_user_high_idx').on(t.userHighId),
    // The monitor's "meetings in progress": found, not yet confirmed by both (a small, short-lived set).
    index('meetings_unconfirmed_idx')
      .on(t.metAt)
      .where(sql`${t.lowConfirmedAt} is null or ${t.highConfirmedAt} is null`),
    check('meetings_pair_ordered', sql`${t.userLowId} < ${t.userHighId}`),
  ],
);

export const MINT_ATTEMPT_OUTCOMES = ['pending', 'success', 'failure', 'technical_failure'] as const;

/**
 * Every mint attempt and its draw, kept for good. A pair may hold one attempt that is not a
 * technical failure (the unique index): two concurrent requests cannot both mint, and a pair mints
 * again only after a technical failure (SPEC.md section 4).
 */
export const mintAttempts = pgTable(
  'mint_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    meetingId: integer('meeting_id')
      .notNull()
      .references(() => meetings.id),
    userLowId: integer('user_low_id')
      .notNull()
      .references(() => users.id),
    userHighId: integer('user_high_id')
      .notNull()
      .references(() => users.id),
    /** Who pressed the button. */
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    type: smallint('type').notNull(),
    outcome: text('outcome', { enum: MINT_ATTEMPT_OUTCOMES }).notNull(),
    /** The published chance used, and the uniform draw in [0, 1) it was compared with. */
    chance: numeric('chance', { precision: 6, scale: 5 }).notNull(),
    roll: numeric('roll', { precision: 12, scale: 10 }).notNull(),
    nftId: integer('nft_id'),
    transactionId: integer('transaction_id'),
    txHash: text('tx_hash'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mint_attempts_pair_unique')
      .on(t.userLowId, t.userHighId)
      .where(sql`${t.outcome} <> 'technical_failure'`),
    index('mint_attempts_user_high_idx').on(t.userHighId),
    check('mint_attempts_pair_ordered', sql`${t.userLowId} < ${t.userHighId}`),
  ],
);

/** Which accounts a device fingerprint was used by (device protection: one device, many accounts). */
export const deviceSightings = pgTable(
  'device_sightings',
  {
    fingerprint: text('fingerprint').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.fingerprint, t.userId] }), index('device_sightings_user_idx').on(t.userId)],
);

/** A device-protection flag: minting is refused until endsAt (at most 72 h after it was raised). */
export const mintRestrictions = pgTable(
  'mint_restrictions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason', { enum: RESTRICTION_REASONS }).notNull(),
    detail: jsonb('detail'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('mint_restrictions_user_idx').on(t.userId, t.endsAt)],
);
