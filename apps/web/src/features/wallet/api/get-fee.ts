import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Fee } from '@app/shared/schemas/crypto';
import { api } from '../../../lib/api-client';

export const getFee = () => api<Fee>('/crypto/fee');

export const getFeeQueryOptions = () =>
  queryOptions({ queryKey: ['crypto', 'fee'], queryFn: getFee, staleTime: 30_000, refetchInterval: 60_000 });

/** What one USDT transfer costs in BNB at the current gas price. */
export const useFee = () => useQuery(getFeeQueryOptions());
