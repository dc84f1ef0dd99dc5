import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** An uploaded image (SPEC.md albums); its resized variants live in the file store under `storageKey`. */
export const media = pgTable(
  'media',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    album: text('album', { enum: ['profile_photos', 'kyc', 'channel_photos', 'news'] }).notNull(),
    targetId: integer('target_id'),
    storageKey: text('storage_key').notNull(),
    /** Size name -> { width, height, bytes } of each stored variant. */
    variants: jsonb('variants').$type<Record<string, { width: number; height: number; bytes: number }>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('media_user_album_idx').on(t.userId, t.album)],
);
