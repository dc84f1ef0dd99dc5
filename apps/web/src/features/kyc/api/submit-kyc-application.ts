import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KycApplication } from '@app/shared/schemas/kyc';
import { api } from '../../../lib/api-client';
import { getKycApplicationQueryOptions } from './get-kyc-application';

/** POST /api/kyc/application/submit: both photos go to a moderator; the version stops a stale screen. */
export const submitKycApplication = (version: number) =>
  api<KycApplication>('/kyc/application/submit', { method: 'POST', body: { version } });

export function useSubmitKycApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitKycApplication,
    onSuccess: (application) => queryClient.setQueryData(getKycApplicationQueryOptions().queryKey, application),
    onError: () => queryClient.invalidateQueries({ queryKey: getKycApplicationQueryOptions().queryKey }),
  });
}
