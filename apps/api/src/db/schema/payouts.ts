import { index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Money the platform pays a person from the treasury into their custodial address (a partner's
 * payout): requested by another module through the `payout.requested` event, sent on chain by the
 * signing process, and credited as a REWARD deposit when the deposit watcher sees it arrive.
 */
export const treasuryPayouts = pgTable(
  'treasury_payouts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    /** Who asked and for what: ('cpa', payout id). One transfer per pair however often it is asked. */
    purpose: text('purpose').notNull(),
    refId: integer('ref_id').notNull(),
    status: text('status', { enum: ['REQUESTED', 'PROCESSING', 'SENT', 'FAILED'] }).notNull(),
    txHash: text('tx_hash'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('treasury_payouts_ref_unique').on(t.purpose, t.refId),
    index('treasury_payouts_tx_idx').on(t.txHash),
    index('treasury_payouts_status_idx').on(t.status),
  ],
);
