import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One row per sign-in. The access token carries the id, so ending the row ends the token before
 * its own expiry (logout, password reset or change, "log out everywhere", ending it from the list).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** "Chrome on Windows": read from the user agent at sign-in, shown in the sessions list. */
    device: text('device').notNull(),
    /** Two-letter country from a trusted proxy header (CF-IPCountry) when one came along. */
    country: text('country'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved forward at most once a minute, so a busy client costs no write per request. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedReason: text('ended_reason', {
      enum: ['logout', 'ended', 'end_all', 'password_reset', 'password_change', 'blocked'],
    }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When this sign-in last proved the account's TOTP: staff routes ask for it (decision 029). */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId, t.lastSeenAt)],
);

export type SessionRow = typeof sessions.$inferSelect;
export type SessionEndReason = NonNullable<SessionRow['endedReason']>;
