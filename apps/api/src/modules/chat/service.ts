import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  NEW_MESSAGE_NOTIFICATION,
  type ChatMessage,
  type Conversation,
  type ConversationList,
  type ConversationListQuery,
  type MessageList,
  type MessageListQuery,
  type ReadResult,
  type SendMessageRequest,
} from '@app/shared/schemas/chat';
import { detectScam } from '@app/shared/scam-detector';
import type { ServerToClientEvents } from '@app/shared/socket-events';
import type { Db, Tx } from '../../db/client';
import { chatMembers, chatMessages, conversations, users, type ChatMessageRow } from '../../db/schema';
import { one } from '../../db/rows';
import { AppError } from '../../lib/app-error';
import { blockedIds, isBlockedEitherWay } from '../people/blocks';
import { displayName, peerColumns, toPeer } from '../people/peer';

/** Emits an event to every socket of one user (realtime.toUser). */
export type Emit = <E extends keyof ServerToClientEvents>(
  userId: number,
  event: E,
  ...args: Parameters<ServerToClientEvents[E]>
) => void;

export interface ChatContext {
  db: Db;
  emit: Emit;
}

type Queryable = Db | Tx;

/** How long the new-message push item stays on screen. */
const NOTIFICATION_TIMEOUT_MS = 5000;

/** The receiver sees the scam warning; the sender sees their message as they wrote it. */
export function toMessage(row: ChatMessageRow, viewerId: number): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    clientMessageId: row.clientMessageId,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    ...(row.senderId !== viewerId && row.scamWarning.length > 0 && { scamWarning: row.scamWarning }),
  };
}

/** The caller's side of a conversation; NOT_FOUND for anyone else (the id says nothing to strangers). */
async function membership(db: Queryable, conversationId: number, userId: number) {
  const [member] = await db
    .select({ peerId: chatMembers.peerId, lastReadMessageId: chatMembers.lastReadMessageId })
    .from(chatMembers)
    .where(and(eq(chatMembers.conversationId, conversationId), eq(chatMembers.userId, userId)))
    .limit(1);
  if (!member) throw new AppError('NOT_FOUND');
  return member;
}

// --- Conversations -----------------------------------------------------------------------------------

const peerMember = alias(chatMembers, 'peer_member');

/** Messages from the peer after the caller's read mark, per conversation row of chat_members. */
const unreadCount = sql<number>`(
  select count(*)::int from ${chatMessages}
  where ${chatMessages.conversationId} = ${chatMembers.conversationId}
    and ${chatMessages.senderId} = ${chatMembers.peerId}
    and ${chatMessages.id} > ${chatMembers.lastReadMessageId}
)`;

async function conversationRows(
  db: Queryable,
  userId: number,
  filter: { id: number } | ConversationListQuery,
): Promise<Conversation[]> {
  const base = db
    .select({
      id: conversations.id,
      createdAt: conversations.createdAt,
      lastMessageId: conversations.lastMessageId,
      lastReadMessageId: chatMembers.lastReadMessageId,
      peerLastReadMessageId: peerMember.lastReadMessageId,
      unread: unreadCount,
      peer: peerColumns,
    })
    .from(chatMembers)
    .innerJoin(conversations, eq(conversations.id, chatMembers.conversationId))
    .innerJoin(
      peerMember,
      and(eq(peerMember.conversationId, chatMembers.conversationId), eq(peerMember.userId, chatMembers.peerId)),
    )
    .innerJoin(users, eq(users.id, chatMembers.peerId));
  const rows =
    'id' in filter
      ? await base.where(and(eq(chatMembers.userId, userId), eq(conversations.id, filter.id)))
      : await base
          .where(and(eq(chatMembers.userId, userId), isNotNull(conversations.lastMessageId)))
          .orderBy(sql`${conversations.lastMessageAt} desc nulls last`, desc(conversations.id))
          .limit(filter.limit)
          .offset(filter.offset);
  if (!rows.length) return [];

  const lastIds = rows.map((r) => r.lastMessageId).filter((id): id is number => id !== null);
  const [lastMessages, blocked] = await Promise.all([
    lastIds.length ? db.select().from(chatMessages).where(inArray(chatMessages.id, lastIds)) : Promise.resolve([]),
    blockedIds(db, userId),
  ]);
  const byId = new Map(lastMessages.map((m) => [m.id, m]));
  const blockedSet = new Set(blocked);
  return rows.map((row) => {
    const last = row.lastMessageId === null ? undefined : byId.get(row.lastMessageId);
    return {
      id: row.id,
      peer: toPeer(row.peer),
      lastMessage: last ? toMessage(last, userId) : null,
      unread: row.unread,
      lastReadMessageId: row.lastReadMessageId,
      peerLastReadMessageId: row.peerLastReadMessageId,
      blocked: blockedSet.has(row.peer.id),
      createdAt: row.createdAt.toISOString(),
    };
  });
}

