import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CPA_PATHS } from '@app/shared/schemas/cpa-paths';
import { api } from '../../../lib/api-client';
import { getLinksQueryOptions } from './get-links';

export const deleteLink = (id: number) => api<{ ok: true }>(CPA_PATHS.link(id), { method: 'DELETE' });

export function useDeleteLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLink,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getLinksQueryOptions().queryKey }),
  });
}
