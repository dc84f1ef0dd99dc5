import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CPA_PROGRAMME_PATHS, type CpaPartnerState } from '@app/shared/schemas/cpa-programme';
import { api } from '../../../lib/api-client';
import { getPartnerQueryOptions } from './get-partner';

/** POST /api/cpa/partner/secret: a new signing secret; the previous one keeps signing for 24 hours. */
export const rotateSecret = () => api<CpaPartnerState>(CPA_PROGRAMME_PATHS.secret, { method: 'POST' });

export function useRotateSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateSecret,
    onSuccess: (state) => queryClient.setQueryData(getPartnerQueryOptions().queryKey, state),
  });
}
