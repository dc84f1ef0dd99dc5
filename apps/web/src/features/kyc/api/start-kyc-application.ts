import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KycApplication, KycLevel } from '@app/shared/schemas/kyc';
import { api } from '../../../lib/api-client';
import { getKycApplicationQueryOptions } from './get-kyc-application';

/** POST /api/kyc/application: starts an application (or a new attempt after a rejection). */
export const startKycApplication = (level?: KycLevel) =>
  api<KycApplication>('/kyc/application', { method: 'POST', body: level ? { level } : {} });

export function useStartKycApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startKycApplication,
    onSuccess: (application) => queryClient.setQueryData(getKycApplicationQueryOptions().queryKey, application),
  });
}
