import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CPA_PROGRAMME_PATHS } from '@app/shared/schemas/cpa-programme';
import { api } from '../../../lib/api-client';
import { getPostbacksQueryOptions } from './get-postbacks';

/** POST /api/cpa/links/{id}/test: a test postback (action and status "test") to the link's callback. */
export const sendTestPostback = (linkId: number) =>
  api<{ id: string }>(CPA_PROGRAMME_PATHS.test(linkId), { method: 'POST' });

export function useTestPostback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestPostback,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getPostbacksQueryOptions().queryKey }),
  });
}
