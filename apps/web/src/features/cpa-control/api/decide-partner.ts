import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { CPA_PROGRAMME_PATHS, type cpaDecisionSchema } from '@app/shared/schemas/cpa-programme';
import { api } from '../../../lib/api-client';
import { getPartnersQueryOptions } from './get-partners';

export type PartnerDecision = z.infer<typeof cpaDecisionSchema>;

/** POST /api/cpa/partners/{userId}/decision: approve, or reject with a reason the applicant reads. */
export const decidePartner = ({ userId, decision }: { userId: number; decision: PartnerDecision }) =>
  api<{ ok: true }>(CPA_PROGRAMME_PATHS.decide(userId), { method: 'POST', body: decision });

export function useDecidePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decidePartner,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getPartnersQueryOptions().queryKey }),
  });
}
