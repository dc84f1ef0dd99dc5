import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CPA_PROGRAMME_PATHS, type CpaApplication, type CpaPartnerState } from '@app/shared/schemas/cpa-programme';
import { api } from '../../../lib/api-client';
import { getPartnerQueryOptions } from './get-partner';

/** POST /api/cpa/partner: applies (again after a rejection); answers the new standing. */
export const applyAsPartner = (application: CpaApplication) =>
  api<CpaPartnerState>(CPA_PROGRAMME_PATHS.partner, { method: 'POST', body: application });

export function useApply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyAsPartner,
    onSuccess: (state) => queryClient.setQueryData(getPartnerQueryOptions().queryKey, state),
  });
}
