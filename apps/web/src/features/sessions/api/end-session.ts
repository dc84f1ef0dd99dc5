import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SESSION_PATHS } from '@app/shared/schemas/sessions';
import { api } from '../../../lib/api-client';
import { getSessionsQueryOptions } from './get-sessions';

export const endSession = (id: string) => api<{ ok: true }>(SESSION_PATHS.one(id), { method: 'DELETE' });

/** Ends one other session: that device is signed out at once. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey }),
  });
}
