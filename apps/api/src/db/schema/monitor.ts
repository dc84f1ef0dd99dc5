import { date, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The admin monitor's daily figures (registrations, sales by level, deposits, withdrawals,
 * meetings, mints), kept up to date by subscribers to the domain events, so no screen ever counts
 * a big table. One row per metric, UTC day and dimension (a level, a currency, or '' for none).
 */
export const dailyRollups = pgTable(
  'daily_rollups',
  {
    metric: text('metric').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    dimension: text('dimension').notNull().default(''),
    count: integer('count').notNull().default(0),
    /** A sum of wei (USDT's smallest unit) where the metric moves money, else 0. */
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.metric, t.day, t.dimension] })],
);
