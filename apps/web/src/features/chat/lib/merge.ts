import type { InfiniteData } from '@tanstack/react-query';
import type { ChatMessage, ChatRead, Conversation, ConversationList, MessageList } from '@app/shared/schemas/chat';

/**
 * Pure cache updates for the chat. A message can reach the client three ways (the answer to its
 * POST, 'chat:message', a refetch) and a retry may answer one already shown: everything merges by
 * server id and by the sender's clientMessageId, so a message is never shown twice.
 */

// The page parameter does not matter here; the hooks type it as unknown, the options as numbers.
type MessagePages = InfiniteData<MessageList, unknown>;
type ConversationPages = InfiniteData<ConversationList, unknown>;

const sameMessage = (a: ChatMessage, b: ChatMessage) =>
  a.id === b.id || (a.senderId === b.senderId && a.clientMessageId === b.clientMessageId);

/** Puts a message into the loaded history: replaces its copy, or adds it in id order (newest first). */
export function upsertMessage<T extends MessagePages>(data: T | undefined, message: ChatMessage): T | undefined {
  if (!data) return data;
  let replaced = false;
  const pages = data.pages.map((page) => {
    if (!page.items.some((m) => sameMessage(m, message))) return page;
    replaced = true;
    return { ...page, items: page.items.map((m) => (sameMessage(m, message) ? message : m)) };
  });
  if (replaced) return { ...data, pages };
  const [first, ...rest] = pages;
  if (!first) return { ...data, pages: [{ items: [message], nextBefore: null }] };
  // Older than everything on the first page: it belongs to a page not loaded yet, or a refetch brings it.
  const oldest = first.items.at(-1);
  if (oldest && message.id < oldest.id && first.nextBefore !== null) return data;
  const items = [...first.items, message].sort((a, b) => b.id - a.id);
  return { ...data, pages: [{ ...first, items }, ...rest] };
}

/** The loaded history oldest first, without doubles. */
export function messagesAscending(data: MessagePages | undefined): ChatMessage[] {
  if (!data) return [];
  const byId = new Map<number, ChatMessage>();
  for (const page of data.pages) for (const m of page.items) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** A conversation after a new message: its last message, and one more unread when it is the peer's. */
export function withMessage(conversation: Conversation, message: ChatMessage): Conversation {
  const last = conversation.lastMessage;
  if (last && last.id >= message.id) {
    // Already counted; only a copy of the same message (e.g. the server's answer) replaces it.
    return last.id === message.id ? { ...conversation, lastMessage: message } : conversation;
  }
  const fromPeer = message.senderId === conversation.peer.id;
  const unread =
    fromPeer && message.id > conversation.lastReadMessageId ? conversation.unread + 1 : conversation.unread;
  return { ...conversation, lastMessage: message, unread };
}

/** A conversation after a read receipt: the peer's mark (my ticks) or mine (my unread count). */
export function withRead(conversation: Conversation, read: ChatRead): Conversation {
  if (read.conversationId !== conversation.id) return conversation;
  if (read.userId === conversation.peer.id) {
    return {
      ...conversation,
      peerLastReadMessageId: Math.max(conversation.peerLastReadMessageId, read.lastReadMessageId),
    };
  }
  const lastReadMessageId = Math.max(conversation.lastReadMessageId, read.lastReadMessageId);
  const readAll = !conversation.lastMessage || lastReadMessageId >= conversation.lastMessage.id;
  return { ...conversation, lastReadMessageId, unread: readAll ? 0 : conversation.unread };
}

/**
 * The list after a new message: the conversation moves to the top. Undefined when the message
 * belongs to a conversation the list does not hold (a new one): the caller refetches the list.
 */
export function listWithMessage<T extends ConversationPages>(data: T | undefined, message: ChatMessage): T | undefined {
  if (!data) return data;
  const found = data.pages.flatMap((p) => p.items).find((c) => c.id === message.conversationId);
  if (!found) return undefined;
  const updated = withMessage(found, message);
  const moved = updated.lastMessage?.id === message.id;
  const pages = data.pages.map((page, index) => {
    const items = moved
      ? page.items.filter((c) => c.id !== found.id)
      : page.items.map((c) => (c.id === found.id ? updated : c));
    return moved && index === 0 ? { ...page, items: [updated, ...items] } : { ...page, items };
  });
  return { ...data, pages };
}

/** The list after a read receipt. */
export function listWithRead<T extends ConversationPages>(data: T | undefined, read: ChatRead): T | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((c) => withRead(c, read)) })) };
}

/** The list's conversations without doubles (a conversation that moved between pages while paging). */
export function conversationsOf(data: ConversationPages | undefined): Conversation[] {
  if (!data) return [];
  const seen = new Set<number>();
  return data.pages.flatMap((p) => p.items).filter((c) => (seen.has(c.id) ? false : (seen.add(c.id), true)));
}
