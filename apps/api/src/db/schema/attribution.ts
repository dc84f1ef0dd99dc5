import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A visit through a referral link (/ref/{code}), counted once per visitor and referrer. */
export const referralHits = pgTable(
  'referral_hits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    referrerId: integer('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    visitor: text('visitor').notNull(),
    /** The server's own signal (lib/visitor.ts originOf): a rotated visitor id still counts once a day. */
    origin: text('origin'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referral_hits_referrer_visitor_unique').on(t.referrerId, t.visitor),
    uniqueIndex('referral_hits_referrer_origin_unique').on(t.referrerId, t.origin),
    index('referral_hits_created_idx').on(t.createdAt),
    // The referral screen counts one person's hits of a period.
    index('referral_hits_referrer_created_idx').on(t.referrerId, t.createdAt),
  ],
);

/**
 * A visit through a partner (CPA) link, counted once per visitor and link, with the partner's
 * click id; registrations made within the attribution window carry the link on the user row.
 */
export const cpaHits = pgTable(
  'cpa_hits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    linkId: integer('link_id').notNull(),
    visitor: text('visitor').notNull(),
    partnerUid: text('partner_uid'),
    /** The server's own signal (lib/visitor.ts originOf): a rotated visitor id still counts once a day. */
    origin: text('origin'),
    /** The click's own id: random, so it tells nothing about how many came before. */
    clickId: uuid('click_id').notNull().defaultRandom(),
    /** The page the visitor arrived on (one of CPA_LANDINGS), when the browser said. */
    landing: text('landing'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cpa_hits_link_visitor_unique').on(t.linkId, t.visitor),
    uniqueIndex('cpa_hits_link_origin_unique').on(t.linkId, t.origin),
    index('cpa_hits_created_idx').on(t.createdAt),
  ],
);

/**
 * A partner (CPA) link: its URL carries cpa=<id>. Deleting one sets deleted_at and keeps the row,
 * so its hits and the registrations bound to it keep their history; a deleted link counts nothing new.
 */
export const cpaLinks = pgTable(
  'cpa_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** One of CPA_LANDINGS: where the link sends people. */
    landing: text('landing').notNull(),
    callbackUrl: text('callback_url'),
    /** Set when the callback answered 410 Gone: no postbacks until the partner saves a callback again. */
    callbackDisabledAt: timestamp('callback_disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('cpa_links_user_idx')
      .on(t.userId, t.id)
      .where(sql`${t.deletedAt} is null`),
  ],
);