export async function getConversation(db: Queryable, userId: number, conversationId: number): Promise<Conversation> {
  const [conversation] = await conversationRows(db, userId, { id: conversationId });
  if (!conversation) throw new AppError('NOT_FOUND');
  return conversation;
}

/** The caller's conversations with at least one message, the most recently active first. */
export async function listConversations(
  db: Db,
  userId: number,
  query: ConversationListQuery,
): Promise<ConversationList> {
  const [items, totals] = await Promise.all([
    conversationRows(db, userId, query),
    db
      .select({ total: count() })
      .from(chatMembers)
      .innerJoin(conversations, eq(conversations.id, chatMembers.conversationId))
      .where(and(eq(chatMembers.userId, userId), isNotNull(conversations.lastMessageId))),
  ]);
  return { items, total: one(totals).total };
}

/**
 * The conversation of the caller and another user, created on first use. The pair is stored in
 * order and unique, so two users starting a chat with each other at once share one conversation.
 */
export async function startConversation(db: Db, userId: number, otherId: number): Promise<Conversation> {
  if (otherId === userId) throw new AppError('SELF_ACTION_NOT_ALLOWED');
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, otherId), isNull(users.deletedAt), isNull(users.blockedAt)))
    .limit(1);
  if (!other) throw new AppError('NOT_FOUND');
  if (await isBlockedEitherWay(db, userId, otherId)) throw new AppError('USER_BLOCKED');

  const [userLowId, userHighId] = userId < otherId ? [userId, otherId] : [otherId, userId];
  const conversationId = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(conversations)
      .values({ userLowId, userHighId })
      .onConflictDoNothing({ target: [conversations.userLowId, conversations.userHighId] })
      .returning({ id: conversations.id });
    if (created) {
      await tx.insert(chatMembers).values([
        { conversationId: created.id, userId: userLowId, peerId: userHighId },
        { conversationId: created.id, userId: userHighId, peerId: userLowId },
      ]);
      return created.id;
    }
    const [existing] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.userLowId, userLowId), eq(conversations.userHighId, userHighId)));
    return existing!.id;
  });
  return getConversation(db, userId, conversationId);
}

// --- Messages ----------------------------------------------------------------------------------------

async function findByClientId(db: Queryable, senderId: number, clientMessageId: string) {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.senderId, senderId), eq(chatMessages.clientMessageId, clientMessageId)))
    .limit(1);
  return row;
}

/** A retry must be the same message; the same id on another text or conversation is a client bug. */
function sameMessage(row: ChatMessageRow, conversationId: number, text: string): ChatMessageRow {
  if (row.conversationId !== conversationId || row.text !== text) throw new AppError('MESSAGE_ID_REUSED');
  return row;
}

/**
 * Stores a message once per client message id and delivers it live: to the receiver (with the
 * scam warning and a push item) and to the sender's other devices. A retry, even ten at once,
 * answers the stored message and delivers nothing again.
 */
