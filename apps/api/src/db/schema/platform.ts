import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The outbox of domain events: a row is written in the same transaction as the change it reports,
 * so an event is never lost to a crash between commit and delivery. `dispatchedAt` is set once a
 * delivery job exists for every subscriber; a crash before that only makes the relay send it again.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** A relay that took the event holds it until then; after a crash another takes it over. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  // A partial index keeps the relay's scan small however long the log grows.
  (t) => [
    index('domain_events_undispatched_idx')
      .on(t.occurredAt)
      .where(sql`${t.dispatchedAt} is null`),
  ],
);

/** One row per (event, handler) that has taken effect: the handler's writes and this row commit together. */
export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    eventId: uuid('event_id').notNull(),
    handler: text('handler').notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.handler] })],
);

/**
 * Every transaction the platform signs, written before it is broadcast: after a crash the signed
 * bytes are sent again (same nonce, so it can never run twice) or found dropped, instead of guessed.
 */
export const chainSends = pgTable(
  'chain_sends',
  {
    hash: text('hash').primaryKey(),
    fromAddress: text('from_address').notNull(),
    nonce: integer('nonce').notNull(),
    raw: text('raw').notNull(),
    /** What the transaction does: a purchase step, a withdrawal, a mint, a supply or a grant. */
    purpose: text('purpose').notNull(),
    /** The row it belongs to (a crypto transaction, a mint attempt), when there is one. */
    refId: integer('ref_id'),
    detail: jsonb('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when its outcome is recorded where it belongs: mined, reverted or dropped. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    outcome: text('outcome', { enum: ['mined', 'reverted', 'dropped'] }),
  },
  (t) => [
    index('chain_sends_unsettled_idx')
      .on(t.purpose, t.createdAt)
      .where(sql`${t.settledAt} is null`),
  ],
);

/**
 * The chain workers' retries: a row whose step threw (the node did not answer, a signer was
 * refused) waits before its next try, longer each time, and after the last try is parked
 * (`deadAt`) until an admin retries it from /control/jobs. `kind` names the worker
 * ('purchase', 'withdrawal', 'payout'), `refId` its row. No row: the step has not failed.
 */
export const chainStepRetries = pgTable(
  'chain_step_retries',
  {
    kind: text('kind').notNull(),
    refId: integer('ref_id').notNull(),
    tries: integer('tries').notNull(),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
    lastError: text('last_error').notNull(),
    deadAt: timestamp('dead_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.refId] })],
);

/** What reconciliation found between the chain and the database; `repairedAt` when it fixed it itself. */
export const reconciliationDifferences = pgTable(
  'reconciliation_differences',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    runId: uuid('run_id').notNull(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    expected: text('expected'),
    actual: text('actual'),
    block: bigint('block', { mode: 'bigint' }),
    repairedAt: timestamp('repaired_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reconciliation_open_idx')
      .on(t.kind, t.subject)
      .where(sql`${t.resolvedAt} is null`),
  ],
);
