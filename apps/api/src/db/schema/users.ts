import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/** SPEC.md section 3 "User". Profile fields are optional until the profile is completed. */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    role: text('role', { enum: ['user', 'moderator', 'admin'] })
      .notNull()
      .default('user'),
    isPartner: boolean('is_partner').notNull().default(false),
    email: text('email').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    surName: text('sur_name'),
    domain: text('domain'),
    gender: smallint('gender'),
    birthday: timestamp('birthday', { withTimezone: true }),
    phone: text('phone'),
    country: text('country'),
    locale: text('locale').notNull().default('en'),
    /** The user whose promo code brought this one (set once). */
    referrerId: integer('referrer_id').references((): AnyPgColumn => users.id),
    avatarMediaId: integer('avatar_media_id'),
    /** The partner link (and the partner's click id) a registration came through. */
    cpaLinkId: integer('cpa_link_id'),
    cpaUid: text('cpa_uid'),
    /** Meet and play ghost mode: hidden from every map and list. */
    ghost: boolean('ghost').notNull().default(false),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_domain_unique').on(sql`lower(${t.domain})`),
    index('users_created_at_idx').on(t.createdAt),
    index('users_referrer_idx').on(t.referrerId),
  ],
);

export type UserRow = typeof users.$inferSelect;
