import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A person's TOTP authenticator. The secret is sealed with a server key (lib/secret-box), so a
 * copy of the database alone cannot make codes. `enabledAt` is null while the enrolment waits for
 * its first code; `lastStep` is the 30-second step of the last accepted code, which may not be
 * used again (replay).
 */
export const totpCredentials = pgTable('totp_credentials', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealedSecret: text('sealed_secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: integer('last_step'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes of a TOTP enrolment, kept as keyed hashes. */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('totp_recovery_codes_hash_unique').on(t.userId, t.codeHash)],
);

/**
 * Addresses a person withdrew to (lower-case). A withdrawal to an address first seen less than
 * WITHDRAW_NEW_ADDRESS_HOURS ago waits, unless the mailed link confirmed it (`confirmedAt`).
 */
export const withdrawAddresses = pgTable(
  'withdraw_addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('withdraw_addresses_user_address_unique').on(t.userId, t.address),
    index('withdraw_addresses_user_idx').on(t.userId),
  ],
);
