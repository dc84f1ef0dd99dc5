import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ChatMessage, ChatRead, Conversation, ConversationList, ReadResult } from '@app/shared/schemas/chat';
import type { MessagePages } from '../api/get-messages';
import { CONVERSATIONS_KEY, UNREAD_KEY, conversationKey, messagesKey } from '../api/keys';
import { listWithMessage, listWithRead, upsertMessage, withMessage, withRead } from './merge';

type ConversationPages = InfiniteData<ConversationList, number>;

/**
 * A message from anywhere (its POST answer, 'chat:message') into every cache that shows it: the
 * thread's history, the conversation and the list. A conversation the list does not know yet
 * (someone new wrote) refetches the list.
 */
export function applyMessage(queryClient: QueryClient, message: ChatMessage) {
  queryClient.setQueryData<MessagePages>(messagesKey(message.conversationId), (data) => upsertMessage(data, message));
  queryClient.setQueryData<Conversation>(conversationKey(message.conversationId), (c) =>
    c ? withMessage(c, message) : c,
  );
  const list = queryClient.getQueryData<ConversationPages>(CONVERSATIONS_KEY);
  if (!list) return;
  const next = listWithMessage(list, message);
  if (next) queryClient.setQueryData(CONVERSATIONS_KEY, next);
  else void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
}

/** A read receipt ('chat:read'): the peer's moves my ticks; mine (another tab) clears my unread. */
export function applyRead(queryClient: QueryClient, read: ChatRead) {
  queryClient.setQueryData<Conversation>(conversationKey(read.conversationId), (c) => (c ? withRead(c, read) : c));
  queryClient.setQueryData<ConversationPages>(CONVERSATIONS_KEY, (data) => listWithRead(data, read));
}

/** The answer to my own read: the badge total and the conversation's count are the server's. */
export function applyReadResult(queryClient: QueryClient, result: ReadResult) {
  const setUnread = (c: Conversation) =>
    c.id === result.conversationId
      ? { ...c, unread: result.unread, lastReadMessageId: Math.max(c.lastReadMessageId, result.lastReadMessageId) }
      : c;
  queryClient.setQueryData<Conversation>(conversationKey(result.conversationId), (c) => (c ? setUnread(c) : c));
  queryClient.setQueryData<ConversationPages>(CONVERSATIONS_KEY, (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map(setUnread) })) } : data,
  );
  queryClient.setQueryData(UNREAD_KEY, { total: result.total });
}
