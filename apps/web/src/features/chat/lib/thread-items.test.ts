import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@app/shared/schemas/chat';
import type { OutboxItem } from './outbox';
import { buildThreadItems } from './thread-items';

const ME = 1;
const PEER = 2;
const at = (day: number, minute: number) => new Date(2025, 0, day, 12, minute).toISOString();

const message = (id: number, senderId: number, createdAt: string, clientMessageId = `c${id}`): ChatMessage => ({
  id,
  conversationId: 10,
  senderId,
  clientMessageId,
  text: `m${id}`,
  createdAt,
});
const pending = (clientMessageId: string, createdAt: string, status: OutboxItem['status'] = 'sending'): OutboxItem => ({
  clientMessageId,
  conversationId: 10,
  text: 'p',
  createdAt,
  status,
});

const kinds = (items: ReturnType<typeof buildThreadItems>) =>
  items.map((i) =>
    i.kind === 'message'
      ? `${i.mine ? 'me' : 'peer'}${i.message.id}${i.first ? '<' : ''}${i.last ? '>' : ''}`
      : i.kind === 'pending'
        ? `pending:${i.item.status}`
        : i.kind,
  );

describe('the thread’s items', () => {
  it('separates days, groups runs of one sender and marks where unread messages start', () => {
    const items = buildThreadItems({
      messages: [
        message(1, PEER, at(1, 0)),
        message(2, PEER, at(1, 1)),
        message(3, ME, at(1, 2)),
        message(4, PEER, at(2, 0)),
        message(5, PEER, at(2, 1)),
      ],
      pending: [],
      peerId: PEER,
      peerLastReadMessageId: 0,
      firstUnreadId: 5,
    });
    expect(kinds(items)).toEqual(['day', 'peer1<', 'peer2>', 'me3<>', 'day', 'peer4<>', 'unread', 'peer5<>']);
  });

  it('shows my message read up to the peer’s mark', () => {
    const items = buildThreadItems({
      messages: [message(1, ME, at(1, 0)), message(2, ME, at(1, 1))],
      pending: [],
      peerId: PEER,
      peerLastReadMessageId: 1,
      firstUnreadId: null,
    });
    expect(items.filter((i) => i.kind === 'message').map((i) => i.kind === 'message' && i.read)).toEqual([true, false]);
  });

  it('shows an outbox message after the stored ones, and only until the server holds it', () => {
    const stored = message(1, ME, at(1, 0), 'uuid-1');
    const waiting = buildThreadItems({
      messages: [],
      pending: [pending('uuid-1', at(1, 0))],
      peerId: PEER,
      peerLastReadMessageId: 0,
      firstUnreadId: null,
    });
    const done = buildThreadItems({
      messages: [stored],
      pending: [pending('uuid-1', at(1, 0))],
      peerId: PEER,
      peerLastReadMessageId: 0,
      firstUnreadId: null,
    });
    expect(kinds(waiting)).toEqual(['day', 'pending:sending']);
    expect(kinds(done)).toEqual(['day', 'me1<>']);
    // The bubble keeps its key from pending to stored, so it is not drawn anew.
    expect(waiting[1]!.key).toBe(done[1]!.key);
  });

  it('keeps a failed message visible with its state', () => {
    const items = buildThreadItems({
      messages: [message(1, PEER, at(1, 0))],
      pending: [pending('x', at(1, 1), 'failed')],
      peerId: PEER,
      peerLastReadMessageId: 0,
      firstUnreadId: null,
    });
    expect(kinds(items)).toEqual(['day', 'peer1<>', 'pending:failed']);
  });
});
