import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { MessageList } from '@app/shared/schemas/chat';
import { api } from '../../../lib/api-client';
import { messagesKey } from './keys';

export const getMessages = (conversationId: number, before?: number) =>
  api<MessageList>(`/chat/conversations/${conversationId}/messages`, { query: { before } });

export type MessagePages = InfiniteData<MessageList, number | undefined>;

/** History newest first: page 0 is the latest messages, each next page is older (?before=). */
export const getMessagesQueryOptions = (conversationId: number) =>
  infiniteQueryOptions({
    queryKey: messagesKey(conversationId),
    queryFn: ({ pageParam }) => getMessages(conversationId, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    staleTime: 30_000,
  });

export const useMessages = (conversationId: number) => useInfiniteQuery(getMessagesQueryOptions(conversationId));
