import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyHandState } from '@app/shared/schemas/meet';
import { api } from '../../../lib/api-client';
import { getMyHandQueryOptions } from './get-my-hand';

export const lowerHand = () => api<MyHandState>('/meet/hand', { method: 'DELETE' });

/** Lowers the hand: the status bar goes at once, and back only if the server refuses. */
export function useLowerHand() {
  const queryClient = useQueryClient();
  const key = getMyHandQueryOptions().queryKey;
  return useMutation({
    mutationFn: lowerHand,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      if (before) queryClient.setQueryData(key, { ...before, hand: null });
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (state) => queryClient.setQueryData(key, state),
  });
}
