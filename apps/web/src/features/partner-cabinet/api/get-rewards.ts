import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  CPA_PROGRAMME_PATHS,
  type CpaConversionStatus,
  type CpaPayout,
  type CpaRewards,
} from '@app/shared/schemas/cpa-programme';
import { api } from '../../../lib/api-client';

export type RewardsFilter = { status?: CpaConversionStatus; offset: number; limit: number };
export type RewardsPage = CpaRewards & { payouts: CpaPayout[] };

export const getRewards = (filter: RewardsFilter) =>
  api<RewardsPage>(CPA_PROGRAMME_PATHS.rewards, { query: { ...filter } });

export const getRewardsQueryOptions = (filter?: RewardsFilter) =>
  queryOptions({
    queryKey: filter ? ['cpa', 'rewards', filter] : ['cpa', 'rewards'],
    queryFn: () => getRewards(filter ?? { offset: 0, limit: 20 }),
  });

/**
 * The partner's conversions, their sums by status and the payouts. Polled while any conversion
 * waits out its holding period, so an approval shows up without a reload.
 */
export const useRewards = (filter: RewardsFilter) =>
  useQuery({
    ...getRewardsQueryOptions(filter),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (Number(query.state.data?.sums.pending ?? 0) > 0 ? 5_000 : 30_000),
  });
