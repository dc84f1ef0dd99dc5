import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/** One-time e-mail codes (confirmation and password recovery); only a hash is kept. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'recovery', 'step_up'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    /** Wrong guesses from the client that asked for the code; five end it. */
    attempts: integer('attempts').notNull().default(0),
    /**
     * An HMAC of the address that asked for the code: guesses from elsewhere count on their own
     * (per user and hour), so a stranger cannot spend the owner's attempts.
     */
    requester: text('requester'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt)],
);

/** An account at a third-party identity provider (OpenID Connect `sub`) linked to a user. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_identities_provider_subject_unique').on(t.provider, t.subject),
    index('user_identities_user_idx').on(t.userId),
  ],
);

/** A sign-in with a provider in flight: state, nonce and PKCE verifier until the callback. */
export const oidcStates = pgTable(
  'oidc_states',
  {
    state: text('state').primaryKey(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    returnTo: text('return_to'),
    /** Set by the callback once the provider's id token checked out; the SPA then claims it once. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    isNewUser: boolean('is_new_user'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('oidc_states_expires_idx').on(t.expiresAt)],
);
