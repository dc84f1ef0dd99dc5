import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ConversationList } from '@app/shared/schemas/chat';
import { api } from '../../../lib/api-client';
import { CONVERSATIONS_KEY } from './keys';

/** Conversations per page of the list; the next page loads when the list is scrolled to its end. */
export const CONVERSATION_PAGE_SIZE = 30;

export const getConversations = (offset: number) =>
  api<ConversationList>('/chat/conversations', { query: { offset, limit: CONVERSATION_PAGE_SIZE } });

export const getConversationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: CONVERSATIONS_KEY,
    queryFn: ({ pageParam }) => getConversations(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.items.length, 0);
      return last.items.length === CONVERSATION_PAGE_SIZE && loaded < last.total ? loaded : undefined;
    },
    staleTime: 30_000,
  });

/** The caller's conversations with messages, the most recent first; kept live by useChatEvents. */
export const useConversations = () => useInfiniteQuery(getConversationsQueryOptions());
