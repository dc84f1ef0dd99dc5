import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KycApplication } from '@app/shared/schemas/kyc';
import { api } from '../../../lib/api-client';
import { getKycApplicationQueryOptions } from './get-kyc-application';

/** POST /api/kyc/application/selfie-code: a new code; a selfie taken with the old one is dropped. */
export const renewSelfieCode = () => api<KycApplication>('/kyc/application/selfie-code', { method: 'POST' });

export function useRenewSelfieCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewSelfieCode,
    onSuccess: (application) => queryClient.setQueryData(getKycApplicationQueryOptions().queryKey, application),
  });
}
