import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CPA_PATHS } from '@app/shared/schemas/cpa-paths';
import type { CpaLink, CpaLinkCreateInput } from '@app/shared/schemas/cpa';
import { api } from '../../../lib/api-client';
import { withoutEmptyCallback } from '../lib/without-empty-callback';
import { getLinksQueryOptions } from './get-links';

export const createLink = (input: CpaLinkCreateInput) =>
  api<CpaLink>(CPA_PATHS.links, { method: 'POST', body: withoutEmptyCallback(input) });

export function useCreateLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getLinksQueryOptions().queryKey }),
  });
}