export async function sendMessage(
  ctx: ChatContext,
  senderId: number,
  conversationId: number,
  request: SendMessageRequest,
): Promise<ChatMessage> {
  const { clientMessageId, text } = request;
  const outcome = await ctx.db.transaction(async (tx) => {
    const { peerId } = await membership(tx, conversationId, senderId);
    const earlier = await findByClientId(tx, senderId, clientMessageId);
    if (earlier) return { message: sameMessage(earlier, conversationId, text), peerId, created: false };
    if (await isBlockedEitherWay(tx, senderId, peerId)) throw new AppError('USER_BLOCKED');

    const [inserted] = await tx
      .insert(chatMessages)
      .values({ conversationId, senderId, clientMessageId, text, scamWarning: detectScam(text) })
      .onConflictDoNothing({ target: [chatMessages.senderId, chatMessages.clientMessageId] })
      .returning();
    if (!inserted) {
      // A concurrent retry committed first: its row is visible to this statement.
      const raced = await findByClientId(tx, senderId, clientMessageId);
      return { message: sameMessage(raced!, conversationId, text), peerId, created: false };
    }
    await tx
      .update(conversations)
      .set({ lastMessageId: inserted.id, lastMessageAt: inserted.createdAt })
      .where(
        and(
          eq(conversations.id, conversationId),
          or(isNull(conversations.lastMessageId), lt(conversations.lastMessageId, inserted.id)),
        ),
      );
    return { message: inserted, peerId, created: true };
  });

  const { message, peerId, created } = outcome;
  if (created) {
    const [sender] = await ctx.db.select(peerColumns).from(users).where(eq(users.id, senderId));
    ctx.emit(peerId, 'chat:message', toMessage(message, peerId));
    ctx.emit(senderId, 'chat:message', toMessage(message, senderId));
    ctx.emit(peerId, 'notification', {
      timestamp: Date.now(),
      show: true,
      text: NEW_MESSAGE_NOTIFICATION,
      values: { from: sender ? displayName(sender) : `#${senderId}`, conversationId },
      timeout: NOTIFICATION_TIMEOUT_MS,
      color: 'info',
    });
  }
  return toMessage(message, senderId);
}

/** A page of history, newest first; `before` pages back from a message id. */
export async function listMessages(
  db: Db,
  userId: number,
  conversationId: number,
  query: MessageListQuery,
): Promise<MessageList> {
  await membership(db, conversationId, userId);
  const rows = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        query.before ? lt(chatMessages.id, query.before) : undefined,
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit);
  return {
    items: items.map((row) => toMessage(row, userId)),
    nextBefore: rows.length > query.limit ? items.at(-1)!.id : null,
  };
}

// --- Unread and read receipts --------------------------------------------------------------------------

async function unreadIn(db: Queryable, userId: number, conversationId?: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(chatMessages)
    .innerJoin(
      chatMembers,
      and(eq(chatMembers.conversationId, chatMessages.conversationId), eq(chatMembers.userId, userId)),
    )
    .where(
      and(
        conversationId === undefined ? undefined : eq(chatMessages.conversationId, conversationId),
        eq(chatMessages.senderId, chatMembers.peerId),
        gt(chatMessages.id, chatMembers.lastReadMessageId),
      ),
    );
  return row?.total ?? 0;
}

/** Unread messages over all of the caller's conversations: the header badge. */
export const unreadTotal = (db: Db, userId: number) => unreadIn(db, userId);

/**
 * Marks the conversation read up to a message of it (a read mark never moves back). When it moves,
 * both participants hear 'chat:read': the sender shows the receipt, the reader's other devices
 * update their badge.
 */
export async function markRead(
  ctx: ChatContext,
  userId: number,
  conversationId: number,
  upToMessageId: number,
): Promise<ReadResult> {
  const { peerId } = await membership(ctx.db, conversationId, userId);
  const [message] = await ctx.db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, upToMessageId), eq(chatMessages.conversationId, conversationId)))
    .limit(1);
  if (!message) throw new AppError('NOT_FOUND');

  const [moved] = await ctx.db
    .update(chatMembers)
    .set({ lastReadMessageId: upToMessageId })
    .where(
      and(
        eq(chatMembers.conversationId, conversationId),
        eq(chatMembers.userId, userId),
        lt(chatMembers.lastReadMessageId, upToMessageId),
      ),
    )
    .returning({ lastReadMessageId: chatMembers.lastReadMessageId });
  const { lastReadMessageId } = moved ?? (await membership(ctx.db, conversationId, userId));
  if (moved) {
    const read = { conversationId, userId, lastReadMessageId };
    ctx.emit(peerId, 'chat:read', read);
    ctx.emit(userId, 'chat:read', read);
  }
  const [unread, total] = await Promise.all([unreadIn(ctx.db, userId, conversationId), unreadIn(ctx.db, userId)]);
  return { conversationId, lastReadMessageId, unread, total };
}
