import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Block, BlockList } from '@app/shared/schemas/chat';
import { api } from '../../../lib/api-client';
import { BLOCKS_KEY, CONVERSATIONS_KEY } from './keys';

export const getBlocks = () => api<BlockList>('/chat/blocks');
export const blockUser = (userId: number) => api<Block>(`/chat/blocks/${userId}`, { method: 'POST' });
export const unblockUser = (userId: number) => api<{ ok: true }>(`/chat/blocks/${userId}`, { method: 'DELETE' });

export const getBlocksQueryOptions = () =>
  queryOptions({ queryKey: BLOCKS_KEY, queryFn: getBlocks, staleTime: 60_000 });

/** The users the caller blocked (a conversation's `blocked` is either way; this says who did it). */
export const useBlocks = () => useQuery(getBlocksQueryOptions());

/** Block or unblock; the conversation and the lists refetch, since `blocked` changes on both. */
export function useSetBlocked(conversationKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, blocked }: { userId: number; blocked: boolean }): Promise<unknown> =>
      blocked ? blockUser(userId) : unblockUser(userId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: BLOCKS_KEY }),
        queryClient.invalidateQueries({ queryKey: conversationKey }),
        queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY }),
      ]),
  });
}
