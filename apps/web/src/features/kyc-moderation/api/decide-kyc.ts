import { useMutation } from '@tanstack/react-query';
import type { KycDecisionRequest, KycDetail } from '@app/shared/schemas/kyc';
import { ApiError, api } from '../../../lib/api-client';
import { useModerationUpdate } from './use-moderation-update';

/**
 * PATCH /api/kyc/moderate/{id} {status, moderatorComment, maxNftType, reasonCode, internalNote,
 * version}: a decision on the version the moderator saw; another's earlier decision makes it a
 * KYC_VERSION_CONFLICT.
 */
export const decideKyc = ({ id, decision }: { id: number; decision: KycDecisionRequest }) =>
  api<KycDetail>(`/kyc/moderate/${id}`, { method: 'PATCH', body: decision });

export function useDecideKyc() {
  const update = useModerationUpdate();
  return useMutation({
    mutationFn: decideKyc,
    onSuccess: (detail) => update.applied(detail),
    onError: (error, { id }) => {
      if (error instanceof ApiError && error.status === 409) void update.stale(id);
    },
  });
}
