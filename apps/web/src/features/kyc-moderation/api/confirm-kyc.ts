import { useMutation } from '@tanstack/react-query';
import type { KycDetail } from '@app/shared/schemas/kyc';
import { ApiError, api } from '../../../lib/api-client';
import { useModerationUpdate } from './use-moderation-update';

/** POST /api/kyc/moderate/{id}/confirm {confirm, version}: the second pair of eyes on a final rejection or a revocation. */
export const confirmKyc = ({ id, confirm, version }: { id: number; confirm: boolean; version: number }) =>
  api<KycDetail>(`/kyc/moderate/${id}/confirm`, { method: 'POST', body: { confirm, version } });

export function useConfirmKyc() {
  const update = useModerationUpdate();
  return useMutation({
    mutationFn: confirmKyc,
    onSuccess: (detail) => update.applied(detail),
    onError: (error, { id }) => {
      if (error instanceof ApiError && error.status === 409) void update.stale(id);
    },
  });
}
