import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CPA_PROGRAMME_PATHS } from '@app/shared/schemas/cpa-programme';
import { api } from '../../../lib/api-client';
import { getPostbacksQueryOptions } from './get-postbacks';

/** POST /api/cpa/postbacks/{id}/resend: a failed or disabled postback goes out again. */
export const resendPostback = (id: string) => api<{ ok: true }>(CPA_PROGRAMME_PATHS.resend(id), { method: 'POST' });

export function useResendPostback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendPostback,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getPostbacksQueryOptions().queryKey }),
  });
}
