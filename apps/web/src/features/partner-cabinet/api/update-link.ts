import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CPA_PATHS } from '@app/shared/schemas/cpa-paths';
import type { CpaLink, CpaLinkUpdateInput } from '@app/shared/schemas/cpa';
import { api } from '../../../lib/api-client';
import { getLinksQueryOptions } from './get-links';

/** An emptied callback URL is sent as null: the link keeps no callback. */
export const updateLink = ({ id, patch }: { id: number; patch: CpaLinkUpdateInput }) =>
  api<CpaLink>(CPA_PATHS.link(id), {
    method: 'PATCH',
    body: { ...patch, ...(patch.callbackUrl === '' && { callbackUrl: null }) },
  });

export function useUpdateLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getLinksQueryOptions().queryKey }),
  });
}
