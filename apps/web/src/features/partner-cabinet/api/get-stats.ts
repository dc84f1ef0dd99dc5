import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CPA_PROGRAMME_PATHS, type CpaPeriod, type CpaStats } from '@app/shared/schemas/cpa-programme';
import { api } from '../../../lib/api-client';

export const getStats = (period: CpaPeriod) => api<CpaStats>(CPA_PROGRAMME_PATHS.stats, { query: { period } });

export const getStatsQueryOptions = (period: CpaPeriod) =>
  queryOptions({ queryKey: ['cpa', 'stats', period], queryFn: () => getStats(period), staleTime: 15_000 });

/** Hits, regs, value, profit and paid per link and per day over the period. */
export const useStats = (period: CpaPeriod) =>
  useQuery({ ...getStatsQueryOptions(period), placeholderData: keepPreviousData });
