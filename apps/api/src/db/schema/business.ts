import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { COMPANY_CATEGORIES } from '@app/shared/schemas/business-categories';
import { media } from './media';
import { users } from './users';

const wei = (name: string) => numeric(name, { precision: 78, scale: 0 });
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A person's company (PRODUCT.md "My business"): at most one per person, and having one makes the
 * account a Business account. Removing the company deletes this row; its paid promotions stay.
 */
export const companies = pgTable(
  'companies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    category: text('category', { enum: COMPANY_CATEGORIES }).notNull(),
    website: text('website'),
    description: text('description').notNull().default(''),
    logoId: integer('logo_id').references(() => media.id, { onDelete: 'set null' }),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('companies_owner_unique').on(t.ownerId),
    uniqueIndex('companies_name_unique').on(sql`lower(${t.name})`),
  ],
);

/**
 * A paid promoted pin of a company for `days` days from starts_at (a purchase while another runs
 * starts when it ends). company_id outlives the company (no foreign key): the history of payments
 * stays after a removal, which sets ended_at and, for a promotion not yet started, refunded_at.
 */
export const businessPromotions = pgTable(
  'business_promotions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id').notNull(),
    companyName: text('company_name').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    days: smallint('days').notNull(),
    price: wei('price').notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    endedAt: at('ended_at'),
    refundedAt: at('refunded_at'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('business_promotions_idempotency_unique').on(t.userId, t.idempotencyKey),
    index('business_promotions_company_idx').on(t.companyId, t.endsAt),
    index('business_promotions_live_idx')
      .on(t.endsAt)
      .where(sql`${t.endedAt} is null`),
  ],
);
