import { describe, expect, it } from 'vitest';
import type { ChatMessage, Conversation, ConversationList, MessageList } from '@app/shared/schemas/chat';
import type { InfiniteData } from '@tanstack/react-query';
import {
  conversationsOf,
  listWithMessage,
  listWithRead,
  messagesAscending,
  upsertMessage,
  withMessage,
  withRead,
} from './merge';

const ME = 1;
const PEER = 2;

const message = (id: number, senderId = PEER, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  conversationId: 10,
  senderId,
  clientMessageId: `c-${senderId}-${id}`,
  text: `text ${id}`,
  createdAt: new Date(Date.UTC(2025, 0, 1, 12, id)).toISOString(),
  ...extra,
});

const pages = (...lists: MessageList[]): InfiniteData<MessageList, number | undefined> => ({
  pages: lists,
  pageParams: lists.map((_, i) => (i === 0 ? undefined : i)),
});

const conversation = (id: number, extra: Partial<Conversation> = {}): Conversation => ({
  id,
  peer: { id: PEER + id, domain: `p${id}`, firstName: null, lastName: null, avatar: null, verified: false },
  lastMessage: null,
  unread: 0,
  lastReadMessageId: 0,
  peerLastReadMessageId: 0,
  blocked: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  ...extra,
});

describe('messages in the history cache', () => {
  it('adds a new message on top of the newest page and keeps newest first', () => {
    const data = pages({ items: [message(5), message(4)], nextBefore: 4 }, { items: [message(3)], nextBefore: null });
    const next = upsertMessage(data, message(6, ME))!;
    expect(next.pages[0]!.items.map((m) => m.id)).toEqual([6, 5, 4]);
    expect(next.pages[1]).toBe(data.pages[1]);
  });

  it('never doubles a message that arrives again, by id or by the sender’s client id', () => {
    const data = pages({ items: [message(5), message(4, ME)], nextBefore: null });
    expect(messagesAscending(upsertMessage(data, message(5))).map((m) => m.id)).toEqual([4, 5]);
    // The POST answer and the socket copy of my message: same clientMessageId, one message.
    const again = upsertMessage(data, { ...message(4, ME), text: 'text 4' })!;
    expect(messagesAscending(again)).toHaveLength(2);
  });

  it('leaves an older message to the page that holds it', () => {
    const data = pages({ items: [message(9), message(8)], nextBefore: 8 });
    expect(upsertMessage(data, message(3))).toBe(data);
  });

  it('does nothing while the history is not loaded', () => {
    expect(upsertMessage(undefined, message(1))).toBeUndefined();
  });

  it('reads the pages oldest first without doubles', () => {
    const data = pages(
      { items: [message(3), message(2)], nextBefore: 2 },
      { items: [message(2), message(1)], nextBefore: null },
    );
    expect(messagesAscending(data).map((m) => m.id)).toEqual([1, 2, 3]);
  });
});

describe('a conversation after events', () => {
  const c = conversation(1, {
    peer: { id: PEER, domain: 'anna', firstName: null, lastName: null, avatar: null, verified: false },
  });

  it('counts a new message of the peer as unread once, and mine not at all', () => {
    const once = withMessage(c, message(5));
    expect(once.unread).toBe(1);
    expect(withMessage(once, message(5)).unread).toBe(1);
    expect(withMessage(once, message(6, ME)).unread).toBe(1);
    expect(withMessage(once, message(6, ME)).lastMessage?.id).toBe(6);
  });

  it('moves my ticks on the peer’s read and clears my unread on mine, never backwards', () => {
    const withTwo = withMessage(withMessage(c, message(5)), message(6));
    expect(withRead(withTwo, { conversationId: 1, userId: PEER, lastReadMessageId: 4 }).peerLastReadMessageId).toBe(4);
    const read = withRead(withTwo, { conversationId: 1, userId: ME, lastReadMessageId: 6 });
    expect(read).toMatchObject({ lastReadMessageId: 6, unread: 0 });
    expect(withRead(read, { conversationId: 1, userId: ME, lastReadMessageId: 2 }).lastReadMessageId).toBe(6);
    expect(withRead(withTwo, { conversationId: 99, userId: ME, lastReadMessageId: 6 })).toBe(withTwo);
  });
});

describe('the conversation list after events', () => {
  const list = (...items: Conversation[]): InfiniteData<ConversationList, number> => ({
    pages: [{ items, total: items.length }],
    pageParams: [0],
  });

  it('moves the conversation of a new message to the top', () => {
    const a = conversation(1);
    const b = conversation(10, {
      id: 10,
      peer: { id: PEER, domain: 'b', firstName: null, lastName: null, avatar: null, verified: false },
    });
    const next = listWithMessage(list(a, b), message(7))!;
    expect(conversationsOf(next).map((c) => c.id)).toEqual([10, 1]);
    expect(conversationsOf(next)[0]).toMatchObject({ unread: 1, lastMessage: { id: 7 } });
  });

  it('answers undefined for a conversation it does not hold (the caller refetches)', () => {
    expect(listWithMessage(list(conversation(1)), message(7))).toBeUndefined();
  });

  it('applies a read receipt to the conversation it names', () => {
    const next = listWithRead(list(conversation(10)), { conversationId: 10, userId: PEER + 10, lastReadMessageId: 3 })!;
    expect(conversationsOf(next)[0]!.peerLastReadMessageId).toBe(3);
  });
});
