import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CPA_PROGRAMME_PATHS, type CpaSettings } from '@app/shared/schemas/cpa-programme';
import { api } from '../../../lib/api-client';

/** The settings as the admin form edits them: payouts as typed decimals, hours as whole numbers. */
export interface SettingsInput {
  payouts: { purchase: string; first_meet: string; fill_profile: string };
  windowHours: number;
  holdHours: number;
}

export const getProgrammeSettings = () => api<CpaSettings>(CPA_PROGRAMME_PATHS.settings);

export const getProgrammeSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['cpa', 'settings'], queryFn: getProgrammeSettings });

export const useProgrammeSettings = () => useQuery(getProgrammeSettingsQueryOptions());

/** PUT /api/cpa/settings (admins): payouts per action, the attribution window and the holding period. */
export const saveProgrammeSettings = (input: SettingsInput) =>
  api<CpaSettings>(CPA_PROGRAMME_PATHS.settings, { method: 'PUT', body: input });

export function useSaveProgrammeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProgrammeSettings,
    onSuccess: (settings) => queryClient.setQueryData(getProgrammeSettingsQueryOptions().queryKey, settings),
  });
}
