import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SESSION_PATHS, type EndedSessions } from '@app/shared/schemas/sessions';
import { api } from '../../../lib/api-client';
import { getSessionsQueryOptions } from './get-sessions';

/** "Log out everywhere else": every session but this device's. */
export const endOtherSessions = () =>
  api<EndedSessions>(SESSION_PATHS.endAll, { method: 'POST', body: { keepCurrent: true } });

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey }),
  });
}
