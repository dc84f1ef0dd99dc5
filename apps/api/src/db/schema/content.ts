import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** News in both languages; only PUBLISHED items reach the public list. */
export const news = pgTable(
  'news',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    status: text('status', { enum: ['DRAFT', 'PUBLISHED'] })
      .notNull()
      .default('DRAFT'),
    titleEn: text('title_en').notNull(),
    titleRu: text('title_ru').notNull(),
    bodyEn: text('body_en').notNull(),
    bodyRu: text('body_ru').notNull(),
    imageMediaId: integer('image_media_id'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index('news_status_published_idx').on(t.status, t.publishedAt)],
);
