import { useQueryClient } from '@tanstack/react-query';
import type { KycDetail } from '@app/shared/schemas/kyc';
import { getKycDetailQueryOptions } from './get-kyc-detail';

/**
 * After any moderation call: the answer becomes the detail at once, and the queue is fetched again
 * (status, claim and flags of the row changed).
 */
export function useModerationUpdate() {
  const queryClient = useQueryClient();
  return {
    applied: (detail: KycDetail) => {
      queryClient.setQueryData(getKycDetailQueryOptions(detail.id).queryKey, detail);
      return queryClient.invalidateQueries({ queryKey: ['kyc', 'moderate', 'list'] });
    },
    /** A conflict or a refusal: what is on screen is stale, fetch both again. */
    stale: (id: number) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getKycDetailQueryOptions(id).queryKey }),
        queryClient.invalidateQueries({ queryKey: ['kyc', 'moderate', 'list'] }),
      ]),
  };
}
