import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyHandState } from '@app/shared/schemas/meet';
import { api } from '../../../lib/api-client';
import { getMyHandQueryOptions } from './get-my-hand';

export const setGhost = (ghost: boolean) => api<MyHandState>('/meet/ghost', { method: 'PUT', body: { ghost } });

/** Ghost mode on or off; the switch moves at once and back if the server refuses. */
export function useSetGhost() {
  const queryClient = useQueryClient();
  const key = getMyHandQueryOptions().queryKey;
  return useMutation({
    mutationFn: setGhost,
    onMutate: async (ghost) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      queryClient.setQueryData(key, { hand: before?.hand ?? null, ghost });
      return { before };
    },
    onError: (_error, _ghost, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (state) => queryClient.setQueryData(key, state),
  });
}
