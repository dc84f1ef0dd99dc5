import type { ChatMessage } from '@app/shared/schemas/chat';
import type { OutboxItem } from './outbox';
import { sameDay } from './format';

/** Messages of one sender closer than this in time are drawn as one group (one tail, tighter). */
const GROUP_GAP_MS = 5 * 60_000;

interface Position {
  /** The first and last bubble of a run of one sender: spacing and the bubble's tail. */
  first: boolean;
  last: boolean;
}

export type ThreadItem =
  | { kind: 'day'; key: string; date: Date }
  | { kind: 'unread'; key: 'unread' }
  | ({ kind: 'message'; key: string; message: ChatMessage; mine: boolean; read: boolean } & Position)
  | ({ kind: 'pending'; key: string; item: OutboxItem } & Position);

interface Entry {
  key: string;
  mine: boolean;
  /** The stored id of a message from the peer (where the unread line may go). */
  peerMessageId?: number;
  at: Date;
  build: (position: Position) => ThreadItem;
}

/**
 * What the thread draws, oldest first: the stored messages, then what is still in the outbox (a
 * pending message the server already holds is dropped: it is shown once, as the stored one), with
 * a separator at each new day and an "unread" line above the first message not read on opening.
 * A message keeps its key from pending to stored, so its bubble is not drawn anew.
 */
export function buildThreadItems(options: {
  messages: ChatMessage[];
  pending: OutboxItem[];
  peerId: number;
  peerLastReadMessageId: number;
  /** The first unread message when the conversation was opened; null for none. */
  firstUnreadId: number | null;
}): ThreadItem[] {
  const { messages, pending, peerId, peerLastReadMessageId, firstUnreadId } = options;
  const stored = new Set(messages.filter((m) => m.senderId !== peerId).map((m) => m.clientMessageId));
  const entries: Entry[] = [
    ...messages.map((message): Entry => {
      const mine = message.senderId !== peerId;
      return {
        key: mine ? `mine:${message.clientMessageId}` : `peer:${message.id}`,
        mine,
        peerMessageId: mine ? undefined : message.id,
        at: new Date(message.createdAt),
        build: (position) => ({
          kind: 'message',
          key: mine ? `mine:${message.clientMessageId}` : `peer:${message.id}`,
          message,
          mine,
          read: mine && message.id <= peerLastReadMessageId,
          ...position,
        }),
      };
    }),
    ...pending
      .filter((item) => !stored.has(item.clientMessageId))
      .map((item): Entry => ({
        key: `mine:${item.clientMessageId}`,
        mine: true,
        at: new Date(item.createdAt),
        build: (position) => ({ kind: 'pending', key: `mine:${item.clientMessageId}`, item, ...position }),
      })),
  ];

  const items: ThreadItem[] = [];
  entries.forEach((entry, i) => {
    const previous = entries[i - 1];
    const next = entries[i + 1];
    if (!previous || !sameDay(previous.at, entry.at))
      items.push({ kind: 'day', key: `day:${entry.at.toDateString()}`, date: entry.at });
    const unreadHere = firstUnreadId !== null && entry.peerMessageId === firstUnreadId;
    if (unreadHere) items.push({ kind: 'unread', key: 'unread' });
    const joins = (a: Entry | undefined, b: Entry | undefined) =>
      !!a &&
      !!b &&
      a.mine === b.mine &&
      sameDay(a.at, b.at) &&
      Math.abs(b.at.getTime() - a.at.getTime()) <= GROUP_GAP_MS;
    const nextStartsUnread = firstUnreadId !== null && next?.peerMessageId === firstUnreadId;
    items.push(
      entry.build({ first: unreadHere || !joins(previous, entry), last: nextStartsUnread || !joins(entry, next) }),
    );
  });
  return items;
}
