import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { KycList, KycListQuery } from '@app/shared/schemas/kyc';
import { api } from '../../../lib/api-client';

export type KycQueueFilter = Pick<KycListQuery, 'offset' | 'limit'> &
  Partial<Pick<KycListQuery, 'status' | 'lastName'>>;

const EMPTY: KycList = { items: [], total: 0 };

/**
 * GET /api/kyc/moderate/list {offset, limit, status, lastName}, oldest submission first. SPEC.md
 * section 8: the KYC list returns an empty list on failure.
 */
export const getKycQueue = async (filter: KycQueueFilter): Promise<KycList> => {
  try {
    return await api<KycList>('/kyc/moderate/list', { query: { ...filter } });
  } catch {
    return EMPTY;
  }
};

export const getKycQueueQueryOptions = (filter: KycQueueFilter) =>
  queryOptions({ queryKey: ['kyc', 'moderate', 'list', filter], queryFn: () => getKycQueue(filter) });

/** Polled, so claims by others, new submissions and the waiting times stay current. */
export const useKycQueue = (filter: KycQueueFilter) =>
  useQuery({ ...getKycQueueQueryOptions(filter), refetchInterval: 30_000, placeholderData: keepPreviousData });
