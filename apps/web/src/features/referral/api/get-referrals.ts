import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReferralList, ReferralListQuery } from '@app/shared/schemas/referral';
import { api } from '../../../lib/api-client';

export type ReferralFilters = Omit<ReferralListQuery, 'offset' | 'limit'>;

/** The caller's referrals, or (parentId) the direct referrals of one person of their tree. */
export const getReferrals = (parentId: number | null, query: ReferralListQuery) =>
  api<ReferralList>(parentId === null ? '/referral/list' : `/referral/list/${parentId}`, {
    query: { ...query, search: query.search || undefined },
  });

export const useReferrals = (parentId: number | null, query: ReferralListQuery) =>
  useQuery({
    queryKey: ['referral', 'list', parentId, query],
    queryFn: () => getReferrals(parentId, query),
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });
