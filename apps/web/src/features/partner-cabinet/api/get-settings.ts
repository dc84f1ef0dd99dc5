import { queryOptions, useQuery } from '@tanstack/react-query';
import { CPA_PROGRAMME_PATHS, type CpaSettings } from '@app/shared/schemas/cpa-programme';
import { api } from '../../../lib/api-client';

export const getSettings = () => api<CpaSettings>(CPA_PROGRAMME_PATHS.settings);

export const getSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['cpa', 'settings'], queryFn: getSettings, staleTime: 5 * 60_000 });

/** The payout of each reward action, the attribution window and the holding period. */
export const useSettings = (enabled = true) => useQuery({ ...getSettingsQueryOptions(), enabled });
