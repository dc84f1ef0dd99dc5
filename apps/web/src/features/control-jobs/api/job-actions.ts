import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OPERATIONS_PATHS, type JobAction, type RetryingStepKind } from '@app/shared/schemas/operations';
import { api } from '../../../lib/api-client';
import { getOperationsQueryOptions } from './get-operations';

export type JobActionKind = 'retry' | 'discard';

/** POST /api/control/jobs/{id}/retry or /discard, with the admin's reason for the audit log. */
export const actOnJob = ({ id, kind, body }: { id: string; kind: JobActionKind; body: JobAction }) =>
  api<{ ok: true }>(OPERATIONS_PATHS[kind](id), { method: 'POST', body });

export function useJobAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actOnJob,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getOperationsQueryOptions().queryKey }),
  });
}

/** POST /api/control/jobs/chain/{kind}/{refId}/retry: a retrying or parked worker row tries now. */
export const retryChainStep = ({ kind, refId, body }: { kind: RetryingStepKind; refId: number; body: JobAction }) =>
  api<{ ok: true }>(OPERATIONS_PATHS.retryStep(kind, refId), { method: 'POST', body });

export function useRetryChainStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryChainStep,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getOperationsQueryOptions().queryKey }),
  });
}
