import { useMutation } from '@tanstack/react-query';
import type { KycDetail } from '@app/shared/schemas/kyc';
import { ApiError, api } from '../../../lib/api-client';
import { useModerationUpdate } from './use-moderation-update';

/** POST (claim) or DELETE (release) /api/kyc/moderate/{id}/claim: others see who is looking at it. */
export const claimKyc = ({ id, claim }: { id: number; claim: boolean }) =>
  api<KycDetail>(`/kyc/moderate/${id}/claim`, { method: claim ? 'POST' : 'DELETE' });

export function useClaimKyc() {
  const update = useModerationUpdate();
  return useMutation({
    mutationFn: claimKyc,
    onSuccess: (detail) => update.applied(detail),
    onError: (error, { id }) => {
      if (error instanceof ApiError && error.status === 409) void update.stale(id);
    },
  });
}
