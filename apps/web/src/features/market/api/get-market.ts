import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Market } from '@app/shared/schemas/crypto';
import { api } from '../../../lib/api-client';

export const getMarket = () => api<Market>('/crypto/market');

export const getMarketQueryOptions = () =>
  queryOptions({ queryKey: ['crypto', 'market'], queryFn: getMarket, staleTime: 15_000 });

/** Price, stock and queue of each level, and the caller's place in it (guests get the public part). */
export const useMarket = () => useQuery(getMarketQueryOptions());
