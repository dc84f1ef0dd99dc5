import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Conversation } from '@app/shared/schemas/chat';
import { api } from '../../../lib/api-client';
import { conversationKey } from './keys';

export const getConversation = (id: number) => api<Conversation>(`/chat/conversations/${id}`);

export const getConversationQueryOptions = (id: number) =>
  queryOptions({ queryKey: conversationKey(id), queryFn: () => getConversation(id), staleTime: 30_000 });

/** One conversation: the peer, read marks and whether messaging is blocked (idle without an id). */
export const useConversation = (id: number | undefined) =>
  useQuery({ ...getConversationQueryOptions(id ?? 0), enabled: id !== undefined });
