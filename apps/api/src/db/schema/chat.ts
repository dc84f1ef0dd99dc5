import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { REPORT_REASONS, REPORT_STATUSES } from '@app/shared/schemas/chat';
import { SCAM_WARNINGS } from '@app/shared/scam-detector';
import { users } from './users';

/**
 * A one-to-one conversation. The pair is stored in order (low id, high id) and unique, so both
 * users starting a chat at once land in the same row.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userLowId: integer('user_low_id')
      .notNull()
      .references(() => users.id),
    userHighId: integer('user_high_id')
      .notNull()
      .references(() => users.id),
    /** The newest message, kept on send so the list orders and shows it without scanning. */
    lastMessageId: integer('last_message_id'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_unique').on(t.userLowId, t.userHighId),
    index('conversations_user_high_idx').on(t.userHighId),
    check('conversations_pair_ordered', sql`${t.userLowId} < ${t.userHighId}`),
  ],
);

/** One row per participant: who the other one is, and how far this one has read. */
export const chatMembers = pgTable(
  'chat_members',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    peerId: integer('peer_id')
      .notNull()
      .references(() => users.id),
    /** Messages up to this id are read (0: none). */
    lastReadMessageId: integer('last_read_message_id').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('chat_members_user_idx').on(t.userId)],
);

/**
 * A message. (sender, client message id) is unique: a retry of the same message, however many run
 * at once, inserts one row and delivers it once.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id),
    clientMessageId: uuid('client_message_id').notNull(),
    text: text('text').notNull(),
    /** What the scam detector found; shown to the receiver. */
    scamWarning: text('scam_warning', { enum: SCAM_WARNINGS })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_messages_client_id_unique').on(t.senderId, t.clientMessageId),
    index('chat_messages_conversation_idx').on(t.conversationId, t.id),
  ],
);

/** `blockerId` blocked `blockedId`: no messages either way while the row exists. */
export const chatBlocks = pgTable(
  'chat_blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('chat_blocks_blocked_idx').on(t.blockedId)],
);

/** A user's report of another user, resolved in the admin area. */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    comment: text('comment'),
    messageId: integer('message_id').references(() => chatMessages.id),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('OPEN'),
    note: text('note'),
    /** The staff member who took the report; null while it waits in the open queue. */
    assignedToId: integer('assigned_to_id').references(() => users.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    resolvedById: integer('resolved_by_id').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index('reports_status_idx').on(t.status, t.id), index('reports_user_idx').on(t.userId)],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type ReportRow = typeof reports.$inferSelect;
