import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyHandState, RaiseHandRequest } from '@app/shared/schemas/meet';
import { api } from '../../../lib/api-client';
import { getMyHandQueryOptions } from './get-my-hand';

export const raiseHand = (body: RaiseHandRequest) => api<MyHandState>('/meet/hand', { method: 'PUT', body });

/** Raises the caller's hand, or changes its mood, note or duration (counted again from now). */
export function useRaiseHand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: raiseHand,
    onSuccess: (state) => queryClient.setQueryData(getMyHandQueryOptions().queryKey, state),
  });
}
