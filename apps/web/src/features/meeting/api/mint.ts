import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MintResult } from '@app/shared/schemas/meet';
import { api } from '../../../lib/api-client';
import { getMeetingQueryOptions } from './get-meeting';

export const mint = (userId: number) => api<MintResult>('/crypto/nft/mint', { method: 'PATCH', body: { userId } });

/**
 * PATCH /crypto/nft/mint (SPEC.md section 7) with the user met. The draw happens on the server;
 * the view refreshes after it, since requirements (the pair has minted) change with the result.
 */
export function useMint(peerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => mint(peerId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: getMeetingQueryOptions(peerId).queryKey }),
  });
}
